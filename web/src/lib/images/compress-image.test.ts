import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JPEG_QUALITY, MAX_LONG_SIDE, compressImage, targetSize } from './compress-image';
import { getOrientation, hasGpsData, readExifSegment } from './jpeg-exif';

// jsdom decodes and draws nothing: the browser's image APIs are stand-ins here (createImageBitmap,
// OffscreenCanvas, <img>, a canvas element), so what is checked is what the module decides and asks for.
// The real decoding and encoding are checked in Chromium by e2e/image-compression.e2e.ts.

/** A JPEG with an Exif segment (little-endian TIFF): Orientation, and a GPS IFD when `gps`. */
function jpegWithExif({
  orientation,
  gps,
  padding = 0,
}: {
  orientation: number;
  gps: boolean;
  padding?: number;
}) {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const u32 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24];
  const entries = [[...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0]];
  if (gps) entries.push([...u16(0x8825), ...u16(4), ...u32(1), ...u32(8 + 2 + 24 + 4)]);
  const gpsIfd = gps ? [...u16(1), ...u16(0x0001), ...u16(2), ...u32(2), 0x4e, 0, 0, 0, ...u32(0)] : [];
  const tiff = [
    0x49,
    0x49,
    ...u16(42),
    ...u32(8),
    ...u16(entries.length),
    ...entries.flat(),
    ...u32(0),
    ...gpsIfd,
  ];
  const length = 2 + 6 + tiff.length;
  return jpegOf([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff], padding);
}

/** SOI, `segments`, a start of scan with `padding` bytes of image data, EOI. */
function jpegOf(segments: number[], padding = 0): Uint8Array<ArrayBuffer> {
  const scan = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, ...new Array<number>(padding).fill(0x55)];
  return new Uint8Array([0xff, 0xd8, ...segments, ...scan, 0xff, 0xd9]);
}

/** What the stand-in canvas encodes: a JPEG of `size` bytes (JFIF, no metadata, like Chromium's). */
let encodedSize = 1000;
const encodedJpeg = () => jpegOf([0xff, 0xe0, 0, 4, 0, 0], Math.max(0, encodedSize - 20));
let encodedType = 'image/jpeg';

/** What the stand-in createImageBitmap decodes every image to. */
let decodedSize = { width: 4000, height: 3000 };
const closed = vi.fn();
const drawn = vi.fn();
const canvases: { width: number; height: number }[] = [];

const context = () => ({
  fillStyle: '',
  imageSmoothingQuality: 'low',
  fillRect: vi.fn(),
  drawImage: drawn,
});

class FakeOffscreenCanvas {
  constructor(
    public width: number,
    public height: number,
  ) {
    canvases.push(this);
  }
  getContext = vi.fn(context);
  convertToBlob = vi.fn(() => Promise.resolve(new Blob([encodedJpeg()], { type: encodedType })));
}

const decodeStub = () =>
  vi.fn((_file: Blob, _options?: ImageBitmapOptions) => Promise.resolve({ ...decodedSize, close: closed }));
let createImageBitmapStub = decodeStub();

function photo(bytes: Uint8Array<ArrayBuffer>, name = 'IMG_0001.JPEG', type = 'image/jpeg') {
  return new File([bytes], name, { type, lastModified: 1_700_000_000_000 });
}

/** jsdom's Blob has no arrayBuffer(); the module reads files with it, as browsers allow. */
function readBlob(this: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(this);
  });
}
const bytesOf = async (blob: Blob) => new Uint8Array(await readBlob.call(blob));

beforeAll(() => {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', { value: readBlob, configurable: true });
});
afterAll(() => {
  delete (Blob.prototype as Partial<Blob>).arrayBuffer;
});

