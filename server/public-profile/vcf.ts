import { fileNameText } from '../../src/file-name.ts';
import { cardNameParts } from '../../src/name-parts.ts';
import { toSingleLine } from '../../src/text.ts';
import { serializeVcard } from '../../src/vcard.ts';
import type { Branding } from '../branding/branding.ts';
import type { PublicCard, PublicProfile } from './service.ts';

// The "Save contact" download: the card as a vCard 3.0 file (src/vcard.ts), named after the person, with
// the account's live profile links in their order (the ones its pages show). It is kept with the cached
// profile (cache.ts), so a change of the card or of a link, which drops that, makes it again.

/** The file's PRODID: Tapcard's, or under white label the customer's name (none when it has none). */
function productIdOf(branding: Branding): string | null {
  const maker = branding.kind === 'tapcard' ? 'Tapcard' : branding.name;
  return maker ? `-//${maker}//Digital business card//EN` : null;
}

/**
 * The .vcf text of a profile's card, made by whose brand the page carries (`branding`); the photo is already a small square JPEG in base64
 * (contact-photo.ts). A card saved without given and family name has them suggested from its name in its
 * owner's language.
 */
export function cardVcf(
  profile: Pick<PublicProfile, 'language' | 'links'>,
  card: PublicCard & { vcardId: string },
  photoJpegBase64: string | null,
  branding: Branding,
): string {
  return serializeVcard({
    id: card.vcardId,
    name: card.name,
    nameParts: cardNameParts(card, profile.language),
    company: card.company,
    department: card.department,
    position: card.position,
    phone: card.phone,
    workPhone: card.workPhone,
    address: card.address,
    email: card.email,
    // the serializer writes http(s) URLs only
    website: card.website,
    socialLinks: card.socialLinks.filter((link) => typeof link?.url === 'string'),
    links: profile.links,
    photoJpegBase64,
    updatedAt: card.updatedAt,
    productId: productIdOf(branding),
  });
}

/** RFC 8187 value characters: everything else is percent-encoded. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition of the download (a .vcf, or another file named after the contact): an ASCII file name for old clients (accents dropped, quotes and
 * anything else unsafe removed) and the UTF-8 name in filename* (RFC 6266) for everyone else, without
 * control or invisible formatting characters (a bidi override would show "gpj.exe" for "exe.jpg"), its
 * emoji whole (src/file-name.ts).
 */
export function vcfContentDisposition(name: string, extension = 'vcf'): string {
  const base =
    fileNameText(
      toSingleLine(name)
        .replace(/[/\\:*?"<>|]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ) || 'contact';
  const ascii =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[%;]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'contact';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeRfc8187(`${base}.${extension}`)}`;
}
