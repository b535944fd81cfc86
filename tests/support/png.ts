import { inflateSync } from 'node:zlib';

/**
 * Reads a PNG as the app icons are written (8-bit RGBA, not interlaced): its size from the IHDR
 * header, and its pixels (the five scanline filters undone), so a test can say what is drawn where.
 */
export function decodePng(bytes: Uint8Array) {
  const data = Buffer.from(bytes);
  if (data.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = data.subarray(24, 29);
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length; ) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rgba = () => {
    if (bitDepth !== 8 || colourType !== 6 || interlace !== 0) throw new Error(`PNG is not 8-bit RGBA (depth ${bitDepth}, type ${colourType})`);
    const raw = inflateSync(Buffer.concat(idat));
    const stride = width * 4;
    const out = Buffer.alloc(stride * height);
    for (let y = 0; y < height; y++) {
      const filter = raw[y * (stride + 1)];
      for (let x = 0; x < stride; x++) {
        const value = raw[y * (stride + 1) + 1 + x];
        const a = x >= 4 ? out[y * stride + x - 4] : 0;
        const b = y > 0 ? out[(y - 1) * stride + x] : 0;
        const c = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4] : 0;
        const p = a + b - c;
        const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
        const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
        out[y * stride + x] = (value + predictor) & 0xff;
      }
    }
    return out;
  };
  let pixels: Buffer | undefined;
  return {
    width,
    height,
    /** The pixel at (x, y) as [r, g, b, a]. */
    pixel(x: number, y: number) {
      pixels ??= rgba();
      const at = (y * width + x) * 4;
      return [...pixels.subarray(at, at + 4)];
    },
  };
}

/** "#14532d" as [r, g, b, 255]. */
export const opaque = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);