beforeEach(() => {
  encodedSize = 1000;
  encodedType = 'image/jpeg';
  decodedSize = { width: 4000, height: 3000 };
  canvases.length = 0;
  createImageBitmapStub = decodeStub();
  vi.stubGlobal('createImageBitmap', createImageBitmapStub);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('targetSize', () => {
  it('brings the long side down to 1600 px, keeping the aspect ratio', () => {
    expect(MAX_LONG_SIDE).toBe(1600);
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(4000, 2252)).toEqual({ width: 1600, height: 901 }); // 900.8
    expect(targetSize(1601, 1601)).toEqual({ width: 1600, height: 1600 });
  });

  it('leaves an image that fits as it is', () => {
    expect(targetSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least one pixel on the short side', () => {
    expect(targetSize(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('refuses a size that is no image', () => {
    expect(() => targetSize(0, 100)).toThrow(RangeError);
    expect(() => targetSize(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe('compressImage', () => {
  it('returns a file that is not an image as it is, without decoding it', async () => {
    const pdf = photo(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'offer.pdf', 'application/pdf');
    const result = await compressImage(pdf, { keepLocation: false });
    expect(result).toEqual({ file: pdf, before: 4, after: 4, width: 0, height: 0, changed: false });
    expect(result.file).toBe(pdf);
    expect(createImageBitmapStub).not.toHaveBeenCalled();
  });

  it('returns an image it cannot decode without its location, after trying an <img> element too', async () => {
    createImageBitmapStub.mockRejectedValueOnce(new DOMException('The source image could not be decoded.'));
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:broken');
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        decode = () => Promise.reject(new DOMException('EncodingError'));
      },
    );
    const broken = photo(jpegWithExif({ orientation: 1, gps: true }));
    const result = await compressImage(broken, { keepLocation: false });
    expect(result.changed).toBe(true);
    expect(result.file.name).toBe(broken.name);
    expect(hasGpsData(await bytesOf(result.file))).toBe(false);
    expect(revoke).toHaveBeenCalledWith('blob:broken');
    expect(canvases).toEqual([]);
  });

  it('returns an image it cannot decode as it is when its location may go, or it has none', async () => {
    createImageBitmapStub.mockRejectedValue(new DOMException('The source image could not be decoded.'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:broken');
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        decode = () => Promise.reject(new DOMException('EncodingError'));
      },
    );
    const located = photo(jpegWithExif({ orientation: 1, gps: true }));
    expect((await compressImage(located, { keepLocation: true })).file).toBe(located);
    const plain = photo(jpegWithExif({ orientation: 1, gps: false }));
    expect((await compressImage(plain, { keepLocation: false })).file).toBe(plain);
  });

  it('shrinks a 12-MP photo to 1600 × 1200, upright, as a JPEG at quality 0.8 with a .jpg name', async () => {
    const original = photo(jpegWithExif({ orientation: 6, gps: false, padding: 5000 }));
    const result = await compressImage(original, { keepLocation: false });

    expect(createImageBitmapStub).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(canvases).toEqual([expect.objectContaining({ width: 1600, height: 1200 })]);
    expect(drawn).toHaveBeenCalledWith(expect.objectContaining({ width: 4000 }), 0, 0, 1600, 1200);
    const [canvas] = canvases as FakeOffscreenCanvas[];
    expect(canvas?.convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: JPEG_QUALITY });
    expect(JPEG_QUALITY).toBe(0.8);

    expect(result).toMatchObject({
      before: original.size,
      after: 1000,
      width: 1600,
      height: 1200,
      changed: true,
    });
    expect(result.file).toMatchObject({
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
      lastModified: original.lastModified,
    });
    expect(await bytesOf(result.file)).toEqual(encodedJpeg());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('keeps a photo that fits when the JPEG would not be smaller', async () => {
    decodedSize = { width: 1200, height: 900 };
    const original = photo(jpegWithExif({ orientation: 1, gps: false }), 'small.jpg');
    encodedSize = original.size + 1;
    const result = await compressImage(original, { keepLocation: false });
    expect(result).toEqual({
      file: original,
      before: original.size,
      after: original.size,
      width: 1200,
      height: 900,
      changed: false,
    });
  });

  it('re-encodes a photo that fits when the JPEG is smaller', async () => {
    decodedSize = { width: 1200, height: 900 };
    const original = photo(
      jpegWithExif({ orientation: 1, gps: false, padding: 3000 }),
      'small.png',
      'image/png',
    );
    const result = await compressImage(original, { keepLocation: false });
    expect(result).toMatchObject({ after: 1000, width: 1200, height: 900, changed: true });
    expect(result.file.name).toBe('small.jpg');
    expect(canvases).toEqual([expect.objectContaining({ width: 1200, height: 900 })]);
  });

  it('re-encodes a photo that fits but carries its location, unless the location is to be kept', async () => {
    decodedSize = { width: 1200, height: 900 };
    const original = photo(jpegWithExif({ orientation: 1, gps: true }), 'small.jpg');
    encodedSize = original.size + 500;

    const stripped = await compressImage(original, { keepLocation: false });
    expect(stripped.changed).toBe(true);
    expect(hasGpsData(await bytesOf(stripped.file))).toBe(false);

    const kept = await compressImage(original, { keepLocation: true });
    expect(kept.file).toBe(original);
  });

  it('copies the Exif segment right after SOI with Orientation 1 when the location is kept', async () => {
    const original = photo(jpegWithExif({ orientation: 6, gps: true, padding: 5000 }));
    const exif = readExifSegment(await bytesOf(original));
    const result = await compressImage(original, { keepLocation: true });
    const output = await bytesOf(result.file);

    expect(result.changed).toBe(true);
    expect(hasGpsData(output)).toBe(true);
    const copied = readExifSegment(output);
    expect(copied && getOrientation(copied)).toBe(1);
    expect(output.subarray(2, 2 + (exif?.length ?? 0))).toEqual(copied);
    expect(output.subarray(2 + (copied?.length ?? 0))).toEqual(encodedJpeg().subarray(2));
    expect(result.after).toBe(output.length);
  });

  it('adds no Exif segment to a photo that had none', async () => {
    const original = photo(jpegOf([], 5000), 'scan.png', 'image/png');
    const result = await compressImage(original, { keepLocation: true });
    expect(await bytesOf(result.file)).toEqual(encodedJpeg());
  });

  it('decodes with an <img> element where createImageBitmap fails', async () => {
    createImageBitmapStub.mockRejectedValueOnce(new TypeError('imageOrientation not supported'));
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    class FakeImage {
      src = '';
      naturalWidth = 3000;
      naturalHeight = 4000;
      decode = () => (this.src === 'blob:photo' ? Promise.resolve() : Promise.reject(new Error('no source')));
    }
    vi.stubGlobal('Image', FakeImage);

    const result = await compressImage(photo(jpegOf([], 5000)), { keepLocation: false });
    expect(result).toMatchObject({ width: 1200, height: 1600, changed: true });
    expect(drawn).toHaveBeenCalledWith(expect.any(FakeImage), 0, 0, 1200, 1600);
    expect(revoke).toHaveBeenCalledWith('blob:photo');
  });

  it('draws on a canvas element where there is no OffscreenCanvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => context() as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
      quality,
    ) {
      canvases.push({ width: this.width, height: this.height });
      expect([type, quality]).toEqual(['image/jpeg', JPEG_QUALITY]);
      callback(new Blob([encodedJpeg()], { type: 'image/jpeg' }));
    });

    const result = await compressImage(photo(jpegOf([], 5000)), { keepLocation: false });
    expect(getContext).toHaveBeenCalledWith('2d');
    expect(toBlob).toHaveBeenCalledTimes(1);
    expect(canvases).toEqual([{ width: 1600, height: 1200 }]);
    expect(result).toMatchObject({ after: 1000, changed: true });
  });

  it('returns the original when the canvas gives no JPEG, and frees the decoded image', async () => {
    encodedType = 'image/png';
    const original = photo(jpegOf([], 5000));
    const result = await compressImage(original, { keepLocation: false });
    expect(result).toMatchObject({ file: original, width: 4000, height: 3000, changed: false });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('returns the original when encoding fails', async () => {
    vi.stubGlobal(
      'OffscreenCanvas',
      class extends FakeOffscreenCanvas {
        override convertToBlob = vi.fn(() => Promise.reject(new DOMException('out of memory')));
      },
    );
    const original = photo(jpegOf([], 5000));
    const result = await compressImage(original, { keepLocation: false });
    expect(result.file).toBe(original);
    expect(result.changed).toBe(false);
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
