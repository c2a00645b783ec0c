import QRCode from 'qrcode';
import { createLru } from '../lib/lru.ts';

// The QR code on each public page: inline SVG of the page's own public URL (DECISIONS.md: a vCard's QR
// code encodes its public page URL). Drawing one costs a few milliseconds, so each URL is drawn once.

const qrSvgs = createLru<string, string>({ maxEntries: 5_000, ttlMs: 24 * 60 * 60 * 1000 });

/** Medium error correction: read from a screen, it does not need H's redundancy, and the page stays small. */
export async function qrSvg(url: string): Promise<string> {
  const cached = qrSvgs.get(url);
  if (cached) return cached;
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // decorative for screen readers: the caption beside it says what it is
  const marked = svg.replace('<svg ', '<svg aria-hidden="true" focusable="false" ').trim();
  qrSvgs.set(url, marked);
  return marked;
}
