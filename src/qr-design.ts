import QRCode from 'qrcode';
import { contrastRatio, luminance } from './card-colours.ts';
import { can, type PlanId } from './plans.ts';

// The QR studio (customBranding): how a QR code looks. drawQr() is the one drawing of a
// QR code: the dashboard draws its elements in React, the server writes them as SVG (then PNG by sharp)
// and as PDF vectors, so every place shows the same image. Pure: no I/O, the logo is only a box here.

export const QR_MODULE_STYLES = ['square', 'rounded', 'dots'] as const;
export type QrModuleStyle = (typeof QR_MODULE_STYLES)[number];

/** The three finder patterns ("eyes") in the corners ('circle': a round dot in a rounder ring). */
export const QR_EYE_STYLES = ['square', 'rounded', 'circle'] as const;
export type QrEyeStyle = (typeof QR_EYE_STYLES)[number];

export interface QrDesign {
  /** #RRGGBB of the dark modules */
  foreground: string;
  /** #RRGGBB of the light modules and the quiet zone */
  background: string;
  moduleStyle: QrModuleStyle;
  eyeStyle: QrEyeStyle;
  /** a /media/ path of the owner's upload, drawn in the centre; null for none */
  logo: string | null;
  /** the logo's side as a share of the code's side (quiet zone excluded) */
  logoScale: number;
}

/** The plain code every plan has, and what a design falls back to when the plan no longer includes it. */
export const DEFAULT_QR_DESIGN: QrDesign = {
  foreground: '#000000',
  background: '#FFFFFF',
  moduleStyle: 'square',
  eyeStyle: 'square',
  logo: null,
  logoScale: 0.22,
};

export const QR_LOGO_SCALE_MIN = 0.1;
/** The logo slider's step. */
export const QR_LOGO_SCALE_STEP = 0.02;
/**
 * The largest logo, as a share of the code's side: the largest slider step at which every module and corner
 * style still read with all three decoders of the scan check for codes of every length (measured on short
 * links, long chosen codes and vCard page addresses: at 0.24 ZBar missed four of 27 designs in a phone's
 * view, at 0.22 none). It also keeps the logo within QR_LOGO_MAX_AREA_SHARE of the modules at every code
 * size. The studio's slider stops here and the server refuses more.
 */
export const QR_LOGO_SCALE_MAX = 0.22;

/** ISO 18004: a scanner needs 4 light modules around the code to find its edges. Always drawn. */
export const QR_QUIET_ZONE_MODULES = 4;

/**
 * Error correction H (about 30% of the code words can be restored) for every QR code: what My QR Codes
 * always drew, and what a centre logo needs, since the modules under it are lost.
 */
const QR_ERROR_CORRECTION = 'H';

/** Dark modules on a light background, at least this far apart (WCAG AA's ratio for text). */
export const QR_MIN_CONTRAST = 4.5;

/**
 * The most of the code's modules a logo may hide: a third of what level H restores, so damage, glare or
 * a blurred print still leave room.
 */
export const QR_LOGO_MAX_AREA_SHARE = 0.1;

/** Why a design would not scan; each is a reason of src/errors.ts. */
export type QrDesignProblem = 'qr_inverted_colours' | 'qr_low_contrast' | 'qr_logo_too_large';

/** The colours' problem, if any: dark on light, with enough contrast. */
function qrColourProblem(design: Pick<QrDesign, 'foreground' | 'background'>): QrDesignProblem | null {
  if (luminance(design.foreground) > luminance(design.background)) return 'qr_inverted_colours';
  if (contrastRatio(design.foreground, design.background) < QR_MIN_CONTRAST) return 'qr_low_contrast';
  return null;
}

/** A square in module units, from the top left corner of the image (quiet zone included). */
export interface QrBox {
  x: number;
  y: number;
  size: number;
}

