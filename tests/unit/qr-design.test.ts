import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QR_DESIGN,
  drawQr,
  QR_LOGO_MAX_AREA_SHARE,
  QR_LOGO_SCALE_MAX,
  QR_LOGO_SCALE_MIN,
  QR_LOGO_SCALE_STEP,
  QR_QUIET_ZONE_MODULES,
  qrDesignInEffect,
  qrDesignProblem,
  type QrDesign,
} from '../../src/qr-design.ts';

// The one drawing of a QR code (src/qr-design.ts): level H and a 4-module quiet zone always, the logo's
// share of the modules counted, and the plain code while the plan lacks customBranding.

const VALUE = 'https://cards.example.com/l/Ab3dE5gH7j?qr';
const DESIGN: QrDesign = { ...DEFAULT_QR_DESIGN, foreground: '#1E3A8A', logo: '/media/x.jpg' };

describe('drawQr', () => {
  it('draws level H with 4 light modules around the code', () => {
    const { modules } = QRCode.create(VALUE, { errorCorrectionLevel: 'H' });
    const drawing = drawQr(VALUE, DEFAULT_QR_DESIGN);
    expect(drawing.side).toBe(modules.size + 2 * QR_QUIET_ZONE_MODULES);
    expect(drawing.logo).toBeNull();
    expect(drawing.logoShare).toBe(0);
  });

  it('centres the logo, leaves its modules out and counts their share', () => {
    const drawing = drawQr(VALUE, DESIGN);
    const logo = drawing.logo;
    expect(logo).not.toBeNull();
    expect(logo!.x + logo!.size / 2).toBeCloseTo(drawing.side / 2);
    expect(logo!.y).toBe(logo!.x);
    expect(drawing.logoShare).toBeGreaterThan(0);
    expect(drawing.logoShare).toBeLessThanOrEqual(QR_LOGO_MAX_AREA_SHARE);
    expect(qrDesignProblem(drawing, DESIGN)).toBeNull();
    const large = { ...DESIGN, logoScale: 0.4 };
    expect(qrDesignProblem(drawQr(VALUE, large), large)).toBe('qr_logo_too_large');
  });
});

describe('the largest logo', () => {
  // every code size from a short link on a short address to a long page address
  const values = Array.from({ length: 18 }, (_, i) => `https://a.example/l/${'x'.repeat(i * 10)}?qr`);
  const withLogoScale = (logoScale: number): QrDesign => ({ ...DESIGN, logoScale });

  it('hides at most the allowed share of the modules at every code size', () => {
    const sizes = new Set<number>();
    for (const value of values) {
      const drawing = drawQr(value, withLogoScale(QR_LOGO_SCALE_MAX));
      sizes.add(drawing.side);
      expect(drawing.logoShare, value).toBeLessThanOrEqual(QR_LOGO_MAX_AREA_SHARE);
    }
    expect(sizes.size).toBeGreaterThan(8);
  });

  it('is a step of the slider from its smallest logo', () => {
    const steps = (QR_LOGO_SCALE_MAX - QR_LOGO_SCALE_MIN) / QR_LOGO_SCALE_STEP;
    expect(steps).toBeCloseTo(Math.round(steps), 9);
  });

  it('is the rule the server checks: a logo past it is refused before any rendering', () => {
    const value = values[0]!;
    const largest = withLogoScale(QR_LOGO_SCALE_MAX);
    expect(qrDesignProblem(drawQr(value, largest), largest)).toBeNull();
    const larger = withLogoScale(QR_LOGO_SCALE_MAX + 0.01);
    expect(qrDesignProblem(drawQr(value, larger), larger)).toBe('qr_logo_too_large');
  });
});

describe('qrDesignInEffect', () => {
  it('draws the saved design for Pro and Business, and the plain code for Free, keeping nothing else', () => {
    expect(qrDesignInEffect('pro', DESIGN)).toBe(DESIGN);
    expect(qrDesignInEffect('business', DESIGN)).toBe(DESIGN);
    expect(qrDesignInEffect('free', DESIGN)).toEqual(DEFAULT_QR_DESIGN);
    expect(qrDesignInEffect('pro', null)).toEqual(DEFAULT_QR_DESIGN);
  });
});
