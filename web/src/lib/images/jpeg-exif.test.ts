import { describe, expect, it } from 'vitest';
import {
  getOrientation,
  hasGpsData,
  isJpeg,
  readExifSegment,
  setOrientation,
  stripExif,
  withExifSegment,
} from './jpeg-exif';

// JPEG files built byte by byte: SOI, the segments a test asks for, a quantisation table stub, the
// start of scan with a few bytes of image data, EOI. No decoder reads them; the module only needs the
// marker structure and the Exif segment's TIFF structure.

type ByteOrder = 'II' | 'MM';

/** A TIFF structure: IFD0 with a Make tag first, then Orientation and the GPS IFD pointer as asked. */
function tiff(order: ByteOrder, { orientation, gps }: { orientation?: number; gps?: boolean }): number[] {
  const little = order === 'II';
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) => {
    const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    return little ? bytes.reverse() : bytes;
  };
  const entries: number[][] = [[...u16(0x010f), ...u16(2), ...u32(4), 0x48, 0x69, 0x21, 0x00]]; // Make "Hi!"
  if (orientation !== undefined)
    entries.push([...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0]);
  const gpsIfdOffset = 8 + 2 + 12 * (entries.length + (gps ? 1 : 0)) + 4;
  if (gps) entries.push([...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsIfdOffset)]);
  const header = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8)];
  const ifd0 = [...u16(entries.length), ...entries.flat(), ...u32(0)];
  // GPSLatitudeRef "N", the one GPS tag the IFD holds.
  const gpsIfd = gps ? [...u16(1), ...u16(0x0001), ...u16(2), ...u32(2), 0x4e, 0, 0, 0, ...u32(0)] : [];
  return [...header, ...ifd0, ...gpsIfd];
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];
const exifSegment = (order: ByteOrder, tags: { orientation?: number; gps?: boolean }) =>
  segment(0xe1, [...EXIF, ...tiff(order, tags)]);
const JFIF = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const XMP = segment(0xe1, [...new TextEncoder().encode('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')]);
const DQT = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
/** Start of scan, then image data with a stuffed FF 00, then EOI. */
const SCAN = [...segment(0xda, [1, 1, 0, 0, 0x3f, 0]), 0x12, 0xff, 0x00, 0x34, 0xff, 0xd9];

const jpeg = (...segments: number[][]) => new Uint8Array([0xff, 0xd8, ...segments.flat(), ...DQT, ...SCAN]);
const bytes = (values: number[]) => new Uint8Array(values);

describe.each<ByteOrder>(['II', 'MM'])('an Exif segment in %s byte order', (order) => {
  const exif = exifSegment(order, { orientation: 6, gps: true });

  it('is read whole from the JPEG, behind JFIF and an XMP segment', () => {
    expect(readExifSegment(jpeg(JFIF, XMP, exif))).toEqual(bytes(exif));
  });

  it('gives its Orientation tag', () => {
    expect(getOrientation(bytes(exif))).toBe(6);
    expect(getOrientation(bytes(exifSegment(order, { orientation: 8 })))).toBe(8);
  });

  it('shows GPS data when IFD0 points to a GPS IFD, and none without the pointer', () => {
    expect(hasGpsData(jpeg(JFIF, exif))).toBe(true);
    expect(hasGpsData(jpeg(JFIF, exifSegment(order, { orientation: 6 })))).toBe(false);
    expect(hasGpsData(jpeg(exifSegment(order, { gps: true })))).toBe(true);
  });

  it('has its Orientation rewritten in a copy, nothing else changed', () => {
    const original = bytes(exif);
    const upright = setOrientation(original, 1);
    expect(getOrientation(upright)).toBe(1);
    expect(getOrientation(original)).toBe(6);
    const changed = [...upright.keys()].filter((index) => upright[index] !== original[index]);
    expect(changed).toHaveLength(1);
    expect(upright).toHaveLength(original.length);
    expect(hasGpsData(jpeg([...upright]))).toBe(true);
  });

  it('goes right after SOI, the rest of the file unchanged', () => {
    const withExif = withExifSegment(jpeg(JFIF), bytes(exif));
    expect(withExif).toEqual(jpeg(exif, JFIF));
    expect(hasGpsData(withExif)).toBe(true);
  });

  it('replaces the Exif segment a JPEG already had', () => {
    const replaced = withExifSegment(jpeg(JFIF, exifSegment(order, { orientation: 3 })), bytes(exif));
    expect(replaced).toEqual(jpeg(exif, JFIF));
  });

  it('is stripped with the XMP segment, every other byte kept', () => {
    const stripped = stripExif(jpeg(JFIF, exif, XMP));
    expect(stripped).toEqual(jpeg(JFIF));
    expect(readExifSegment(stripped)).toBeNull();
    expect(hasGpsData(stripped)).toBe(false);
  });
});

