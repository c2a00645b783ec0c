import { createHmac } from 'node:crypto';
import { hexToRgb } from '../../src/colour.ts';
import { loadSharp } from '../lib/sharp.ts';
import { passContactLines, type PassCard } from './card.ts';
import type { AppleSigner } from './credentials.ts';
import type { PassTexts } from './texts.ts';

// A card as an Apple Wallet pass: a generic pass signed with the operator's Pass Type ID certificate
// (passkit-generator, loaded on first use), its serial number the card's id. The front shows the name
// with the position, the company, the mobile and the e-mail; the back every way to reach the person; the
// QR code opens the card's page. With an https address the pass names this server's pass web service
// (routes.ts), so a phone that holds it fetches it again when the card changes.

/** The icon's and the thumbnail's sides in points, at 1×, 2× and 3× (Apple's pass image sizes). */
const ICON_SIDE = 29;
const THUMBNAIL_SIDE = 90;
const SCALES = [1, 2, 3] as const;

/** The secret a phone shows back to the pass web service for one pass (ApplePass authorization). */
export function passAuthenticationToken(authSecret: string, serialNumber: string): string {
  return createHmac('sha256', authSecret).update(`wallet-pass:${serialNumber}`).digest('base64url');
}

const rgb = (hex: string) => `rgb(${hexToRgb(hex).join(',')})`;

/** The image at each scale, square and centre-cropped, as PNG files named as a pass names them. */
async function scaledPngs(name: string, input: Buffer, side: number): Promise<Record<string, Buffer>> {
  const sharp = await loadSharp();
  const files: Record<string, Buffer> = {};
  for (const scale of SCALES) {
    const file = scale === 1 ? `${name}.png` : `${name}@${scale}x.png`;
    files[file] = await sharp(input)
      .resize({ width: side * scale, height: side * scale, fit: 'cover' })
      .png()
      .toBuffer();
  }
  return files;
}

/** The icon of a card without a photo or logo: a person's outline in the card's colours. */
function outlineIcon(card: PassCard): Buffer {
  const { background, font } = card.colours;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="${background}"/>` +
      `<circle cx="48" cy="36" r="16" fill="${font}"/><path d="M18 84c2-17 14-26 30-26s28 9 30 26z" fill="${font}"/></svg>`,
  );
}

export interface ApplePassOptions {
  card: PassCard;
  /** The card's image (PassCard.image), as stored; null: none (the icon is drawn). */
  image: Buffer | null;
  texts: PassTexts;
  authSecret: string;
  /** The pass web service's address (https only, as Apple asks); null: the pass is not updated. */
  webServiceUrl: string | null;
}

/** The signed .pkpass of a card. */
export async function applePass(signer: AppleSigner, options: ApplePassOptions): Promise<Buffer> {
  const { card, image, texts: t } = options;
  const { PKPass } = await import('passkit-generator');
  const images = {
    ...(await scaledPngs('icon', image ?? outlineIcon(card), ICON_SIDE)),
    ...(image ? await scaledPngs('thumbnail', image, THUMBNAIL_SIDE) : {}),
  };
  const pass = new PKPass(images, signer.certificates, {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    serialNumber: card.vcardId,
    organizationName: card.organization,
    description: t.passOf(card.name),
    logoText: card.company ?? card.organization,
    backgroundColor: rgb(card.colours.background),
    foregroundColor: rgb(card.colours.font),
    labelColor: rgb(card.colours.icon),
    ...(options.webServiceUrl && {
      webServiceURL: options.webServiceUrl,
      authenticationToken: passAuthenticationToken(options.authSecret, card.vcardId),
    }),
  });
  pass.type = 'generic';
  pass.primaryFields.push({ key: 'name', label: card.position ?? '', value: card.name });
  if (card.company) pass.secondaryFields.push({ key: 'company', label: t.company, value: card.company });
  if (card.phone) pass.auxiliaryFields.push({ key: 'mobile', label: t.mobile, value: card.phone });
  if (card.email) pass.auxiliaryFields.push({ key: 'email', label: t.email, value: card.email });
  // a pass's keys must all differ, and the front already has 'mobile' and 'email'
  const back = [...passContactLines(card, t), { key: 'card', label: t.cardPage, value: card.pageUrl }];
  for (const { key, label, value } of back) pass.backFields.push({ key: `back-${key}`, label, value });
  pass.setBarcodes({ message: card.pageUrl, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}
