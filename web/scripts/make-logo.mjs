// Draws the default logo (public/logo.png): a rounded square with a gateway glyph, 4x supersampled.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const size = 128;
const ss = 4;

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const insideRoundRect = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), size - r);
  const cy = Math.min(Math.max(y, r), size - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const distToSegment = (px, py, ax, ay, bx, by) => {
  const t = Math.max(
    0,
    Math.min(
      1,
      ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
    ),
  );
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
};

// Glyph: a hub on the left fanning out to three nodes on the right.
const hub = [40, 64];
const nodes = [
  [92, 34],
  [96, 64],
  [92, 94],
];

function sample(x, y) {
  if (!insideRoundRect(x, y, 28)) return null;
  const t = (x + y) / (2 * size);
  const bg = [22 + 40 * t, 119 - 40 * t, 255 - 30 * t];
  const white = [255, 255, 255];
  if (Math.hypot(x - hub[0], y - hub[1]) <= 14) return white;
  for (const [nx, ny] of nodes) {
    if (Math.hypot(x - nx, y - ny) <= 9) return white;
    if (distToSegment(x, y, hub[0], hub[1], nx, ny) <= 4) return white;
  }
  return bg;
}

const rows = [];
for (let y = 0; y < size; y++) {
  const row = Buffer.alloc(1 + size * 4);
  for (let x = 0; x < size; x++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < ss; sy++) {
      for (let sx = 0; sx < ss; sx++) {
        const c = sample(x + (sx + 0.5) / ss, y + (sy + 0.5) / ss);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
    }
    const o = 1 + x * 4;
    if (a > 0) {
      row[o] = r / a;
      row[o + 1] = g / a;
      row[o + 2] = b / a;
    }
    row[o + 3] = Math.round((255 * a) / (ss * ss));
  }
  rows.push(row);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows))),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../public/logo.png', import.meta.url), png);
console.log(`wrote public/logo.png (${png.length} bytes)`);
