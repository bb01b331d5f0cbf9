/**
 * Draws the app icon (512×512 PNG) with no image tools: signed-distance shapes, 4×4 supersampling, and a
 * minimal PNG encoder on node:zlib. `node build/make-icon.mjs` writes build/icon.png and resources/icon.png.
 * Motif: a rounded blue tile with a white speech bubble holding an audio waveform (calls and bots).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SS = 4;

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export function encodePng(width, height, rgba) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Signed distances (negative inside).
const roundRect = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const triangle = (x, y, [ax, ay], [bx, by], [cx, cy]) => {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return neg && pos ? 1 : -1;
};

const BARS = [0.32, 0.58, 0.86, 0.58, 1.0, 0.7, 0.42];

function sample(x, y) {
  // Tile: gradient from #228be6 (top-left) to #1864ab (bottom-right).
  if (roundRect(x, y, 256, 256, 240, 240, 96) > 0) return [0, 0, 0, 0];
  const t = (x + y) / 1024;
  let color = [34 + (24 - 34) * t, 139 + (100 - 139) * t, 230 + (171 - 230) * t, 255];
  // Speech bubble.
  const bubble = roundRect(x, y, 256, 236, 160, 118, 56) <= 0 || triangle(x, y, [170, 340], [250, 340], [150, 412]) < 0;
  if (bubble) {
    color = [255, 255, 255, 255];
    // Waveform bars inside the bubble.
    const barW = 22;
    const gap = 16;
    const total = BARS.length * barW + (BARS.length - 1) * gap;
    const x0 = 256 - total / 2;
    BARS.forEach((h, i) => {
      const cx = x0 + i * (barW + gap) + barW / 2;
      if (roundRect(x, y, cx, 236, barW / 2, (h * 170) / 2, barW / 2) <= 0) color = [28, 126, 214, 255];
    });
  }
  return color;
}

export function drawIcon() {
  const out = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const [cr, cg, cb, ca] = sample(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const i = (py * SIZE + px) * 4;
      out[i] = a ? Math.round(r / a) : 0;
      out[i + 1] = a ? Math.round(g / a) : 0;
      out[i + 2] = a ? Math.round(b / a) : 0;
      out[i + 3] = Math.round(a / (SS * SS));
    }
  }
  return encodePng(SIZE, SIZE, out);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const png = drawIcon();
  for (const target of [join(root, 'build', 'icon.png'), join(root, 'resources', 'icon.png')]) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, png);
    console.log(`${target} (${png.length} bytes)`);
  }
}
