import { cardColours, type CardColours } from '../../src/card-colours.ts';
import { postalAddressLines } from '../../src/postal-address.ts';
import { isHttpUrl } from '../../src/url.ts';
import type { Branding } from '../branding/branding.ts';
import type { PublicCard } from '../public-profile/service.ts';
import {
  positionWithDepartment,
  shownSocialLinks,
  type ShownSocialLink,
} from '../public-profile/shown-fields.ts';
import type { CardDesign } from '../../src/schemas/card-design.ts';
import type { PassTexts } from './texts.ts';

// What a wallet pass shows of a card, the same for Apple's and Google's: the card as its page shows it
// (a team card with its template merged), and the page's address, which the pass's QR code opens.

export interface PassCard {
  vcardId: string;
  name: string;
  /** "Position, Department", as the card's page says it. */
  position: string | null;
  company: string | null;
  phone: string | null;
  workPhone: string | null;
  email: string | null;
  website: string | null;
  addressLines: string[];
  /** The social profiles, under the names the card's page gives them. */
  socialLinks: ShownSocialLink[];
  /** The card's photo, else its design's logo (a /media/ path), or null. */
  image: string | null;
  colours: CardColours;
  /** The card's public page (its QR code's address). */
  pageUrl: string;
  /** The brand the pass is issued under: Tapcard's, or the customer's under white label. */
  organization: string;
  updatedAt: Date;
}

const text = (value: string | null) => value?.trim() || null;

export function passCardOf(
  card: PublicCard & { vcardId: string },
  shown: { branding: Branding; design: CardDesign },
  pageUrl: string,
): PassCard {
  const { branding, design } = shown;
  return {
    vcardId: card.vcardId,
    name: card.name,
    position: text(positionWithDepartment(card)),
    company: text(card.company),
    phone: text(card.phone),
    workPhone: text(card.workPhone),
    email: text(card.email),
    website: card.website && isHttpUrl(card.website) ? card.website : null,
    addressLines: postalAddressLines(card.address),
    socialLinks: shownSocialLinks(card),
    image: card.photo ?? design.logo ?? null,
    colours: cardColours(card.colours),
    pageUrl,
    organization: branding.kind === 'customer' ? branding.name : 'Tapcard',
    updatedAt: card.updatedAt,
  };
}

/**
 * The ways to reach the person that the card has, in the one order both passes list them: the back of
 * Apple's pass, the text modules of Google's.
 */
export function passContactLines(
  card: PassCard,
  t: PassTexts,
): { key: string; label: string; value: string }[] {
  const lines: [string, string, string | null][] = [
    ['mobile', t.mobile, card.phone],
    ['work', t.workPhone, card.workPhone],
    ['email', t.email, card.email],
    ['website', t.website, card.website],
    ['address', t.address, card.addressLines.join('\n') || null],
    ...card.socialLinks.map(({ name, url }, index): [string, string, string] => [
      `social-${index}`,
      name,
      url,
    ]),
  ];
  return lines.flatMap(([key, label, value]) => (value ? [{ key, label, value }] : []));
}
