import jsQR from 'jsqr';
import sharp from 'sharp';

// Reads a QR code image back the way a phone would, with jsQR (a real decoder) on its pixels: for the
// API tests and the E2E specs alike, so nothing here may import vitest or Playwright.

export interface QrReadOptions {
  /** Dots per inch at which sharp rasterises a vector file (SVG, PDF); sharp's default (72) otherwise. */
  density?: number;
  /** Puts the image on white first, as a transparent background would show on a page. */
  flatten?: boolean;
}

export interface QrReading {
  /** What the code says, or null where jsQR finds no code. */
  text: string | null;
  width: number;
  height: number;
}

/** What jsQR reads from an image file's pixels, and the size of the raster it read. */
export async function readQr(file: Buffer, options: QrReadOptions = {}): Promise<QrReading> {
  let image = options.density === undefined ? sharp(file) : sharp(file, { density: options.density });
  if (options.flatten) image = image.flatten({ background: '#ffffff' });
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return { text: decoded?.data ?? null, width: info.width, height: info.height };
}
