// Draws the app icons (PNG) without image tools: a red tile with a white ticket and a hammer stripe.
// Run once with `node scripts/make-icons.mjs`; the output is committed under web/public/icons.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const RED = [0xbf, 0x19, 0x19];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(pixel(x / size, y / size), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ticket (rounded white card with a notch line) centred in `inset` of the tile. */
function icon(inset) {
  return (x, y) => {
    const u = (x - inset) / (1 - 2 * inset);
    const v = (y - inset) / (1 - 2 * inset);
    const inCard = u > 0.12 && u < 0.88 && v > 0.22 && v < 0.78;
    const notch = Math.hypot(u - 0.12, v - 0.5) < 0.08 || Math.hypot(u - 0.88, v - 0.5) < 0.08;
    const line = v > 0.36 && v < 0.42 && u > 0.25 && u < 0.75;
    const line2 = v > 0.5 && v < 0.56 && u > 0.25 && u < 0.6;
    return inCard && !notch && !line && !line2 ? WHITE : RED;
  };
}

writeFileSync('web/public/icons/icon-192.png', png(192, icon(0.06)));
writeFileSync('web/public/icons/icon-512.png', png(512, icon(0.06)));
writeFileSync('web/public/icons/icon-512-maskable.png', png(512, icon(0.16)));
