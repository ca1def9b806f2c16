// Photo compression before upload (web/src/lib/images/compress-image.ts) in a real Chromium: decoding,
// EXIF orientation, the canvas's JPEG and the Exif copy, which jsdom cannot do. Self-contained: a Vite
// dev server of its own on a free port serves one page that loads the module; no emulator, no app build.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ViteDevServer, createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';

const WEB = fileURLToPath(new URL('../web', import.meta.url));
const PAGE_PATH = '/__image-compression.html';
const PAGE = `<!doctype html>
<meta charset="utf-8" />
<script type="module">
  import * as compress from '/src/lib/images/compress-image.ts';
  import * as exif from '/src/lib/images/jpeg-exif.ts';
  window.images = { ...compress, ...exif };
  document.title = 'ready';
</script>`;

/** What the page exposes on `window.images`: the two modules' exports this test calls. */
type Images = {
  compressImage(
    file: File,
    options: { keepLocation: boolean },
  ): Promise<{ file: File; before: number; after: number; width: number; height: number; changed: boolean }>;
  withExifSegment(jpeg: Uint8Array, exif: Uint8Array): Uint8Array<ArrayBuffer>;
  readExifSegment(jpeg: Uint8Array): Uint8Array | null;
  hasGpsData(jpeg: Uint8Array): boolean;
  getOrientation(exif: Uint8Array): number | null;
};

/**
 * An Exif segment in big-endian (MM) byte order, as many cameras write it: IFD0 with Make, Orientation
 * and the GPS IFD pointer; the GPS IFD with latitude N 52° 13' 48" (rationals stored after the IFD).
 */
function exifSegment(orientation: number): number[] {
  const u16 = (value: number) => [value >> 8, value & 0xff];
  const u32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...u16(tag),
    ...u16(type),
    ...u32(count),
    ...value,
  ];
  const gpsIfd = 8 + 2 + 3 * 12 + 4;
  const latitude = gpsIfd + 2 + 2 * 12 + 4;
  const tiff = [
    ...[0x4d, 0x4d, ...u16(42), ...u32(8)],
    ...u16(3),
    ...entry(0x010f, 2, 4, [0x53, 0x49, 0x54, 0x45]), // Make "SITE" (no NUL: fits inline)
    ...entry(0x0112, 3, 1, [...u16(orientation), 0, 0]),
    ...entry(0x8825, 4, 1, u32(gpsIfd)),
    ...u32(0),
    ...u16(2),
    ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]), // GPSLatitudeRef "N"
    ...entry(0x0002, 5, 3, u32(latitude)), // GPSLatitude
    ...u32(0),
    ...[52, 1, 13, 1, 48, 1].flatMap(u32),
  ];
  const length = 2 + 6 + tiff.length;
  return [0xff, 0xe1, ...u16(length), 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
}

type Outcome = {
  ms: number;
  before: number;
  after: number;
  width: number;
  height: number;
  changed: boolean;
  name: string;
  type: string;
  lastModified: number;
  gps: boolean;
  orientation: number | null;
  /** The output as a browser shows it (Exif orientation applied). */
  shown: { width: number; height: number };
  /** The colour at the top and at the bottom of the shown output, in its middle column. */
  top: number[];
  bottom: number[];
};

/**
 * Makes a JPEG at quality 0.95 in the page (`kind`: a photo-like picture of noise over gradients and
 * shapes, or halves red | blue), inserts `exif`, and compresses it once per `keepLocation`. `fallbacks`
 * hides createImageBitmap and OffscreenCanvas from the module, so it decodes with <img> and draws on a
 * canvas element.
 */