describe('files without Exif data', () => {
  it('have no Exif segment and no GPS data', () => {
    expect(readExifSegment(jpeg(JFIF, XMP))).toBeNull();
    expect(hasGpsData(jpeg(JFIF, XMP))).toBe(false);
  });

  it('are returned as they are by stripExif', () => {
    expect(stripExif(jpeg(JFIF))).toEqual(jpeg(JFIF));
  });

  it('are not JPEGs when they do not start with SOI', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...exifSegment('II', { gps: true })]);
    expect(isJpeg(png)).toBe(false);
    expect(isJpeg(jpeg())).toBe(true);
    expect(readExifSegment(png)).toBeNull();
    expect(hasGpsData(png)).toBe(false);
    expect(stripExif(png)).toEqual(png);
    expect(() => withExifSegment(png, bytes(exifSegment('II', {})))).toThrow('Not a JPEG');
  });

  it('do not take a segment that is not Exif, or a part of one, as an Exif segment', () => {
    expect(() => withExifSegment(jpeg(JFIF), bytes(XMP))).toThrow('Exif');
    expect(() => withExifSegment(jpeg(JFIF), bytes(exifSegment('II', {}).slice(0, -2)))).toThrow('Exif');
  });
});

describe('damaged files', () => {
  it('read no further than the start of scan', () => {
    // Bytes right after the SOS header are image data, even when they look like an Exif segment.
    const scanHeader = segment(0xda, [1, 1, 0, 0, 0x3f, 0]);
    const afterScan = bytes([
      0xff,
      0xd8,
      ...JFIF,
      ...DQT,
      ...scanHeader,
      ...exifSegment('II', { gps: true }),
      0xff,
      0xd9,
    ]);
    expect(readExifSegment(afterScan)).toBeNull();
    expect(hasGpsData(afterScan)).toBe(false);
    expect(stripExif(afterScan)).toEqual(afterScan);
  });

  it('give no GPS data and no Orientation when an IFD0 entry runs past the end of the segment', () => {
    // Make, Orientation, GPS pointer; cut inside the GPS entry, and the length set to match.
    const exif = exifSegment('MM', { orientation: 6, gps: true });
    const gpsEntry = 10 + 8 + 2 + 2 * 12;
    const cut = exif.slice(0, gpsEntry + 6);
    cut[2] = (cut.length - 2) >> 8;
    cut[3] = (cut.length - 2) & 0xff;
    expect(hasGpsData(jpeg(cut))).toBe(false);

    const orientationCut = exif.slice(0, gpsEntry - 12 + 6);
    orientationCut[2] = (orientationCut.length - 2) >> 8;
    orientationCut[3] = (orientationCut.length - 2) & 0xff;
    expect(getOrientation(bytes(orientationCut))).toBeNull();
    expect(setOrientation(bytes(orientationCut), 1)).toEqual(bytes(orientationCut));
  });

  it('stop at a segment whose length runs past the end of the file', () => {
    const cut = jpeg(JFIF, exifSegment('II', { gps: true })).slice(0, 30);
    expect(readExifSegment(cut)).toBeNull();
    expect(hasGpsData(cut)).toBe(false);
  });

  it('give no Orientation for a TIFF header with an unknown byte order', () => {
    const exif = exifSegment('MM', { orientation: 6 });
    expect(getOrientation(bytes(exif))).toBe(6);
    exif[11] = 0x58; // "MX": the rest still reads as big-endian, but nothing says it is
    expect(getOrientation(bytes(exif))).toBeNull();
  });
});
