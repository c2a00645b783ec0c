import { backgroundHeight, type BackgroundLayout, type BackgroundWidth } from '../../src/card-kit.ts';
import { contrastRatio } from '../../src/card-colours.ts';
import { DEFAULT_QR_DESIGN, drawQr } from '../../src/qr-design.ts';
import { escapeHtml } from '../lib/html.ts';
import { loadSharp } from '../lib/sharp.ts';
import { qrPng } from '../qr-images/render.ts';

// A meeting background (Zoom, Teams, Meet): a PNG of 1920×1080 or 1280×720 in the card's brand, drawn as
// an SVG by sharp (librsvg) with the logo and the QR code laid over it as rasters. The centre of the
// picture is left plain: that is where the person's head and shoulders are. The QR code is drawn plain
// (black on white, whatever the card's design) and large, a quarter of the width: a phone held at arm's
// length to a laptop reads it from the video, which tests/api/card-kit.test.ts checks by reading it back with
// jsQR and ZBar at 30% of its size.

export interface BackgroundCard {
  name: string;
  position: string | null;
  company: string | null;
  /** The logo's stored bytes (the design's or the team's), or null. */
  logo: Buffer | null;
  colours: { background: string; accent: string };
  /** What the QR code opens: the card's short link with the background's campaign. */
  qrUrl: string;
}

export interface BackgroundTexts {
  /** The words over the QR code. */
  scan: string;
}

/** The QR code's side, as a share of the width. */
const QR_SHARE = 0.25;
/** The margin around everything, as a share of the width. */
const MARGIN_SHARE = 0.05;
/** The side panel's width (layout `panel`), as a share of the width: the centre stays free. */
const PANEL_SHARE = 1 / 3;
/** The panel's inner margin, as a share of the width. */
const PANEL_PAD_SHARE = 0.035;

const FONT = `'DejaVu Sans', 'Liberation Sans', Arial, sans-serif`;

/** Black or white, whichever reads better on `background`. */
function inkOn(background: string): string {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#111111' : '#ffffff';
}

/** The width of a text at a font size, estimated (a sans-serif's glyphs average about 0.58 of the size). */
const estimatedWidth = (text: string, size: number) => Array.from(text).length * size * 0.58;

/**
 * `text` in lines of at most `width` pixels at `size`, broken between words, at most `maxLines`: a last line
 * that still does not fit is cut with an ellipsis.
 */