export interface QrDrawing {
  /** the image's side in modules, quiet zone included: the viewBox is 0 0 side side */
  side: number;
  background: string;
  foreground: string;
  /** SVG path data of every dark shape, filled with the foreground colour (nonzero winding) */
  path: string;
  /** where the logo goes, or null */
  logo: QrBox | null;
  /** the share of the code's modules left out for the logo */
  logoShare: number;
  /** square modules line up with pixels when drawn crisp; rounded shapes need anti-aliasing */
  crisp: boolean;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function rect(x: number, y: number, w: number, h: number, clockwise = true): string {
  return clockwise ? `M${x} ${y}h${w}v${h}h${-w}z` : `M${x} ${y}v${h}h${w}v${-h}z`;
}

function roundedRect(x: number, y: number, size: number, r: number, clockwise = true): string {
  const s = round(size - 2 * r);
  if (clockwise) {
    return (
      `M${round(x + r)} ${y}h${s}a${r} ${r} 0 0 1 ${r} ${r}v${s}a${r} ${r} 0 0 1 ${-r} ${r}` +
      `h${-s}a${r} ${r} 0 0 1 ${-r} ${-r}v${-s}a${r} ${r} 0 0 1 ${r} ${-r}z`
    );
  }
  return (
    `M${round(x + r)} ${y}a${r} ${r} 0 0 0 ${-r} ${r}v${s}a${r} ${r} 0 0 0 ${r} ${r}h${s}` +
    `a${r} ${r} 0 0 0 ${r} ${-r}v${-s}a${r} ${r} 0 0 0 ${-r} ${-r}z`
  );
}

function circle(cx: number, cy: number, r: number, clockwise = true): string {
  const sweep = clockwise ? 1 : 0;
  return (
    `M${round(cx - r)} ${round(cy)}a${r} ${r} 0 1 ${sweep} ${2 * r} 0` +
    `a${r} ${r} 0 1 ${sweep} ${-2 * r} 0z`
  );
}

/** One finder pattern: a 7×7 ring (its hole wound the other way) around a 3×3 centre. */
function eye(x: number, y: number, style: QrEyeStyle): string {
  switch (style) {
    case 'square':
      return rect(x, y, 7, 7) + rect(x + 1, y + 1, 5, 5, false) + rect(x + 2, y + 2, 3, 3);
    case 'rounded':
      return (
        roundedRect(x, y, 7, 2) + roundedRect(x + 1, y + 1, 5, 1.5, false) + roundedRect(x + 2, y + 2, 3, 1)
      );
    case 'circle':
      // a round dot in a ring as round as decoders allow: ZBar finds an eye by straight edges and cannot
      // read a code whose rings are true circles (jsQR and ZXing can), so the ring keeps a straight module
      // and a half on each side
      return (
        roundedRect(x, y, 7, 2.5) + roundedRect(x + 1, y + 1, 5, 1.5, false) + circle(x + 3.5, y + 3.5, 1.5)
      );
  }
}

function moduleShape(x: number, y: number, style: QrModuleStyle): string {
  switch (style) {
    case 'square':
      return rect(x, y, 1, 1);
    case 'rounded':
      return roundedRect(x, y, 1, 0.3);
    case 'dots':
      return circle(x + 0.5, y + 0.5, 0.5);
  }
}

/** The logo's box, centred, and which modules it clears: those whose centre is within half a module of it. */
function logoArea(size: number, scale: number) {
  const box = round(size * scale);
  const start = (size - box) / 2;
  const cleared = (row: number, col: number) =>
    row + 0.5 > start - 0.5 &&
    row + 0.5 < start + box + 0.5 &&
    col + 0.5 > start - 0.5 &&
    col + 0.5 < start + box + 0.5;
  return { start, box, cleared };
}

/**
 * The QR code of `value` in a design: H error correction (M for a plain code drawn large, whose fewer
 * modules a camera reads from further away: a meeting background's), a 4-module quiet zone, the modules and eyes in
 * their styles, and the modules under the logo left out (counted in logoShare for the scannability check).
 */
export function drawQr(
  value: string,
  design: QrDesign,
  { errorCorrection = QR_ERROR_CORRECTION }: { errorCorrection?: 'M' | 'H' } = {},
): QrDrawing {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: errorCorrection });
  const size = modules.size;
  const q = QR_QUIET_ZONE_MODULES;
  const eyes = [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const;
  const inEye = (row: number, col: number) =>
    eyes.some(([r, c]) => row >= r && row < r + 7 && col >= c && col < c + 7);
  const logo = design.logo ? logoArea(size, design.logoScale) : null;
  const parts: string[] = eyes.map(([r, c]) => eye(c + q, r + q, design.eyeStyle));
  let cleared = 0;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (inEye(row, col)) continue;
      if (logo?.cleared(row, col)) {
        cleared += 1;
        continue;
      }
      if (!modules.get(row, col)) continue;
      // the timing and alignment patterns keep square modules under dots: decoders find and measure the
      // code by them, and jsQR lost dotted ones at print sizes
      const style =
        design.moduleStyle === 'dots' && modules.isReserved(row, col) ? 'square' : design.moduleStyle;
      parts.push(moduleShape(col + q, row + q, style));
    }
  }
  return {
    side: size + 2 * q,
    background: design.background,
    foreground: design.foreground,
    path: parts.join(''),
    logo: logo && { x: logo.start + q, y: logo.start + q, size: logo.box },
    logoShare: cleared / (size * size),
    crisp: design.moduleStyle === 'square' && design.eyeStyle === 'square',
  };
}

/** The problem of a design that can be told without rendering it: colours, then the logo's size. */
export function qrDesignProblem(drawing: QrDrawing, design: QrDesign): QrDesignProblem | null {
  const logoTooLarge =
    drawing.logo !== null &&
    (design.logoScale > QR_LOGO_SCALE_MAX || drawing.logoShare > QR_LOGO_MAX_AREA_SHARE);
  return qrColourProblem(design) ?? (logoTooLarge ? 'qr_logo_too_large' : null);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The drawing as an SVG document of `size` × `size` (pixels, or a length with its unit such as "98mm";
 * without it, as large as where it is put) for the server's downloads and pages; the dashboard draws the
 * same drawing as React elements. `logoHref`: the logo's address, a data: URL in downloads.
 */
export function qrSvgMarkup(
  drawing: QrDrawing,
  options: { size?: number | string; logoHref?: string | null; attributes?: string } = {},
): string {
  const { side, logo } = drawing;
  const size = options.size ? ` width="${options.size}" height="${options.size}"` : '';
  const logoMarkup =
    logo && options.logoHref
      ? `<image href="${escapeAttribute(options.logoHref)}" x="${logo.x}" y="${logo.y}" width="${logo.size}" height="${logo.size}" preserveAspectRatio="xMidYMid meet"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${options.attributes ? ` ${options.attributes}` : ''}${size} viewBox="0 0 ${side} ${side}"${drawing.crisp ? ' shape-rendering="crispEdges"' : ''}>` +
    `<rect width="${side}" height="${side}" fill="${drawing.background}"/>` +
    `<path d="${drawing.path}" fill="${drawing.foreground}"/>` +
    logoMarkup +
    `</svg>`
  );
}

/**
 * The design a QR code is drawn in: its saved design while the plan includes customBranding, else the
 * plain default (the saved design is kept, and comes back with the plan; the code still leads to the same
 * short URL).
 */
export function qrDesignInEffect(plan: PlanId, saved: QrDesign | null): QrDesign {
  return saved && can(plan, 'customBranding') ? saved : DEFAULT_QR_DESIGN;
}
