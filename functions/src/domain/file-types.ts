// What an attachment really is. Its content type and name are the uploader's claims; its first
// bytes are what a browser or viewer will open. A file is accepted only when all three agree on
// one allowed type. The file picker checks the name and type; the server reads the bytes too.
import { ALLOWED_FILE_TYPES, type AllowedFileType } from './constants.js';

export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif' | 'pdf';

type KindRule = { contentTypes: readonly AllowedFileType[]; extensions: readonly string[] };

/**
 * Each allowed kind of file with the content types and file-name extensions that may claim it.
 * HEIC is HEIF with HEVC pictures: either type and extension may name either.
 */
export const FILE_KINDS = {
  jpeg: { contentTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  png: { contentTypes: ['image/png'], extensions: ['png'] },
  gif: { contentTypes: ['image/gif'], extensions: ['gif'] },
  webp: { contentTypes: ['image/webp'], extensions: ['webp'] },
  heif: { contentTypes: ['image/heic', 'image/heif'], extensions: ['heic', 'heif', 'hif'] },
  avif: { contentTypes: ['image/avif'], extensions: ['avif'] },
  pdf: { contentTypes: ['application/pdf'], extensions: ['pdf'] },
} as const satisfies Record<FileKind, KindRule>;

const KINDS = Object.keys(FILE_KINDS) as FileKind[];

/** How many first bytes the server reads to tell a file's kind (enough for an ftyp box's brands). */
export const FILE_HEAD_BYTES = 64;

/** The kind an allowed content type claims, or null for any other type. */
export function kindOfContentType(contentType: string): FileKind | null {
  if (!(ALLOWED_FILE_TYPES as readonly string[]).includes(contentType)) return null;
  return (
    KINDS.find((kind) => (FILE_KINDS[kind].contentTypes as readonly string[]).includes(contentType)) ?? null
  );
}

/**
 * A name's extension in lower case (`IMG_1.HEIC` -> `heic`), or null when it has none. Only
 * letters and digits with at least one letter count, so `scan 12.03.2024` and `a.b/c` have none.
 */
export function fileExtension(name: string): string | null {
  const match = /\.([a-z0-9]*[a-z][a-z0-9]*)$/i.exec(name);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Whether a name and content type may stand for an attachment: the type is allowed and the name's
 * extension, if it has one, belongs to that type (`photo.jpg` as image/png, `x.svg` or `x.html`
 * as anything are refused). Works on a Storage path as well as on a bare name.
 */
export function isAllowedFileClaim(name: string, contentType: string): boolean {
  const kind = kindOfContentType(contentType);
  if (!kind) return false;
  const extension = fileExtension(name);
  return extension === null || (FILE_KINDS[kind].extensions as readonly string[]).includes(extension);
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

function hasBytesAt(bytes: Uint8Array, offset: number, expected: readonly number[]): boolean {
  return bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
}

const textAt = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = /* @__PURE__ */ ascii('GIF87a');
const GIF89 = /* @__PURE__ */ ascii('GIF89a');
const RIFF = /* @__PURE__ */ ascii('RIFF');
const WEBP = /* @__PURE__ */ ascii('WEBP');
const PDF = /* @__PURE__ */ ascii('%PDF-');
const FTYP = /* @__PURE__ */ ascii('ftyp');

const AVIF_BRANDS = ['avif', 'avis'];
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'];
/** Brands of any HEIF image: the compatible brands then say whether it is AVIF. */
const GENERIC_HEIF_BRANDS = ['mif1', 'msf1', 'mif2'];

/**
 * The brands of an ISO media file's leading `ftyp` box: the major brand first, then the
 * compatible brands that fit in `bytes`. Null when the file does not start with an ftyp box.
 */
function isoBrands(bytes: Uint8Array): string[] | null {
  if (!hasBytesAt(bytes, 4, FTYP) || bytes.length < 12) return null;
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  if (boxSize < 16) return null;
  const brands = [textAt(bytes, 8, 4)];
  const end = Math.min(boxSize, bytes.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(textAt(bytes, offset, 4));
  return brands;
}

function isoKind(bytes: Uint8Array): FileKind | null {
  const brands = isoBrands(bytes);
  const major = brands?.[0];
  if (!brands || major === undefined) return null;
  if (AVIF_BRANDS.includes(major)) return 'avif';
  if (HEIC_BRANDS.includes(major)) return 'heif';
  if (!GENERIC_HEIF_BRANDS.includes(major)) return null;
  return brands.some((brand) => AVIF_BRANDS.includes(brand)) ? 'avif' : 'heif';
}

/**
 * The allowed kind a file's first bytes show (its magic number), or null for anything else:
 * JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, GIF `GIF87a`/`GIF89a`, WebP `RIFF`....`WEBP`, PDF
 * `%PDF-`, HEIC/HEIF and AVIF an `ftyp` box with their brands. An SVG, HTML page, video or
 * program is null, whatever it is called.
 */
export function sniffFileType(bytes: Uint8Array): FileKind | null {
  if (hasBytesAt(bytes, 0, JPEG)) return 'jpeg';
  if (hasBytesAt(bytes, 0, PNG)) return 'png';
  if (hasBytesAt(bytes, 0, GIF87) || hasBytesAt(bytes, 0, GIF89)) return 'gif';
  if (hasBytesAt(bytes, 0, RIFF) && hasBytesAt(bytes, 8, WEBP)) return 'webp';
  if (hasBytesAt(bytes, 0, PDF)) return 'pdf';
  return isoKind(bytes);
}

/**
 * Whether a file is what its name and content type claim: an allowed type, a name whose
 * extension (if any) belongs to it, and first bytes of that kind.
 */
export function matchesClaim(name: string, contentType: string, bytes: Uint8Array): boolean {
  return isAllowedFileClaim(name, contentType) && sniffFileType(bytes) === kindOfContentType(contentType);
}
