import { isCompleteHexColour } from './colour.ts';
import { DEFAULT_CARD_COLOURS } from './schemas/vcard.ts';

// A card's colours as people see them: on the public page (server/public-profile) and in every preview of
// the dashboard (web/components/card), so the owner sees what visitors see. Only a complete #RRGGBB ever
// comes out (nothing else can break out of the page's CSS), and text or icons that would be hard to read
// on the background colour are shown in black or white instead (WCAG AA contrast: 4.5:1 for text, 3:1 for
// icons). The initials circle is the text colour with the background colour on it: the same pair.

export interface CardColours {
  background: string;
  font: string;
  icon: string;
}

const TEXT_CONTRAST = 4.5;
const ICON_CONTRAST = 3;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The preferred colour if it reads well enough on the background, else black or white, whichever reads best. */
function readableOn(background: string, preferred: string, minimum: number): string {
  if (contrastRatio(preferred, background) >= minimum) return preferred;
  return contrastRatio('#000000', background) >= contrastRatio('#FFFFFF', background) ? '#000000' : '#FFFFFF';
}

const valid = (value: string | null | undefined, fallback: string) =>
  value && isCompleteHexColour(value) ? value.toUpperCase() : fallback;

/** The colours shown for a card's stored (or typed) background, font and icon colours. */
export function cardColours(stored: {
  background: string | null | undefined;
  font: string | null | undefined;
  icon: string | null | undefined;
}): CardColours {
  const background = valid(stored.background, DEFAULT_CARD_COLOURS.backgroundColour);
  return {
    background,
    font: readableOn(background, valid(stored.font, DEFAULT_CARD_COLOURS.fontColour), TEXT_CONTRAST),
    icon: readableOn(background, valid(stored.icon, DEFAULT_CARD_COLOURS.iconColour), ICON_CONTRAST),
  };
}
