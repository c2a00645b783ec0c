import QRCode from 'qrcode';
import { qrDownloadName } from '#src/schemas/link.ts';

/** My QR Codes (spec section 2): high error correction and a standard quiet zone of 4 modules. */
export const QR_CODE_STYLE = { level: 'H', quietZone: 4 } as const;

/** The grid's image size in px (spec section 2). */
export const QR_CARD_SIZE_PX = 150;

/** A downloaded PNG is large enough to print sharply on a flyer or a poster. */
export const QR_PNG_SIZE_PX = 1024;

const RENDER_OPTIONS = {
  errorCorrectionLevel: QR_CODE_STYLE.level,
  margin: QR_CODE_STYLE.quietZone,
} as const;

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the click has started the download; the URL is not needed after this task
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the PNG'))),
      'image/png',
    );
  });
}

/** Saves the QR code of `value` as a print-size PNG named after the title. */
export async function downloadQrPng(value: string, title: string): Promise<void> {
  const canvas = await QRCode.toCanvas(value, { ...RENDER_OPTIONS, width: QR_PNG_SIZE_PX });
  saveFile(await canvasToPng(canvas), qrDownloadName(title, 'png'));
}

/** Saves the QR code of `value` as an SVG (any size, for print shops) named after the title. */
export async function downloadQrSvg(value: string, title: string): Promise<void> {
  const svg = await QRCode.toString(value, { ...RENDER_OPTIONS, type: 'svg' });
  saveFile(new Blob([svg], { type: 'image/svg+xml' }), qrDownloadName(title, 'svg'));
}
