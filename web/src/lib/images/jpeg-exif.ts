// A small reader and writer of JPEG marker segments, for the one piece of metadata a photo upload may
// keep: the Exif segment (APP1, "Exif\0\0" and a TIFF structure in either byte order). A canvas encodes
// pixels only, so everything here works on the bytes of whole JPEG files and of single segments.
//
// A segment is kept whole: marker (FF xx), two-byte length, payload. Offsets into an Exif segment count
// from its first byte; the TIFF header starts at byte 10 and its own offsets count from there.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const TIFF_START = 10; // FF E1, length (2), "Exif\0\0" (6)
const LITTLE_ENDIAN = 0x4949; // "II"
const BIG_ENDIAN = 0x4d4d; // "MM"
const TIFF_MAGIC = 42;
const SHORT = 3;

export const ORIENTATION_TAG = 0x0112;
export const GPS_IFD_TAG = 0x8825;

type Segment = { marker: number; start: number; end: number };

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Starts like a JPEG file: SOI and the next marker's FF. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === SOI && bytes[2] === 0xff;
}

/**
 * The marker segments between SOI and the image data (SOS), in file order. Stops at the first thing
 * that is not a well-formed segment, so a damaged file yields the segments before the damage.
 */
function segmentsOf(jpeg: Uint8Array): Segment[] {
  if (!isJpeg(jpeg)) return [];
  const view = viewOf(jpeg);
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && view.getUint8(at) === 0xff) {
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // a fill byte before the marker
      continue;
    }
    if (marker === SOS || marker === EOI) break;
    const end = at + 2 + view.getUint16(at + 2);
    if (end < at + 4 || end > jpeg.length) break;
    segments.push({ marker, start: at, end });
    at = end;
  }
  return segments;
}

function isExifSegment(bytes: Uint8Array, start = 0): boolean {
  return (
    bytes[start] === 0xff &&
    bytes[start + 1] === APP1 &&
    EXIF_HEADER.every((byte, index) => bytes[start + 4 + index] === byte)
  );
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A copy of the JPEG's first Exif segment (marker and length included), or null when it has none. */
export function readExifSegment(jpeg: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const segment = segmentsOf(jpeg).find(({ start }) => isExifSegment(jpeg, start));
  return segment ? jpeg.slice(segment.start, segment.end) : null;
}

/**
 * The offset of IFD0's entry for `tag` in an Exif segment, with the TIFF byte order, or null when the
 * tag is missing or the segment is not a readable TIFF structure. The whole 12-byte entry is inside the
 * segment.
 */
function findIfd0Entry(exif: Uint8Array, tag: number): { entry: number; little: boolean } | null {
  if (!isExifSegment(exif)) return null;
  try {
    const view = viewOf(exif);
    const order = view.getUint16(TIFF_START);
    if (order !== LITTLE_ENDIAN && order !== BIG_ENDIAN) return null;
    const little = order === LITTLE_ENDIAN;
    if (view.getUint16(TIFF_START + 2, little) !== TIFF_MAGIC) return null;
    const ifd0 = TIFF_START + view.getUint32(TIFF_START + 4, little);
    const count = view.getUint16(ifd0, little);
    for (let index = 0; index < count; index++) {
      const entry = ifd0 + 2 + index * 12;
      if (entry + 12 > exif.length) break;
      if (view.getUint16(entry, little) === tag) return { entry, little };
    }
  } catch {
    // An offset past the end of the segment (DataView throws a RangeError): a damaged structure.
  }
  return null;
}

/**
 * Whether the JPEG's Exif data points to a GPS IFD. A pointer counts even when the IFD behind it is
 * empty or damaged: a doubtful photo is treated as one that carries its location.
 */
export function hasGpsData(jpeg: Uint8Array): boolean {
  const exif = readExifSegment(jpeg);
  const found = exif ? findIfd0Entry(exif, GPS_IFD_TAG) : null;
  return exif !== null && found !== null && viewOf(exif).getUint32(found.entry + 8, found.little) !== 0;
}

/** The Orientation tag (1 to 8) of an Exif segment, or null when it has none. */
export function getOrientation(exif: Uint8Array): number | null {
  const found = findIfd0Entry(exif, ORIENTATION_TAG);
  return found ? viewOf(exif).getUint16(found.entry + 8, found.little) : null;
}

/**
 * A copy of an Exif segment with its Orientation tag set to `value` (1: the pixels are stored upright).
 * A segment without the tag is returned as a copy: a missing Orientation already means 1.
 */
export function setOrientation(exif: Uint8Array, value: number): Uint8Array<ArrayBuffer> {
  const copy = exif.slice();
  const found = findIfd0Entry(copy, ORIENTATION_TAG);
  const view = viewOf(copy);
  if (found && view.getUint16(found.entry + 2, found.little) === SHORT) {
    view.setUint16(found.entry + 8, value, found.little);
  }
  return copy;
}

/**
 * The JPEG without its APP1 segments: Exif and also XMP, which can carry the location too. Anything that
 * is not a JPEG is returned as a copy.
 */
export function stripExif(jpeg: Uint8Array): Uint8Array<ArrayBuffer> {
  const segments = segmentsOf(jpeg);
  if (segments.length === 0) return jpeg.slice();
  const kept = segments
    .filter(({ marker }) => marker !== APP1)
    .map(({ start, end }) => jpeg.subarray(start, end));
  const dataStart = segments[segments.length - 1]?.end ?? 2;
  return concat([jpeg.subarray(0, 2), ...kept, jpeg.subarray(dataStart)]);
}

/** The JPEG with `exif` (a whole Exif segment) right after SOI, in place of any APP1 segments it had. */
export function withExifSegment(jpeg: Uint8Array, exif: Uint8Array): Uint8Array<ArrayBuffer> {
  if (!isJpeg(jpeg)) throw new Error('Not a JPEG file');
  if (!isExifSegment(exif) || viewOf(exif).getUint16(2) + 2 !== exif.length) {
    throw new Error('Not a whole Exif segment');
  }
  const stripped = stripExif(jpeg);
  return concat([stripped.subarray(0, 2), exif, stripped.subarray(2)]);
}
