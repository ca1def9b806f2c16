import { describe, expect, it } from 'vitest';
import { ALLOWED_FILE_TYPES, ALLOWED_FILE_TYPE_PATTERN } from './constants.js';
import {
  FILE_HEAD_BYTES,
  FILE_KINDS,
  type FileKind,
  fileExtension,
  isAllowedFileClaim,
  kindOfContentType,
  matchesClaim,
  sniffFileType,
} from './file-types.js';

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : part)));
/** An ISO media `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);

/** The first bytes of real files of each kind, and of files that must never pass as one. */
const HEADS = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]),
  jpegExif: bytes([0xff, 0xd8, 0xff, 0xe1, 0x2f, 0xfe], 'Exif', [0, 0]),
  png: bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  gif87: bytes('GIF87a', [1, 0, 1, 0]),
  gif89: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%\u00e2\u00e3'),
  heicIphone: ftyp('heic', 'mif1', 'heic'),
  heifGeneric: ftyp('mif1', 'mif1', 'heic'),
  heifPlain: ftyp('mif1', 'mif1'),
  avif: ftyp('avif', 'avif', 'mif1', 'miaf', 'MA1B'),
  avifGenericMajor: ftyp('mif1', 'mif1', 'avif', 'miaf'),
  svg: bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'),
  svgXml: bytes('<?xml version="1.0"?><svg'),
  html: bytes('<!DOCTYPE html><html><body>'),
  pdfAfterHtml: bytes('<html><!-- %PDF-1.4 -->'),
  exe: bytes('MZ', [0x90, 0, 3, 0]),
  zip: bytes('PK', [3, 4, 20, 0]),
  bmp: bytes('BM', [0x36, 0, 0, 0]),
  tiff: bytes('II*', [0, 8, 0, 0, 0]),
  wave: bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
  mp4: ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'),
  mov: ftyp('qt  ', 'qt  '),
  ftypTooShort: bytes([0, 0, 0, 8], 'ftypheic'),
  truncatedJpeg: bytes([0xff, 0xd8]),
  empty: new Uint8Array(),
  text: bytes('hello'),
} as const;

describe('the allowed types', () => {
  it.each(ALLOWED_FILE_TYPES)('%s is claimed by exactly one kind', (contentType) => {
    const kinds = Object.values(FILE_KINDS).filter((rule) =>
      (rule.contentTypes as readonly string[]).includes(contentType),
    );
    expect(kinds).toHaveLength(1);
    expect(kindOfContentType(contentType)).not.toBeNull();
  });

  it('names only allowed types in the kinds table', () => {
    const claimed = Object.values(FILE_KINDS).flatMap((rule) => rule.contentTypes);
    expect([...claimed].sort()).toEqual([...ALLOWED_FILE_TYPES].sort());
  });

  it.each([
    'image/svg+xml',
    'image/bmp',
    'image/tiff',
    'image/x-icon',
    'image/jxl',
    'image/heic-sequence',
    'image/',
    'IMAGE/JPEG',
    'image/jpeg; charset=binary',
    'text/html',
    '',
  ])('refuses the type %j', (contentType) => {
    expect(ALLOWED_FILE_TYPE_PATTERN.test(contentType)).toBe(false);
    expect(kindOfContentType(contentType)).toBeNull();
  });

  it('reads enough bytes for the brands of an ftyp box', () => {
    expect(FILE_HEAD_BYTES).toBeGreaterThanOrEqual(32);
  });
});

describe('fileExtension', () => {
  it.each([
    ['photo.jpg', 'jpg'],
    ['IMG_0001.HEIC', 'heic'],
    ['lq8-scan..v2.pdf', 'pdf'],
    ['tickets/u1/t1/lq8-a1b2c3-photo.jpeg', 'jpeg'],
    ['archive.tar.gz', 'gz'],
    ['photo', null],
    ['photo.', null],
    ['scan 12.03.2024', null],
    ['tickets/u.v/t1/file', null],
    ['report.final draft', null],
  ])('%j -> %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('isAllowedFileClaim (name and type, before any byte is read)', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['photo.jfif', 'image/jpeg'],
    ['IMG_0001.HEIC', 'image/heic'],
    ['IMG_0001.heic', 'image/heif'],
    ['shot.heif', 'image/heic'],
    ['a.avif', 'image/avif'],
    ['a.webp', 'image/webp'],
    ['a.gif', 'image/gif'],
    ['scan.pdf', 'application/pdf'],
    ['1712345678901', 'image/jpeg'],
    ['scan 12.03.2024', 'application/pdf'],
  ])('allows %j as %s', (name, contentType) => {
    expect(isAllowedFileClaim(name, contentType)).toBe(true);
  });

  it.each([
    ['logo.svg', 'image/svg+xml'],
    ['logo.svg', 'image/png'],
    ['page.html', 'image/jpeg'],
    ['photo.png', 'image/jpeg'],
    ['scan.pdf', 'image/jpeg'],
    ['photo.avif', 'image/heic'],
    ['photo.bmp', 'image/bmp'],
    ['photo.jpg', 'image/jpg'],
    ['photo.jpg', ''],
  ])('refuses %j as %j', (name, contentType) => {
    expect(isAllowedFileClaim(name, contentType)).toBe(false);
  });
});

