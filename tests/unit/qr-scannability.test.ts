import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QR_DESIGN,
  drawQr,
  QR_EYE_STYLES,
  QR_LOGO_SCALE_MAX,
  QR_MODULE_STYLES,
  type QrDesign,
} from '../../src/qr-design.ts';
import { QR_DECODERS } from '../../server/qr-images/decoders.ts';
import { drawingScanProblem, scannabilityProblem } from '../../server/qr-images/scannability.ts';
import {
  CHECK_VIEWS,
  hasQuietZone,
  readView,
  renderForCheck,
  type CheckView,
} from '../../server/qr-images/scan-views.ts';
import type { LogoImage } from '../../server/qr-images/render.ts';
import { withConcentricCircleEyes } from '../support/qr-fixtures.ts';

// The QR studio's scan check: rules first, then every view of the rendered code (each PNG size on a white
// border, and turned a few degrees) read back by three real decoders in worker threads: jsQR, ZXing, ZBar.

const VALUE = 'https://cards.example.com/l/Ab3dE5gH7j?qr';

/** Rendering and decoding every view takes seconds on a busy 2-core machine. */
const SLOW = 180_000;

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

/** A view read by every decoder, whatever the check reads it with. */
const byEveryDecoder = (view: CheckView): CheckView => ({
  ...view,
  sights: view.sights.map((sight) => ({ ...sight, decoders: QR_DECODERS })),
});

describe('the scannability check', () => {
  it('accepts the plain default design', { timeout: SLOW }, async () => {
    expect(await scannabilityProblem(VALUE, DEFAULT_QR_DESIGN, null)).toBeNull();
  });

  it(
    'accepts every module and corner style in brand colours, with the largest logo the slider allows',
    { timeout: SLOW * 3 },
    async () => {
      for (const moduleStyle of QR_MODULE_STYLES) {
        for (const eyeStyle of QR_EYE_STYLES) {
          const design = withLogo({
            moduleStyle,
            eyeStyle,
            foreground: '#1E3A8A',
            background: '#FEF3C7',
            logoScale: QR_LOGO_SCALE_MAX,
          });
          expect(
            await scannabilityProblem(VALUE, design, await logo()),
            `${moduleStyle}/${eyeStyle}`,
          ).toBeNull();
        }
      }
    },
  );

  it(
    'refuses concentric circle eyes, which ZBar cannot read, though jsQR alone reads them in every view',
    { timeout: SLOW },
    async () => {
      const design = { ...DEFAULT_QR_DESIGN, foreground: '#1E3A8A', background: '#FEF3C7' };
      const circles = withConcentricCircleEyes(drawQr(VALUE, design));
      expect(await drawingScanProblem(circles, null, VALUE)).toBe('qr_unreadable');
      const missed = new Set<string>();
      for (const view of CHECK_VIEWS) {
        const reading = await readView(circles, null, VALUE, byEveryDecoder(view));
        // jsQR, the check's only decoder before, would have saved this design; ZXing reads it too
        expect(reading.missing, JSON.stringify(view.size)).not.toContain('jsqr');
        expect(reading.missing, JSON.stringify(view.size)).not.toContain('zxing');
        for (const decoder of reading.missing) missed.add(decoder);
      }
      expect([...missed]).toEqual(['zbar']);
      // the studio's own circle corners are read by every decoder in every view
      const studio = drawQr(VALUE, { ...design, eyeStyle: 'circle' });
      expect(await drawingScanProblem(studio, null, VALUE)).toBeNull();
    },
  );

  it('refuses colours too close to each other', async () => {
    const design = { ...DEFAULT_QR_DESIGN, foreground: '#00C2FF', background: '#FFFFFF' };
    expect(await scannabilityProblem(VALUE, design, null)).toBe('qr_low_contrast');
  });

  it('refuses light modules on a dark background', async () => {
    const design = { ...DEFAULT_QR_DESIGN, foreground: '#FFFFFF', background: '#111827' };
    expect(await scannabilityProblem(VALUE, design, null)).toBe('qr_inverted_colours');
  });

  it('refuses a logo larger than the slider allows', async () => {
    const design = withLogo({ logoScale: QR_LOGO_SCALE_MAX + 0.02 });
    expect(await scannabilityProblem(VALUE, design, await logo())).toBe('qr_logo_too_large');
  });

  it('looks for the quiet zone in the pixels, even though the code itself is intact', async () => {
    const drawing = drawQr(VALUE, DEFAULT_QR_DESIGN);
    const full = await renderForCheck(drawing, null, 512);
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
    expect(hasQuietZone(full, DEFAULT_QR_DESIGN.background)).toBe(true);
    expect(hasQuietZone(cropped, DEFAULT_QR_DESIGN.background)).toBe(false);
  });

  it('refuses an image that does not decode to the address', { timeout: SLOW }, async () => {
    const drawing = drawQr(VALUE, DEFAULT_QR_DESIGN);
    expect(await drawingScanProblem(drawing, null, `${VALUE}x`)).toBe('qr_unreadable');
  });
});
