import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  BACKGROUND_UTM_MEDIUM,
  SIGNATURE_UTM_MEDIUM,
  signatureImageFile,
  type SignatureImage,
} from '../../src/card-kit.ts';
import { cardColours, designColours } from '../../src/card-colours.ts';
import type { Locale } from '../../src/i18n.ts';
import { serverPaths } from '../../src/routes.ts';
import { printedCode, printedOrigin, QR_SCAN_MARKER, shortLinkUrl } from '../../src/schemas/link.ts';
import { AppError } from '../lib/errors.ts';
import { pageFeatures, type PublicProfile } from '../public-profile/service.ts';
import { positionWithDepartment } from '../public-profile/shown-fields.ts';
import type { BackgroundCard } from './background.ts';
import type { SignatureCard } from './signature.ts';

// What a signature and a background show of a card: the card as its public page shows it (a team card
// with its template merged, the design its plan draws), and the card's own short link (its managed QR
// code's, on the domain it is printed with), which every link of both carries with its campaign.

export interface KitCard {
  vcardId: string;
  profile: PublicProfile;
  /** The origin the card's links and images are served on: its custom domain, else the main address. */
  origin: string;
  /** The card's short link (https://host/l/code), without a query. */
  shortUrl: string;
  /** The card's photo and logo (/media/ paths), or null. */
  photo: string | null;
  logo: string | null;
  /** What changes the images' addresses, so that mail clients' caches fetch them again. */
  version: number;
  language: Locale;
}

/** The card's short link, read with its card. */
export async function kitCardOf(
  db: Kysely<Database>,
  publicUrl: string,
  profile: PublicProfile,
): Promise<KitCard> {
  const vcardId = profile.card.vcardId;
  if (!vcardId) throw new AppError('not_found');
  const link = await db
    .selectFrom('links')
    .innerJoin('vcards', 'vcards.id', 'links.vcard_id')
    .select(['links.code', 'links.chosen_code', 'links.domain', 'vcards.version'])
    .where('links.vcard_id', '=', vcardId)
    .where('links.kind', '=', 'qr')
    .executeTakeFirst();
  if (!link) throw new AppError('not_found');
  const origin = printedOrigin(publicUrl, link);
  const { design } = pageFeatures(profile);
  return {
    vcardId,
    profile,
    origin,
    shortUrl: shortLinkUrl(origin, printedCode(link)),
    photo: profile.card.photo ?? null,
    logo: design.logo ?? profile.brandOwner.logo ?? null,
    version: link.version,
    language: profile.language,
  };
}

/** The short link with a campaign's medium (and the scan marker for a QR code). */
export function campaignUrl(kit: KitCard, medium: string, { scan = false } = {}): string {
  return `${kit.shortUrl}?${scan ? `${QR_SCAN_MARKER}&` : ''}utm_medium=${medium}`;
}

/** A signature image's address on the card's origin, /vcard/{id}/signature/{file}?v={version}. */
export function signatureImageUrl(kit: KitCard, image: SignatureImage): string {
  return `${kit.origin}${serverPaths.vcardPage}/${kit.vcardId}/signature/${signatureImageFile(image)}?v=${kit.version}`;
}

const text = (value: string | null | undefined) => value?.trim() || null;

function kitColours(kit: KitCard) {
  const { card } = kit.profile;
  const { design } = pageFeatures(kit.profile);
  const colours = cardColours(card.colours);
  return { ...colours, accent: designColours(card.colours, design).accent };
}

export function signatureCardOf(kit: KitCard): SignatureCard {
  const { card } = kit.profile;
  const colours = kitColours(kit);
  return {
    name: card.name,
    position: text(positionWithDepartment(card)),
    company: text(card.company),
    phone: text(card.phone),
    workPhone: text(card.workPhone),
    email: text(card.email),
    link: campaignUrl(kit, SIGNATURE_UTM_MEDIUM),
    linkLabel: kit.shortUrl.replace(/^https?:\/\//, ''),
    images: {
      photo: kit.photo && signatureImageUrl(kit, 'photo'),
      logo: kit.logo && signatureImageUrl(kit, 'logo'),
      qr: signatureImageUrl(kit, 'qr'),
    },
    colours: { accent: colours.accent, band: colours.background, bandText: colours.font },
  };
}

export function backgroundCardOf(kit: KitCard, logo: Buffer | null): BackgroundCard {
  const { card } = kit.profile;
  const colours = kitColours(kit);
  return {
    name: card.name,
    position: text(positionWithDepartment(card)),
    company: text(card.company),
    logo,
    colours: { background: colours.background, accent: colours.accent },
    qrUrl: campaignUrl(kit, BACKGROUND_UTM_MEDIUM, { scan: true }),
  };
}
