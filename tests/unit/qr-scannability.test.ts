import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QR_DESIGN,
  drawQr,
  QR_EYE_STYLES,
  QR_MODULE_STYLES,
  type QrDesign,
} from '../../src/qr-design.ts';
import {
  renderedQrProblem,
  renderForCheck,
  scannabilityProblem,
} from '../../server/qr-studio/scannability.ts';
import type { LogoImage } from '../../server/qr-studio/render.ts';

// The QR studio's scannability check (issue 13 item 3): rules first, then the rendered image read back
// by jsQR, a real decoder.

const VALUE = 'https://cards.example.com/l/Ab3dE5gH7j?qr';

async function logo(): Promise<LogoImage> {
  const bytes = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#E11D48' } })
    .jpeg()
    .toBuffer();
  return { bytes, contentType: 'image/jpeg' };
}

const withLogo = (design: Partial<QrDesign>): QrDesign => ({
  ...DEFAULT_QR_DESIGN,
  logo: '/media/0123456789abcdef0123456789abcdef.jpg',
  ...design,
});

describe('the scannability check', () => {
  it('accepts the plain default design', async () => {
    expect(await scannabilityProblem(VALUE, DEFAULT_QR_DESIGN, null)).toBeNull();
  });

  it('accepts every module and eye style in brand colours, with a logo of the default size', async () => {
    for (const moduleStyle of QR_MODULE_STYLES) {
      for (const eyeStyle of QR_EYE_STYLES) {
        const design = withLogo({ moduleStyle, eyeStyle, foreground: '#1E3A8A', background: '#FEF3C7' });
        expect(
          await scannabilityProblem(VALUE, design, await logo()),
          `${moduleStyle}/${eyeStyle}`,
        ).toBeNull();
      }
    }
  });

  it('refuses colours too close to each other', async () => {
    const design = { ...DEFAULT_QR_DESIGN, foreground: '#00C2FF', background: '#FFFFFF' };
    expect(await scannabilityProblem(VALUE, design, null)).toBe('qr_low_contrast');
  });

  it('refuses light modules on a dark background', async () => {
    const design = { ...DEFAULT_QR_DESIGN, foreground: '#FFFFFF', background: '#111827' };
    expect(await scannabilityProblem(VALUE, design, null)).toBe('qr_inverted_colours');
  });

  it('refuses a logo that hides too much of the code', async () => {
    expect(await scannabilityProblem(VALUE, withLogo({ logoScale: 0.4 }), await logo())).toBe(
      'qr_logo_too_large',
    );
  });

  it('refuses an image without its quiet zone, even though the code itself is intact', async () => {
    const drawing = drawQr(VALUE, DEFAULT_QR_DESIGN);
    const full = await renderForCheck(drawing, null);
    // the same image with 3 of its 4 quiet modules cut away on every side
    const cut = Math.round((full.width / drawing.side) * 3);
    const side = full.width - 2 * cut;
    const { data, info } = await sharp(Buffer.from(full.rgba), {
      raw: { width: full.width, height: full.height, channels: 4 },
    })
      .extract({ left: cut, top: cut, width: side, height: side })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const cropped = {
      rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      modulesAcross: drawing.side - 6,
    };
    expect(renderedQrProblem(full, VALUE, DEFAULT_QR_DESIGN.background)).toBeNull();
    expect(renderedQrProblem(cropped, VALUE, DEFAULT_QR_DESIGN.background)).toBe('qr_no_quiet_zone');
  });

  it('refuses an image that does not decode to the address', async () => {
    const image = await renderForCheck(drawQr(VALUE, DEFAULT_QR_DESIGN), null);
    expect(renderedQrProblem(image, `${VALUE}x`, DEFAULT_QR_DESIGN.background)).toBe('qr_unreadable');
  });
});
