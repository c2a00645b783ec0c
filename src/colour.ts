// Theme colours (spec sections 2 and 5): six presets, Ocean Blue by default, or any #RRGGBB.

export const DEFAULT_THEME_COLOUR = '#00C2FF';

export const THEME_PRESETS = [
  { id: 'oceanBlue', hex: '#00C2FF' },
  { id: 'purple', hex: '#9333EA' },
  { id: 'emerald', hex: '#10B981' },
  { id: 'rose', hex: '#F43F5E' },
  { id: 'amber', hex: '#F59E0B' },
  { id: 'indigo', hex: '#6366F1' },
] as const;

/** White and black: offered beside the theme colours for a card's text and icons. */
export const NEUTRAL_PRESETS = [
  { id: 'white', hex: '#FFFFFF' },
  { id: 'black', hex: '#000000' },
] as const;

/** A complete colour: # and six hex digits. */
export const HEX_COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** What the hex field accepts while typing: # followed by up to six hex digits (spec section 5). */
export const PARTIAL_HEX_COLOUR_PATTERN = /^#[0-9A-Fa-f]{0,6}$/;

/** The red, green and blue channels (0-255) of a #RRGGBB colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function isCompleteHexColour(value: string): boolean {
  return HEX_COLOUR_PATTERN.test(value);
}
