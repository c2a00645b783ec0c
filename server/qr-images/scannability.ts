import {
  drawQr,
  qrDesignProblem,
  type QrDesign,
  type QrDesignProblem,
  type QrDrawing,
} from '../../src/qr-design.ts';
import { readViewInWorker } from './decode-pool.ts';
import type { LogoImage } from './render.ts';
import { CHECK_VIEWS } from './scan-views.ts';

// The QR studio's promise: a design that saves is a design that scans everywhere. The colours and the
// logo's size are rules (src/qr-design.ts); then the code is rendered as people get it, its quiet zone is
// looked for in the pixels, and three independent decoders (decoders.ts: jsQR, ZXing, ZBar) must read it
// back in every view of scan-views.ts. One decoder that cannot read it is enough to refuse the design:
// phones scan with many different readers.

export type QrScanProblem = QrDesignProblem | 'qr_no_quiet_zone' | 'qr_unreadable';

/** What the checked code is: the short link people download, or a page address shown on its page. */
export type CheckedCode = 'download' | 'page';

/**
 * Whether a drawing of `value` scans: null when its quiet zone is there and every decoder reads it in every
 * view; else the problem. The views are read at once, in the check's worker threads.
 */
export async function drawingScanProblem(
  drawing: QrDrawing,
  logo: LogoImage | null,
  value: string,
  code: CheckedCode = 'download',
): Promise<QrScanProblem | null> {
  const views = CHECK_VIEWS.filter((view) => code === 'download' || !view.downloadOnly);
  const readings = await Promise.all(views.map((view) => readViewInWorker(drawing, logo, value, view)));
  if (readings.some((reading) => !reading.quietZone)) return 'qr_no_quiet_zone';
  return readings.some((reading) => reading.missing.length > 0) ? 'qr_unreadable' : null;
}

/**
 * Whether the QR code of `value` in `design` (with the logo's bytes) would scan: null when it does, else
 * the first problem found, cheapest checks first.
 */
export async function scannabilityProblem(
  value: string,
  design: QrDesign,
  logo: LogoImage | null,
  code: CheckedCode = 'download',
): Promise<QrScanProblem | null> {
  const drawing = drawQr(value, design);
  return qrDesignProblem(drawing, design) ?? (await drawingScanProblem(drawing, logo, value, code));
}
