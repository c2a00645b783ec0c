import { hexToRgb } from '../../src/colour.ts';
import type { MediaType } from '../../src/media.ts';
import { qrSvgMarkup, type QrDrawing } from '../../src/qr-design.ts';
import { loadSharp } from '../lib/sharp.ts';

// A QR drawing (src/qr-design.ts drawQr) as the files people download and the images the server checks:
// SVG markup, a PNG rasterised from that same SVG by sharp, and a PDF that draws the same path data as
// vectors, so a print shop can scale it to any size.

/** A logo's bytes as stored (a re-encoded JPEG, or a PNG that keeps its transparency), embedded in downloads. */
export interface LogoImage {
  bytes: Buffer;
  contentType: MediaType;
}

/**
 * One module's side in the vector files (SVG and PDF): 2 mm, so a typical code (about 45 modules) prints
 * about 9 cm wide, and a print shop can scale it to any size.
 */
export const QR_PRINT_MODULE_MM = 2;

/** The side of a drawing's vector files, in millimetres. */
export const qrPrintSideMm = (drawing: QrDrawing) => drawing.side * QR_PRINT_MODULE_MM;

/**
 * The drawing as a standalone SVG file (the logo embedded as a data: URL): `pixels` wide for the raster,
 * else with its print size in millimetres beside the viewBox, the size the PDF has, so that browsers,
 * Inkscape, Illustrator and print software all draw it at that size, not at a default 150 px or 41 px.
 */
export function qrSvgFile(drawing: QrDrawing, logo: LogoImage | null, pixels?: number): string {
  const logoHref = logo ? `data:${logo.contentType};base64,${logo.bytes.toString('base64')}` : null;
  const size = pixels ?? `${qrPrintSideMm(drawing)}mm`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${qrSvgMarkup(drawing, { size, logoHref })}\n`;
}

/** The drawing as a `pixels` × `pixels` PNG (or raw RGBA for the decoder). */
export async function qrRaster(drawing: QrDrawing, logo: LogoImage | null, pixels: number) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(qrSvgFile(drawing, logo, pixels))).flatten({ background: drawing.background });
}

export async function qrPng(drawing: QrDrawing, logo: LogoImage | null, pixels: number): Promise<Buffer> {
  return (await qrRaster(drawing, logo, pixels)).png().toBuffer();
}

/** PDF points (1/72 inch) of one module. */
const PDF_POINTS_PER_MODULE = (QR_PRINT_MODULE_MM / 25.4) * 72;

/** The drawing as a one-page PDF: the background, the modules' path as vectors, and the logo (as stored). */
export async function qrPdf(drawing: QrDrawing, logo: LogoImage | null, title: string): Promise<Buffer> {
  // pdf-lib (about 12 MB once loaded) only for those who download a PDF
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdfColour = (hex: string) => {
    const [r, g, b] = hexToRgb(hex);
    return rgb(r / 255, g / 255, b / 255);
  };
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Tapcard');
  const k = PDF_POINTS_PER_MODULE;
  const side = drawing.side * k;
  const page = pdf.addPage([side, side]);
  page.drawRectangle({ x: 0, y: 0, width: side, height: side, color: pdfColour(drawing.background) });
  // drawSvgPath puts the path's origin at (x, y) with y going down, as in SVG
  page.drawSvgPath(drawing.path, { x: 0, y: side, scale: k, color: pdfColour(drawing.foreground) });
  if (drawing.logo && logo) {
    const image =
      logo.contentType === 'image/png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
    const box = drawing.logo.size * k;
    const fit = Math.min(box / image.width, box / image.height);
    const [width, height] = [image.width * fit, image.height * fit];
    page.drawImage(image, {
      x: drawing.logo.x * k + (box - width) / 2,
      y: side - drawing.logo.y * k - box + (box - height) / 2,
      width,
      height,
    });
  }
  return Buffer.from(await pdf.save());
}
