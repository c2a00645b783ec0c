import { DEFAULT_QR_DESIGN, drawQr, qrSvgMarkup, type QrDesign } from '../../src/qr-design.ts';
import { createByteCache, stringBytes } from '../lib/cache.ts';

// The QR code on each public page: inline SVG of the page's own public URL
// (docs/decisions/006-short-links-and-qr-codes.md: a vCard's QR code encodes its public page URL), drawn in
// the design of the card's QR code (src/qr-design.ts, the same drawing as My QR Codes and the downloads).
// Drawing one costs a few milliseconds, so each is drawn once and kept, by what it is drawn from, within a
// few megabytes (a page keeps its own copy in its HTML, so this one is needed again only when a page is made
// anew).

export const QR_SVG_CACHE_BYTES = 4 * 1024 * 1024;

const qrSvgs = createByteCache<string>('qr-svgs', { maxBytes: QR_SVG_CACHE_BYTES, sizeOf: stringBytes });

export async function qrSvg(url: string, design: QrDesign = DEFAULT_QR_DESIGN): Promise<string> {
  const key = `${url}|${JSON.stringify(design)}`;
  const cached = qrSvgs.get(key);
  if (cached) return cached;
  // decorative for screen readers: the caption beside it says what it is; the logo is a same-origin
  // /media/ path, which the page's Content-Security-Policy allows
  const svg = qrSvgMarkup(drawQr(url, design), {
    logoHref: design.logo,
    attributes: 'aria-hidden="true" focusable="false"',
  });
  qrSvgs.set(key, svg);
  return svg;
}
