import { SignJWT } from 'jose';
import type { Locale } from '../../src/i18n.ts';
import { passContactLines, type PassCard } from './card.ts';
import type { GoogleSigner } from './credentials.ts';
import type { PassTexts } from './texts.ts';

// A card as a Google Wallet pass: a generic pass object carried whole in a JWT signed with the operator's
// service account (RS256), which Google's save page turns into a pass, so nothing is stored at Google
// beforehand ("skinny" JWTs need objects made through the API; a signed object needs only the issuer).
// The pass's QR code opens the card's page; Google fetches the photo (or logo) from this server's address.

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** One class serves every card of this server: generic passes take their look from the object. */
const CLASS_SUFFIX = 'tapcard_card';

/** Google Wallet's ids are `{issuer}.{suffix}`, the suffix of word characters, dots and hyphens. */
const idOf = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;

const localized = (locale: Locale, value: string) => ({ defaultValue: { language: locale, value } });

export interface GooglePassOptions {
  card: PassCard;
  locale: Locale;
  texts: PassTexts;
  publicUrl: string;
  now?: Date;
}

/** The claims of the save JWT: the pass class and the card's pass object. */
function passClaims(signer: GoogleSigner, options: GooglePassOptions) {
  const { card, locale, texts: t, publicUrl } = options;
  const classId = idOf(signer.issuerId, CLASS_SUFFIX);
  const image = (path: string | null) =>
    path
      ? { sourceUri: { uri: publicUrl + path }, contentDescription: localized(locale, card.name) }
      : undefined;
  return {
    iss: signer.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    origins: [publicUrl],
    payload: {
      genericClasses: [{ id: classId }],
      genericObjects: [
        {
          id: idOf(signer.issuerId, card.vcardId),
          classId,
          state: 'ACTIVE',
          cardTitle: localized(locale, card.company ?? card.organization),
          header: localized(locale, card.name),
          ...(card.position && { subheader: localized(locale, card.position) }),
          hexBackgroundColor: card.colours.background,
          logo: image(card.image),
          barcode: { type: 'QR_CODE', value: card.pageUrl },
          textModulesData: passContactLines(card, t).map(({ key, label, value }) => ({
            id: key,
            header: label,
            body: value,
          })),
          linksModuleData: { uris: [{ id: 'card', uri: card.pageUrl, description: t.cardPage }] },
        },
      ],
    },
  };
}

/** The address that opens Google's save page for the card's pass. */
export async function googleSaveLink(signer: GoogleSigner, options: GooglePassOptions): Promise<string> {
  const { iss, aud, typ, origins, payload } = passClaims(signer, options);
  const jwt = await new SignJWT({ typ, origins, payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(signer.keyId && { kid: signer.keyId }) })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(options.now ?? new Date())
    .sign(signer.privateKey);
  return GOOGLE_SAVE_URL + jwt;
}
