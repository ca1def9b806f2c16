// Photos shrunk in the browser before they are uploaded: a 12-MP phone photo of several megabytes becomes
// a JPEG of a few hundred kilobytes, which is what a building site's weak signal can carry. Canvas only,
// no library (docs/performance.md, "Photos before upload"). Whatever goes wrong, the user's own file is
// handed back unchanged: a photo that cannot be shrunk is still uploaded.
import { hasGpsData, isJpeg, readExifSegment, setOrientation, stripExif, withExifSegment } from './jpeg-exif';

/** The longest side of an uploaded photo, in pixels. */
export const MAX_LONG_SIDE = 1600;
/** The JPEG quality of a re-encoded photo (0 to 1). */
export const JPEG_QUALITY = 0.8;

/** The types a browser may decode; HEIC only where the browser can (Safari), else decoding fails. */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

export type CompressOptions = {
  /** Keep a JPEG's Exif data (the location among it); otherwise the photo leaves without metadata. */
  keepLocation: boolean;
};

export type CompressResult = {
  /** The photo to upload: the re-encoded JPEG, or the original file when `changed` is false. */
  file: File;
  /** Sizes in bytes of the original and of `file`. */
  before: number;
  after: number;
  /** The upright size of `file` in pixels; 0 when the original could not be decoded. */
  width: number;
  height: number;
  changed: boolean;
};

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

/** The size to draw a `width` × `height` image at: the long side at most MAX_LONG_SIDE, same aspect ratio. */
export function targetSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError(`Not an image size: ${width} × ${height}`);
  const scale = MAX_LONG_SIDE / Math.max(width, height);
  if (scale >= 1) return { width, height };
  return {
    width: Math.max(1, Math.min(MAX_LONG_SIDE, Math.round(width * scale))),
    height: Math.max(1, Math.min(MAX_LONG_SIDE, Math.round(height * scale))),
  };
}

/** The file's name with a .jpg extension in place of its own. */
function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
}

/** Decodes upright (the EXIF orientation applied): an ImageBitmap, else an <img> element. */
async function decode(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers decode a type in <img> but not in createImageBitmap (or lack the option): try that.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode(); // <img> applies the EXIF orientation (CSS image-orientation: from-image)
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** Draws `image` at `width` × `height` on white (a PNG's transparency) and encodes it as a JPEG. */
async function encode(image: Decoded, width: number, height: number): Promise<Blob> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null) => {
    if (!context) throw new Error('No 2D canvas context');
    context.fillStyle = 'white';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
  };
  let blob: Blob | null;
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'));
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  } else {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    draw(canvas.getContext('2d'));
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  }
  if (blob?.type !== 'image/jpeg') throw new Error('The canvas gave no JPEG');
  return blob;
}

/**
 * A JPEG this browser cannot decode, but whose location must not leave: the same bytes without their
 * metadata segments (Exif, XMP). Null when there is nothing to take out.
 */
async function withoutLocationOf(file: File, keepLocation: boolean): Promise<CompressResult | null> {
  if (keepLocation) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isJpeg(bytes) || !hasGpsData(bytes)) return null;
  const stripped = new File([stripExif(bytes)], file.name, {
    type: file.type,
    lastModified: file.lastModified,
  });
  return { file: stripped, before: file.size, after: stripped.size, width: 0, height: 0, changed: true };
}

/**
 * The photo to upload: at most MAX_LONG_SIDE pixels on its long side, upright, a JPEG at JPEG_QUALITY,
 * without metadata unless `keepLocation` (a JPEG's Exif segment is then copied, Orientation set to 1).
 * The original is kept when re-encoding gains nothing: it already fits, the JPEG is not smaller, and it
 * carries no location that must go. Never rejects: a file that is not a decodable image comes back as is.
 */
export async function compressImage(file: File, { keepLocation }: CompressOptions): Promise<CompressResult> {
  const unchanged = (width = 0, height = 0): CompressResult => ({
    file,
    before: file.size,
    after: file.size,
    width,
    height,
    changed: false,
  });
  if (!DECODABLE.has(file.type)) return unchanged();
  let image: Decoded;
  try {
    image = await decode(file);
  } catch {
    return (await withoutLocationOf(file, keepLocation).catch(() => null)) ?? unchanged();
  }
  try {
    const size = targetSize(image.width, image.height);
    const original = new Uint8Array(await file.arrayBuffer());
    let jpeg = new Uint8Array(await (await encode(image, size.width, size.height)).arrayBuffer());
    const exif = keepLocation && isJpeg(original) ? readExifSegment(original) : null;
    if (exif) jpeg = withExifSegment(jpeg, setOrientation(exif, 1));

    const fits = size.width === image.width && size.height === image.height;
    const locationMustGo = !keepLocation && isJpeg(original) && hasGpsData(original);
    if (fits && jpeg.length >= file.size && !locationMustGo) return unchanged(image.width, image.height);

    const output = new File([jpeg], jpegName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
    return { file: output, before: file.size, after: output.size, ...size, changed: true };
  } catch {
    return unchanged(image.width, image.height);
  } finally {
    image.close();
  }
}