async function compressInPage(
  page: Page,
  args: { width: number; height: number; kind: 'photo' | 'halves'; exif: number[]; fallbacks?: boolean },
): Promise<{ input: number; inputGps: boolean; outcomes: Record<'dropped' | 'kept', Outcome> }> {
  return page.evaluate(async ({ width, height, kind, exif, fallbacks }) => {
    const images = (window as unknown as { images: Images }).images;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    if (kind === 'halves') {
      context.fillStyle = '#f00';
      context.fillRect(0, 0, width / 2, height);
      context.fillStyle = '#00f';
      context.fillRect(width / 2, 0, width / 2, height);
    } else {
      let seed = 20261130; // mulberry32: the same picture on every run
      const random = () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const sky = context.createLinearGradient(0, 0, width * 0.3, height);
      sky.addColorStop(0, '#7fa7d1');
      sky.addColorStop(0.55, '#d8d3c4');
      sky.addColorStop(1, '#6b5a43');
      context.fillStyle = sky;
      context.fillRect(0, 0, width, height);
      for (let index = 0; index < 400; index++) {
        const [x, y, size] = [random() * width, random() * height, 20 + random() * 400];
        const shade = context.createRadialGradient(x, y, 1, x, y, size);
        shade.addColorStop(0, `hsl(${random() * 360} 45% ${30 + random() * 50}%)`);
        shade.addColorStop(1, `hsl(${random() * 360} 35% ${20 + random() * 50}% / 0.4)`);
        context.fillStyle = shade;
        if (index % 2) context.fillRect(x - size / 2, y - size / 3, size, (size * 2) / 3);
        else {
          context.beginPath();
          context.arc(x, y, size / 2, 0, Math.PI * 2);
          context.fill();
        }
      }
      // Sensor noise, as a phone photo has: what keeps it from compressing like a drawing.
      const pixels = context.getImageData(0, 0, width, height);
      const data = pixels.data;
      for (let index = 0; index < data.length; index += 4) {
        const grain = (random() - 0.5) * 36;
        data[index] = (data[index] ?? 0) + grain + (random() - 0.5) * 12;
        data[index + 1] = (data[index + 1] ?? 0) + grain + (random() - 0.5) * 12;
        data[index + 2] = (data[index + 2] ?? 0) + grain + (random() - 0.5) * 12;
      }
      context.putImageData(pixels, 0, 0);
    }
    const encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    const jpeg = images.withExifSegment(new Uint8Array(await encoded.arrayBuffer()), new Uint8Array(exif));
    const file = new File([jpeg], 'IMG_20261130_101500.jpeg', {
      type: 'image/jpeg',
      lastModified: 1_780_000_000_000,
    });

    const saved = { createImageBitmap: window.createImageBitmap, OffscreenCanvas: window.OffscreenCanvas };
    const outcome = async (keepLocation: boolean): Promise<Outcome> => {
      const start = performance.now();
      if (fallbacks) Object.assign(window, { createImageBitmap: undefined, OffscreenCanvas: undefined });
      const result = await images
        .compressImage(file, { keepLocation })
        .finally(() => Object.assign(window, saved));
      const ms = performance.now() - start;
      const bytes = new Uint8Array(await result.file.arrayBuffer());
      const exifOut = images.readExifSegment(bytes);
      const shown = await createImageBitmap(result.file);
      const probe = new OffscreenCanvas(shown.width, shown.height).getContext('2d');
      if (!probe) throw new Error('no 2D context');
      probe.drawImage(shown, 0, 0);
      const colour = (y: number) => [
        ...probe.getImageData(Math.floor(shown.width / 2), y, 1, 1).data.slice(0, 3),
      ];
      return {
        ms,
        before: result.before,
        after: result.after,
        width: result.width,
        height: result.height,
        changed: result.changed,
        name: result.file.name,
        type: result.file.type,
        lastModified: result.file.lastModified,
        gps: images.hasGpsData(bytes),
        orientation: exifOut && images.getOrientation(exifOut),
        shown: { width: shown.width, height: shown.height },
        top: colour(Math.floor(shown.height * 0.1)),
        bottom: colour(Math.floor(shown.height * 0.9)),
      };
    };
    return {
      input: file.size,
      inputGps: images.hasGpsData(jpeg),
      outcomes: { dropped: await outcome(false), kept: await outcome(true) },
    };
  }, args);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
/** Each channel within `tolerance` of `expected` (JPEG moves colours a little). */
const near = (actual: number[], expected: number[], tolerance = 40) =>
  actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= tolerance);

