import { inflateSync } from 'node:zlib';
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

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The first page of a PDF that server/qr-images/render.ts writes, drawn again as an SVG from its content
 * stream: the operators pdf-lib emits for filled paths (q Q cm rg m l c h re f). Images (the logo) are left
 * out: the modules under a logo are left out of the code too. Readers of PDFs are not installed here
 * (Ghostscript, Poppler), so the test reads the vectors the file really holds.
 */
export function pdfPageAsSvg(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  // pdf-lib compresses the page's content and its dictionary (an object stream)
  // pdf-lib ends a stream's data with "\nendstream"; the data's own last byte may be a \r (compressed data
  // is any byte), so it is tried with and without one
  const streams = [...text.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)].map(([, body = '']) => {
    for (const data of body.endsWith('\r') ? [body, body.slice(0, -1)] : [body]) {
      try {
        return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
      } catch {
        // not this one
      }
    }
    return '';
  });
  const box = [text, ...streams].join('\n').match(/\/MediaBox \[\s*([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\s*\]/);
  if (!box) throw new Error('no MediaBox in the PDF');
  const [width, height] = [Number(box[3]), Number(box[4])];
  const content = streams.find((stream) => /\bcm\b/.test(stream) && /\bf\b/.test(stream));
  if (!content) throw new Error('no page content in the PDF');
  // PDF's y axis goes up: the page is flipped into SVG's
  let ctm: Matrix = [1, 0, 0, -1, 0, height];
  const saved: Matrix[] = [];
  let fill = 'rgb(0,0,0)';
  let path = '';
  const shapes: string[] = [];
  const point = (x: number, y: number) =>
    `${ctm[0] * x + ctm[2] * y + ctm[4]} ${ctm[1] * x + ctm[3] * y + ctm[5]}`;
  const operands: number[] = [];
  for (const token of content.split(/\s+/)) {
    if (token === '') continue;
    const value = Number(token);
    if (!Number.isNaN(value)) {
      operands.push(value);
      continue;
    }
    const a = operands.splice(0);
    switch (token) {
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm':
        ctm = multiply(a as Matrix, ctm);
        break;
      case 'rg':
        fill = `rgb(${a.map((channel) => Math.round(channel * 255)).join(',')})`;
        break;
      case 'm':
        path += `M${point(a[0]!, a[1]!)}`;
        break;
      case 'l':
        path += `L${point(a[0]!, a[1]!)}`;
        break;
      case 'c':
        path += `C${point(a[0]!, a[1]!)} ${point(a[2]!, a[3]!)} ${point(a[4]!, a[5]!)}`;
        break;
      case 'h':
        path += 'Z';
        break;
      case 're':
        path += `M${point(a[0]!, a[1]!)}L${point(a[0]! + a[2]!, a[1]!)}L${point(a[0]! + a[2]!, a[1]! + a[3]!)}L${point(a[0]!, a[1]! + a[3]!)}Z`;
        break;
      case 'f':
        shapes.push(`<path d="${path}" fill="${fill}"/>`);
        path = '';
        break;
      default:
        // line widths, dashes, names and images change nothing of the filled shapes
        break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shapes.join('')}</svg>`;
}