describe('sniffFileType', () => {
  it.each<[keyof typeof HEADS, FileKind | null]>([
    ['jpeg', 'jpeg'],
    ['jpegExif', 'jpeg'],
    ['png', 'png'],
    ['gif87', 'gif'],
    ['gif89', 'gif'],
    ['webp', 'webp'],
    ['pdf', 'pdf'],
    ['heicIphone', 'heif'],
    ['heifGeneric', 'heif'],
    ['heifPlain', 'heif'],
    ['avif', 'avif'],
    ['avifGenericMajor', 'avif'],
    ['svg', null],
    ['svgXml', null],
    ['html', null],
    ['pdfAfterHtml', null],
    ['exe', null],
    ['zip', null],
    ['bmp', null],
    ['tiff', null],
    ['wave', null],
    ['mp4', null],
    ['mov', null],
    ['ftypTooShort', null],
    ['truncatedJpeg', null],
    ['empty', null],
    ['text', null],
  ])('%s -> %s', (head, kind) => {
    expect(sniffFileType(HEADS[head])).toBe(kind);
  });

  it('reads only the brands inside the ftyp box', () => {
    // A box of 20 bytes holds one compatible brand; 'avif' after it belongs to the next box.
    const head = bytes([0, 0, 0, 20], 'ftyp', 'mif1', [0, 0, 0, 0], 'heic', 'avif');
    expect(sniffFileType(head)).toBe('heif');
  });
});

describe('matchesClaim (name, type and first bytes)', () => {
  it.each<[string, string, keyof typeof HEADS]>([
    ['photo.jpg', 'image/jpeg', 'jpeg'],
    ['photo', 'image/jpeg', 'jpegExif'],
    ['screen.png', 'image/png', 'png'],
    ['anim.gif', 'image/gif', 'gif89'],
    ['sticker.webp', 'image/webp', 'webp'],
    ['IMG_0001.HEIC', 'image/heic', 'heicIphone'],
    ['IMG_0001.heic', 'image/heif', 'heifGeneric'],
    ['picture.heif', 'image/heif', 'heifPlain'],
    ['picture.avif', 'image/avif', 'avifGenericMajor'],
    ['payslip.pdf', 'application/pdf', 'pdf'],
  ])('accepts %j as %s with %s bytes', (name, contentType, head) => {
    expect(matchesClaim(name, contentType, HEADS[head])).toBe(true);
  });

  it.each<[string, string, keyof typeof HEADS, string]>([
    ['photo.jpg', 'image/jpeg', 'png', 'a PNG called a JPEG'],
    ['photo.png', 'image/jpeg', 'jpeg', 'a JPEG named .png'],
    ['evil.png', 'image/png', 'svg', 'an SVG renamed to .png'],
    ['logo.svg', 'image/svg+xml', 'svg', 'an SVG as itself'],
    ['invoice.pdf', 'application/pdf', 'pdfAfterHtml', 'an HTML page with %PDF- further on'],
    ['invoice.pdf', 'application/pdf', 'html', 'an HTML page called a PDF'],
    ['setup.jpg', 'image/jpeg', 'exe', 'a program called a photo'],
    ['clip.heic', 'image/heic', 'mp4', 'a video called a HEIC'],
    ['picture.heic', 'image/heic', 'avif', 'an AVIF called a HEIC'],
    ['picture.avif', 'image/avif', 'heicIphone', 'a HEIC called an AVIF'],
    ['photo.bmp', 'image/bmp', 'bmp', 'a BMP'],
    ['scan.tiff', 'image/tiff', 'tiff', 'a TIFF'],
    ['photo.jpg', 'image/jpeg', 'empty', 'an empty file'],
    ['photo.jpg', 'image/jpeg', 'truncatedJpeg', 'two bytes of a JPEG'],
    ['page.html', 'image/jpeg', 'jpeg', 'a JPEG named .html'],
  ])('refuses %j as %s with %s bytes (%s)', (name, contentType, head) => {
    expect(matchesClaim(name, contentType, HEADS[head])).toBe(false);
  });
});
