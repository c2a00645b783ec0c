import { describe, expect, it } from 'vitest';
import { cardColours, contrastRatio } from '../../src/card-colours.ts';
import { THEME_PRESETS } from '../../src/colour.ts';
import { DEFAULT_CARD_COLOURS } from '../../src/schemas/vcard.ts';

// One contrast rule for the public page and the dashboard's previews (src/card-colours.ts).

describe('cardColours', () => {
  it("keeps the owner's colours when they read well", () => {
    expect(cardColours({ background: '#1e3a8a', font: '#ffffff', icon: '#fde68a' })).toEqual({
      background: '#1E3A8A',
      font: '#FFFFFF',
      icon: '#FDE68A',
    });
  });

  it('replaces text and icons that would be hard to read with black or white', () => {
    const colours = cardColours({ background: '#00C2FF', font: '#FFFFFF', icon: '#FFFFFF' });
    expect(colours).toEqual({ background: '#00C2FF', font: '#000000', icon: '#000000' });
    expect(cardColours({ background: '#111111', font: '#222222', icon: '#333333' })).toMatchObject({
      font: '#FFFFFF',
      icon: '#FFFFFF',
    });
  });

  it('never lets anything but #RRGGBB through', () => {
    const colours = cardColours({ background: 'red;}</style>', font: 'url(x)', icon: null });
    expect(colours.background).toBe('#00C2FF');
    expect(Object.values(colours).every((value) => /^#[0-9A-F]{6}$/.test(value))).toBe(true);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('card colours meet WCAG AA', () => {
  it.each(THEME_PRESETS.map((preset) => [preset.id, preset.hex]))(
    'with the default white text on the %s theme',
    (_id, hex) => {
      const colours = cardColours({
        background: hex,
        font: DEFAULT_CARD_COLOURS.fontColour,
        icon: DEFAULT_CARD_COLOURS.iconColour,
      });
      expect(contrastRatio(colours.font, colours.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.icon, colours.background)).toBeGreaterThanOrEqual(3);
    },
  );
});
