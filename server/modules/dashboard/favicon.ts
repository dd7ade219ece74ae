import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * The Kazi mark as the browser's tab icon: /favicon.svg for browsers that take SVG (linked from
 * the root view) and /favicon.ico for those that ask for it on their own (a 32×32 PNG inside an
 * ICO, drawn here once: the same rounded square and strokes as web/components/ApplicationLogo.tsx).
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4669fa"/><path d="M10 8v16M10 16l9-8M13.5 13l7.5 11" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>`;

const SIZE = 32;
const PRIMARY = [0x46, 0x69, 0xfa];
const STROKES: [number, number, number, number][] = [
  [10, 8, 10, 24],
  [10, 16, 19, 8],
  [13.5, 13, 21, 24],
];

function distanceToSegment(px: number, py: number, [x1, y1, x2, y2]: [number, number, number, number]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** Coverage of a pixel by the rounded square (radius 8), sampled 4×4 for smooth edges. */
function inSquare(x: number, y: number) {
  const r = 8;
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

function pixels(): Buffer {
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const px = x + (sx + 0.5) / 4;
          const py = y + (sy + 0.5) / 4;
          if (!inSquare(px, py)) continue;
          cover++;
          if (STROKES.some((s) => distanceToSegment(px, py, s) <= 1.5)) white++;
        }
      }
      const at = y * (SIZE * 4 + 1) + 1 + x * 4;
      const w = cover ? white / cover : 0;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(PRIMARY[c] * (1 - w) + 255 * w);
      raw[at + 3] = Math.round((cover / 16) * 255);
    }
  }
  return raw;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function faviconPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels())), chunk('IEND', Buffer.alloc(0))]);
}

/** An ICO file holding one 32×32 PNG image. */
export function faviconIco(): Buffer {
  const png = faviconPng();
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // icon
  head.writeUInt16LE(1, 4); // one image
  head[6] = SIZE;
  head[7] = SIZE;
  head[8] = 0; // no palette
  head[9] = 0;
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(head.length, 18);
  return Buffer.concat([head, png]);
}

export async function faviconRoutes(app: FastifyInstance) {
  const ico = faviconIco();
  const cache = 'public, max-age=86400';
  app.get('/favicon.ico', { config: { access: 'public' } }, (_req, reply) => reply.header('cache-control', cache).type('image/x-icon').send(ico));
  app.get('/favicon.svg', { config: { access: 'public' } }, (_req, reply) => reply.header('cache-control', cache).type('image/svg+xml').send(FAVICON_SVG));
}