let server: ViteDevServer;
let cacheDir: string;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'image-compression-vite-'));
  server = await createServer({
    configFile: false,
    root: WEB,
    cacheDir,
    envDir: false,
    appType: 'custom',
    logLevel: 'warn',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false, watch: null },
    plugins: [
      {
        name: 'image-compression-page',
        configureServer(dev) {
          dev.middlewares.use(PAGE_PATH, (_request, response) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(PAGE);
          });
        },
      },
    ],
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null;
  if (!address) throw new Error('the Vite server is not listening');
  origin = `http://127.0.0.1:${address.port}`;

  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${origin}${PAGE_PATH}`);
  await page.waitForFunction(() => document.title === 'ready');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

describe('photo compression in Chromium', () => {
  it('shrinks a 12-MP photo to 1600 px, without its location unless asked to keep it', async () => {
    const { input, inputGps, outcomes } = await compressInPage(page, {
      width: 4000,
      height: 3000,
      kind: 'photo',
      exif: exifSegment(1),
    });
    const { dropped, kept } = outcomes;
    console.log(
      `12-MP photo (4000 × 3000, JPEG 0.95): ${kb(input)} → ${kb(dropped.after)} in ${dropped.ms.toFixed(0)} ms; ` +
        `with the location kept ${kb(kept.after)} in ${kept.ms.toFixed(0)} ms`,
    );
    expect(inputGps).toBe(true);
    expect(input).toBeGreaterThan(2_000_000); // a photo, not a drawing: it must not compress trivially

    for (const outcome of [dropped, kept]) {
      expect(outcome).toMatchObject({ before: input, width: 1600, height: 1200, changed: true });
      expect(outcome.shown).toEqual({ width: 1600, height: 1200 });
      expect(outcome.after).toBeLessThan(input / 5);
      expect(outcome).toMatchObject({
        name: 'IMG_20261130_101500.jpg',
        type: 'image/jpeg',
        lastModified: 1_780_000_000_000,
      });
    }
    expect(dropped).toMatchObject({ gps: false, orientation: null });
    expect(kept).toMatchObject({ gps: true, orientation: 1 });
    expect(kept.after - dropped.after).toBe(exifSegment(1).length);
  });

  it('turns a photo upright by its EXIF orientation, and marks the copy upright', async () => {
    // Stored 2000 × 1000, red left and blue right; Orientation 6 shows it turned clockwise: 1000 × 2000,
    // red on top. A copied Orientation left at 6 would turn the upright output a second time.
    const { outcomes } = await compressInPage(page, {
      width: 2000,
      height: 1000,
      kind: 'halves',
      exif: exifSegment(6),
    });
    for (const outcome of Object.values(outcomes)) {
      expect(outcome).toMatchObject({ width: 800, height: 1600, shown: { width: 800, height: 1600 } });
      expect(near(outcome.top, RED), `top ${outcome.top.join(',')}`).toBe(true);
      expect(near(outcome.bottom, BLUE), `bottom ${outcome.bottom.join(',')}`).toBe(true);
    }
    expect(outcomes.dropped).toMatchObject({ gps: false, orientation: null });
    expect(outcomes.kept).toMatchObject({ gps: true, orientation: 1 });
  });

  it('does the same with an <img> element and a canvas element where the newer APIs are missing', async () => {
    const { outcomes } = await compressInPage(page, {
      width: 2000,
      height: 1000,
      kind: 'halves',
      exif: exifSegment(6),
      fallbacks: true,
    });
    for (const outcome of Object.values(outcomes)) {
      expect(outcome).toMatchObject({ width: 800, height: 1600, shown: { width: 800, height: 1600 } });
      expect(near(outcome.top, RED), `top ${outcome.top.join(',')}`).toBe(true);
      expect(near(outcome.bottom, BLUE), `bottom ${outcome.bottom.join(',')}`).toBe(true);
    }
    expect(outcomes.dropped.gps).toBe(false);
    expect(outcomes.kept).toMatchObject({ gps: true, orientation: 1 });
  });

  it('hands back a PDF and an image it cannot decode as they are', async () => {
    const results = await page.evaluate(async () => {
      const images = (window as unknown as { images: Images }).images;
      const pdf = new File(['%PDF-1.7\n'], 'offer.pdf', { type: 'application/pdf' });
      const broken = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 3, 4, 5])], 'broken.jpg', {
        type: 'image/jpeg',
      });
      return Promise.all(
        [pdf, broken].map(async (file) => {
          const result = await images.compressImage(file, { keepLocation: false });
          return {
            same: result.file === file,
            changed: result.changed,
            after: result.after,
            size: file.size,
          };
        }),
      );
    });
    for (const result of results)
      expect(result).toEqual({ same: true, changed: false, after: result.size, size: result.size });
  });
});
