import jsQR from 'jsqr';
import { hexToRgb } from '../../src/colour.ts';
import {
  drawQr,
  QR_QUIET_ZONE_MODULES,
  qrDesignProblem,
  type QrDesign,
  type QrDesignProblem,
} from '../../src/qr-design.ts';
import { qrRaster, type LogoImage } from './render.ts';

// The QR studio's promise (issue 13 item 3): a design is saved only if it scans. The colours and the
// logo's share are rules (src/qr-design.ts); then the design is rendered as people will get it and read
// back by a real decoder (jsQR), and its quiet zone is looked for in the pixels.

export type QrScanProblem = QrDesignProblem | 'qr_no_quiet_zone' | 'qr_unreadable';

/**
 * The sizes the check renders at, in pixels per module: about what a phone camera gets from a small
 * print, and about a 1024 px download (a decoder can fail on large, smooth shapes as well as small ones).
 */
const CHECK_PIXELS_PER_MODULE = [6, 24] as const;

/** How far (sum over R, G and B) a quiet-zone pixel may be from the background colour. */
const QUIET_ZONE_TOLERANCE = 48;

export interface RenderedQr {
  /** RGBA pixels, row by row */
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  /** the image's side in modules, quiet zone included */
  modulesAcross: number;
}

function hasQuietZone(image: RenderedQr, background: string): boolean {
  const [r, g, b] = hexToRgb(background);
  const band = Math.floor((image.width / image.modulesAcross) * QR_QUIET_ZONE_MODULES) - 1;
  if (band < 1) return false;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const inside = x >= band && x < image.width - band && y >= band && y < image.height - band;
      if (inside) continue;
      const i = (y * image.width + x) * 4;
      const distance =
        Math.abs((image.rgba[i] ?? 0) - r) +
        Math.abs((image.rgba[i + 1] ?? 0) - g) +
        Math.abs((image.rgba[i + 2] ?? 0) - b);
      if (distance > QUIET_ZONE_TOLERANCE) return false;
    }
  }
  return true;
}

/** What is wrong with a rendered QR code, or null when it has its quiet zone and decodes to `value`. */
export function renderedQrProblem(
  image: RenderedQr,
  value: string,
  background: string,
): QrScanProblem | null {
  if (!hasQuietZone(image, background)) return 'qr_no_quiet_zone';
  // phone scanners look for dark modules on light; an inverted code is refused before this
  const decoded = jsQR(image.rgba, image.width, image.height, { inversionAttempts: 'dontInvert' });
  return decoded?.data === value ? null : 'qr_unreadable';
}

/** Renders a drawing with its logo as the downloads would, at `pixelsPerModule`, for the decoder. */
export async function renderForCheck(
  drawing: ReturnType<typeof drawQr>,
  logo: LogoImage | null,
  pixelsPerModule: number = CHECK_PIXELS_PER_MODULE[0],
): Promise<RenderedQr> {
  const pixels = drawing.side * pixelsPerModule;
  const { data, info } = await (
    await qrRaster(drawing, logo, pixels)
  )
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    modulesAcross: drawing.side,
  };
}

/**
 * Whether the QR code of `value` in `design` (with the logo's bytes) would scan: null when it does, else
 * the first problem found, cheapest checks first.
 */
export async function scannabilityProblem(
  value: string,
  design: QrDesign,
  logo: LogoImage | null,
): Promise<QrScanProblem | null> {
  const drawing = drawQr(value, design);
  const ruleProblem = qrDesignProblem(drawing, design);
  if (ruleProblem) return ruleProblem;
  for (const pixelsPerModule of CHECK_PIXELS_PER_MODULE) {
    const image = await renderForCheck(drawing, logo, pixelsPerModule);
    const problem = renderedQrProblem(image, value, design.background);
    if (problem) return problem;
  }
  return null;
}
