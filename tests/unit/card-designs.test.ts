import { describe, expect, it } from 'vitest';
import { contrastRatio, designColours, designTextPairs, TEXT_CONTRAST } from '../../src/card-colours.ts';
import { THEME_PRESETS } from '../../src/colour.ts';
import {
  BUTTON_STYLES,
  CARD_LAYOUTS,
  CardDesignSchema,
  COVER_KINDS,
  FREE_DESIGN,
  storedDesign,
} from '../../src/schemas/card-design.ts';

// The contrast rule over every design: every text of every
// layout, button style and cover, on the background it actually sits on.

const PRESET_COLOURS = THEME_PRESETS.map((preset) => preset.hex);
const EDGE_COLOURS = ['#FFFFFF', '#000000', '#777777', '#FFFF00', '#1E3A8A', '#F3F5F8', '#111827'];
const COLOURS = [...PRESET_COLOURS, ...EDGE_COLOURS];

/** A fixed pseudo-random sequence: the same colours on every run. */
function* sampleColours(count: number): Generator<string> {
  let seed = 13;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    yield `#${(seed % 0x1000000).toString(16).padStart(6, '0').toUpperCase()}`;
  }
}

const designs = CARD_LAYOUTS.flatMap((layout) =>
  BUTTON_STYLES.flatMap((buttonStyle) => COVER_KINDS.map((cover) => ({ layout, buttonStyle, cover }))),
);

describe('designTextPairs', () => {
  it.each(designs)(
    '$layout, $buttonStyle buttons, $cover cover: every text reads at 4.5:1 for every preset and colour',
    (shape) => {
      const sampled = [...sampleColours(12)];
      const failures: string[] = [];
      for (const background of [...COLOURS, ...sampled]) {
        for (const font of [...COLOURS.slice(0, 8), sampled[0] ?? '#000000']) {
          for (const accent of [...PRESET_COLOURS, '#FFFFFF', '#000000']) {
            const design = { ...FREE_DESIGN, ...shape, accentColour: accent };
            const colours = designColours({ background, font, icon: font }, design);
            for (const pair of designTextPairs(colours, design)) {
              if (contrastRatio(pair.text, pair.background) < TEXT_CONTRAST) {
                failures.push(`${pair.what}: ${pair.text} on ${pair.background}`);
              }
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('lists the name on both ends of a gradient cover where it sits on the card colour', () => {
    const design = { ...FREE_DESIGN, cover: 'gradient' as const, accentColour: '#FFFFFF' };
    const colours = designColours({ background: '#1E3A8A', font: '#FFFFFF', icon: '#FFFFFF' }, design);
    const names = designTextPairs(colours, design).filter((pair) => pair.what === 'name and role');
    expect(names.map((pair) => pair.background)).toEqual(['#1E3A8A', colours.accent]);
    // white cannot read on white: the accent moved toward the card colour until it does
    expect(colours.accent).not.toBe('#FFFFFF');
  });

  it('keeps a readable accent as chosen', () => {
    const colours = designColours(
      { background: '#1E3A8A', font: '#FFFFFF', icon: '#FFFFFF' },
      { layout: 'centred', accentColour: '#9333EA' },
    );
    expect(colours.accent).toBe('#9333EA');
  });
});

describe('storedDesign', () => {
  it('reads a saved design, and falls back field by field to the free design', () => {
    const saved = { ...FREE_DESIGN, layout: 'dark', font: 'lora' };
    expect(storedDesign(saved)).toEqual(CardDesignSchema.parse(saved));
    expect(storedDesign(null)).toEqual(FREE_DESIGN);
    expect(storedDesign({ layout: 'compact' })).toEqual({ ...FREE_DESIGN, layout: 'compact' });
    expect(storedDesign({ layout: 'unknown' })).toEqual(FREE_DESIGN);
  });
});