function wrapped(text: string, width: number, size: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && estimatedWidth(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  // the last line kept carries the rest of the text, cut where it no longer fits
  const kept = [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')].filter(Boolean);
  const room = Math.floor(width / (size * 0.58));
  const last = kept.length - 1;
  const cut = Array.from(kept[last] ?? '').length > room;
  if (cut && last >= 0) {
    kept[last] =
      Array.from(kept[last] ?? '')
        .slice(0, Math.max(room - 1, 1))
        .join('')
        .trimEnd() + '…';
  }
  return kept;
}

interface Line {
  text: string;
  size: number;
  maxLines: number;
  bold?: boolean;
  colour: string;
}

/** Blocks of text from (x, y) down, each wrapped to `width`; returns the SVG and the y under the last one. */
function textBlock(lines: Line[], x: number, y: number, width: number) {
  let svg = '';
  let baseline = y;
  for (const line of lines) {
    for (const part of wrapped(line.text, width, line.size, line.maxLines)) {
      baseline += line.size * 1.25;
      svg += `<text x="${x}" y="${Math.round(baseline)}" font-family="${FONT}" font-size="${line.size}" font-weight="${line.bold ? 700 : 400}" fill="${line.colour}">${escapeHtml(part)}</text>`;
    }
    baseline += line.size * 0.3;
  }
  return { svg, bottom: baseline };
}

/** The background as a PNG of `width` × 9/16 of it. */
export async function renderBackground(
  card: BackgroundCard,
  layout: BackgroundLayout,
  width: BackgroundWidth,
  texts: BackgroundTexts,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const height = backgroundHeight(width);
  const margin = Math.round(width * MARGIN_SHARE);
  const { background, accent } = card.colours;
  const unit = width / 1920;

  const logoBox = { width: Math.round(360 * unit), height: Math.round(120 * unit) };
  // the QR code's modules whole pixels wide: sharp edges a camera reads from further away
  const drawing = drawQr(card.qrUrl, DEFAULT_QR_DESIGN, { errorCorrection: 'M' });
  const qrSide = Math.floor((width * QR_SHARE) / drawing.side) * drawing.side;
  // the panel's things sit closer to its edge than the corners' to the picture's
  const inset = layout === 'panel' ? Math.round(width * PANEL_PAD_SHARE) : margin;
  const textTop = card.logo ? inset + logoBox.height + Math.round(16 * unit) : inset;

  let svg = `<rect width="${width}" height="${height}" fill="${background}"/>`;
  const overlays: { input: Buffer; left: number; top: number }[] = [];
  let qr: { left: number; top: number; caption: string; captionX: number; captionWidth: number };

  if (layout === 'panel') {
    // a panel in the accent colour on the left third: the name above, the QR code at the bottom; the
    // text's sizes and lines are bounded so that it always ends above the QR code's caption
    const pad = inset;
    const panel = Math.max(Math.round(width * PANEL_SHARE), qrSide + 2 * pad);
    const ink = inkOn(accent);
    svg += `<rect width="${panel}" height="${height}" fill="${accent}"/>`;
    const lines: Line[] = [
      { text: card.name, size: Math.round(52 * unit), maxLines: 2, bold: true, colour: ink },
      ...(card.position
        ? [{ text: card.position, size: Math.round(30 * unit), maxLines: 1, colour: ink }]
        : []),
      ...(card.company
        ? [{ text: card.company, size: Math.round(30 * unit), maxLines: 1, bold: true, colour: ink }]
        : []),
    ];
    svg += textBlock(lines, pad, textTop, panel - 2 * pad).svg;
    qr = {
      left: pad,
      top: height - pad - qrSide,
      caption: ink,
      captionX: pad,
      captionWidth: panel - 2 * pad,
    };
  } else {
    // the name top left, the QR code top right on a white tile, the centre and the bottom plain
    const ink = inkOn(background);
    const soft = contrastRatio(accent, background) >= 4.5 ? accent : ink;
    const bar = Math.round(12 * unit);
    svg += `<rect x="0" y="0" width="${width}" height="${bar}" fill="${accent}"/>`;
    const lines: Line[] = [
      { text: card.name, size: Math.round(60 * unit), maxLines: 2, bold: true, colour: ink },
      ...(card.position
        ? [{ text: card.position, size: Math.round(34 * unit), maxLines: 2, colour: soft }]
        : []),
      ...(card.company
        ? [{ text: card.company, size: Math.round(34 * unit), maxLines: 1, bold: true, colour: soft }]
        : []),
    ];
    svg += textBlock(lines, margin, textTop, Math.round(width * 0.3)).svg;
    qr = {
      left: width - margin - qrSide,
      top: margin + Math.round(56 * unit),
      caption: ink,
      captionX: width - margin - qrSide,
      captionWidth: qrSide,
    };
  }
  if (card.logo) overlays.push({ input: await logoRaster(card.logo, logoBox), left: inset, top: inset });
  const captionSize = Math.round(30 * unit);
  const [caption = ''] = wrapped(texts.scan, qr.captionWidth, captionSize, 1);
  svg += `<text x="${qr.captionX}" y="${qr.top - Math.round(18 * unit)}" font-family="${FONT}" font-size="${captionSize}" font-weight="700" fill="${qr.caption}">${escapeHtml(caption)}</text>`;
  overlays.push({ input: await qrPng(drawing, null, qrSide), left: qr.left, top: qr.top });

  const document = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`;
  return sharp(Buffer.from(document))
    .composite(overlays)
    .flatten({ background })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** The logo contained in its box, transparency kept. */
async function logoRaster(bytes: Buffer, box: { width: number; height: number }): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: 40_000_000 })
    .resize({ ...box, fit: 'inside', withoutEnlargement: false })
    .png()
    .toBuffer();
}
