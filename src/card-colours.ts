import { hexToRgb, isCompleteHexColour } from './colour.ts';
import type { CardDesign } from './schemas/card-design.ts';
import { DEFAULT_CARD_COLOURS } from './schemas/vcard.ts';

// A card's colours as people see them: on the public page (server/public-profile) and in every preview of
// the dashboard (web/components/card), so the owner sees what visitors see. Only a complete #RRGGBB ever
// comes out (nothing else can break out of the page's CSS), and text or icons that would be hard to read
// on the background colour are shown in black or white instead (WCAG AA contrast: 4.5:1 for text, 3:1 for
// icons). The initials circle is the text colour with the background colour on it: the same pair.
// A design (src/schemas/card-design.ts) puts text on more backgrounds: the page's surface, a gradient,
// outline buttons. designColours() applies the same rule to each, and designTextPairs() lists every text
// of every layout with the background it sits on, which a unit test holds to AA.

export interface CardColours {
  background: string;
  font: string;
  icon: string;
}

export const TEXT_CONTRAST = 4.5;
const ICON_CONTRAST = 3;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
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

/** The page around the card: light for every layout but 'dark'. Fixed pairs, well above AA. */
const SURFACES = {
  light: {
    page: '#EEF1F5',
    surface: '#FFFFFF',
    text: '#1A1D23',
    muted: '#4A5263',
    tile: '#F3F5F8',
    border: '#DFE3EA',
    error: '#B91C1C',
  },
  dark: {
    page: '#030712',
    surface: '#111827',
    text: '#F3F4F6',
    muted: '#B6BECB',
    tile: '#1F2937',
    border: '#4B5563',
    error: '#FCA5A5',
  },
} as const;

export interface DesignColours extends CardColours {
  /** Behind the card: where the footer is. */
  page: string;
  surface: string;
  /** Text on the surface: the name in layouts that put it there, profile links in the free style. */
  surfaceText: string;
  /** The QR caption (on the surface) and the footer (on the page). */
  mutedText: string;
  /** The contact tiles (Call, Email, Website) and their labels. */
  tile: string;
  tileText: string;
  /** Borders of neutral links (no text). */
  border: string;
  /** A form's messages about what needs correcting, and the edge of what they are about (on the surface). */
  errorText: string;
  /** The gradient's end: the accent, moved toward the background until the card's text reads on it. */
  accent: string;
  /** Name and role: on the card's colour (centred, compact) or on the surface (left, dark). */
  headerText: string;
  headerBackgrounds: string[];
  /** Outline buttons: their text and border on the surface. */
  outlineText: string;
}

function mix(from: string, to: string, share: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  const channelAt = (i: 0 | 1 | 2) => Math.round(a[i] * (1 - share) + b[i] * share);
  const value = (channelAt(0) << 16) | (channelAt(1) << 8) | channelAt(2);
  return `#${value.toString(16).padStart(6, '0').toUpperCase()}`;
}

/** The accent, or the first step toward the background (which always passes) where `text` reads on it. */
function readableAccent(accent: string, background: string, text: string): string {
  for (let step = 0; step <= 10; step++) {
    const candidate = mix(accent, background, step / 10);
    if (contrastRatio(text, candidate) >= TEXT_CONTRAST) return candidate;
  }
  return background;
}

/** Every colour of a designed page, each text already readable on what it sits on. */
export function designColours(
  stored: Parameters<typeof cardColours>[0],
  design: Pick<CardDesign, 'layout' | 'accentColour'>,
): DesignColours {
  const card = cardColours(stored);
  const page = design.layout === 'dark' ? SURFACES.dark : SURFACES.light;
  const accent = readableAccent(valid(design.accentColour, card.background), card.background, card.font);
  const onCard = design.layout === 'centred' || design.layout === 'compact';
  return {
    ...card,
    page: page.page,
    surface: page.surface,
    surfaceText: page.text,
    mutedText: page.muted,
    tile: page.tile,
    tileText: page.text,
    border: page.border,
    errorText: page.error,
    accent,
    headerText: onCard ? card.font : page.text,
    headerBackgrounds: onCard ? [card.background, accent] : [page.surface],
    outlineText: readableOn(page.surface, card.background, TEXT_CONTRAST),
  };
}

export interface TextPair {
  what: string;
  text: string;
  background: string;
}

/**
 * Every text of a designed page and the background behind it (src/schemas/card-design.ts; the renderer,
 * server/public-profile/design-styles.ts, paints with these colours only). Icons are left out: 3:1 by the
 * rule above.
 */
export function designTextPairs(colours: DesignColours, design: Pick<CardDesign, 'buttonStyle'>): TextPair[] {
  const pairs: TextPair[] = colours.headerBackgrounds.flatMap((background) => [
    { what: 'name and role', text: colours.headerText, background },
  ]);
  pairs.push(
    { what: 'initials', text: colours.background, background: colours.font },
    { what: 'contact tile', text: colours.tileText, background: colours.tile },
    { what: 'QR caption', text: colours.mutedText, background: colours.surface },
    { what: 'footer', text: colours.mutedText, background: colours.page },
    { what: 'form message', text: colours.errorText, background: colours.surface },
  );
  if (design.buttonStyle === 'outline') {
    pairs.push({ what: 'outline button', text: colours.outlineText, background: colours.surface });
  } else {
    pairs.push({ what: 'filled button', text: colours.font, background: colours.background });
  }
  if (design.buttonStyle === 'filled') {
    pairs.push({ what: 'profile link', text: colours.surfaceText, background: colours.surface });
  }
  return pairs;
}
