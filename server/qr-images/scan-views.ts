import { hexToRgb } from '../../src/colour.ts';
import { QR_QUIET_ZONE_MODULES, type QrDrawing } from '../../src/qr-design.ts';
import { QR_PNG_SIZES } from '../../src/schemas/qr-design.ts';
import { loadSharp } from '../lib/sharp.ts';
import { decodersMissing, type QrDecoder, type RgbaImage } from './decoders.ts';
import { qrRaster, type LogoImage } from './render.ts';

// What the scan check looks at (server/qr-images/scannability.ts): a design rendered as the downloads are,
// then on a white border as printed and turned as a hand holds a phone, read by the decoders of each view.
// Runs in the check's worker threads (decode-worker.ts), where the images' memory ends with the worker.

/** A rendered code seen on a white border as printed, turned `angle` degrees, and read by `decoders`. */
export interface Sight {
  angle: number;
  decoders: readonly QrDecoder[];
}

/**
 * A size the check renders a code at, `size` px wide (a number) or `perModule` px a module (what a phone
 * camera gets from a small print), and how it is seen at that size.
 */
export interface CheckView {
  size: number | { perModule: number };
  sights: readonly Sight[];
  /** Also look for the quiet zone in this view's pixels (once per check is enough). */
  quietZone?: boolean;
  /** Only for the code people download (a vCard's page address is shown on its page, not downloaded). */
  downloadOnly?: boolean;
}

const ALL = ['jsqr', 'zxing', 'zbar'] as const;

/**
 * The views, measured on 2 cores (docs/architecture.md, "QR studio"): every PNG size offered as downloaded and printed,
 * since a decoder can fail on large, smooth shapes as well as on small ones (ZBar read circle eyes at 512 px
 * and not at 1024 or 2048), and a phone a few degrees off at a small print and at the default download.
 * jsQR, the slowest by far (half a second at 2048 px), reads the straight views up to 1024 px and the small
 * turned one: in every design measured it read the 2048 px and turned images whenever it read those.
 */
export const CHECK_VIEWS: readonly CheckView[] = [
  { size: { perModule: 6 }, sights: [{ angle: 5, decoders: ALL }] },
  { size: QR_PNG_SIZES[0], sights: [{ angle: 0, decoders: ALL }], quietZone: true },
  {
    size: 1024,
    sights: [
      { angle: 0, decoders: ALL },
      { angle: -5, decoders: ['zxing', 'zbar'] },
    ],
  },
  { size: 2048, sights: [{ angle: 0, decoders: ['zxing', 'zbar'] }], downloadOnly: true },
];

/** The white border around a printed code, as a share of its side. */
const PRINT_BORDER_SHARE = 0.1;

/** How far (sum over R, G and B) a quiet-zone pixel may be from the background colour. */
const QUIET_ZONE_TOLERANCE = 48;

export interface RenderedQr extends RgbaImage {
  /** the image's side in modules, quiet zone included */
  modulesAcross: number;
}

/** Whether the image has its quiet zone: a band of 4 modules in the background colour around the code. */
export function hasQuietZone(image: RenderedQr, background: string): boolean {
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

/** Renders a drawing with its logo as the downloads are, `pixels` wide, as RGBA pixels. */
export async function renderForCheck(
  drawing: QrDrawing,
  logo: LogoImage | null,
  pixels: number,
): Promise<RenderedQr> {
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

/** A rendered code as printed and seen: on a white border, turned by `angle` degrees. */
export async function asPrinted(image: RgbaImage, angle: number): Promise<RgbaImage> {
  const sharp = await loadSharp();
  const border = Math.round(image.width * PRINT_BORDER_SHARE);
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  const raw = { width: image.width, height: image.height, channels: 4 } as const;
  const bordered = await sharp(image.rgba, { raw })
    .extend({ top: border, bottom: border, left: border, right: border, background: white })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = angle
    ? await sharp(bordered.data, { raw: bordered.info })
        .rotate(angle, { background: white })
        .raw()
        .toBuffer({ resolveWithObject: true })
    : bordered;
  return {
    rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

export interface ViewReading {
  /** false when the view looked for the quiet zone and did not find it */
  quietZone: boolean;
  /** the view's decoders that did not read the value */
  missing: QrDecoder[];
}

/** What one view of the drawing of `value` shows: its quiet zone, and which decoders miss the value. */
export async function readView(
  drawing: QrDrawing,
  logo: LogoImage | null,
  value: string,
  view: CheckView,
): Promise<ViewReading> {
  const pixels = typeof view.size === 'number' ? view.size : view.size.perModule * drawing.side;
  const rendered = await renderForCheck(drawing, logo, pixels);
  if (view.quietZone && !hasQuietZone(rendered, drawing.background)) return { quietZone: false, missing: [] };
  const missing = new Set<QrDecoder>();
  for (const sight of view.sights) {
    const seen = await asPrinted(rendered, sight.angle);
    for (const decoder of await decodersMissing(seen, value, sight.decoders)) missing.add(decoder);
  }
  return { quietZone: true, missing: [...missing] };
}
