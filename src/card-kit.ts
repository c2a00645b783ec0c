// The card everywhere a person works (docs/decisions/027-card-everywhere.md): an e-mail signature and a
// meeting background made from each card. These rules are shared by the server, which makes them, and the
// dashboard, which offers them: the layouts, the sizes of every image they show, and the campaign their
// links carry so that analytics can tell what signatures and backgrounds bring.

/** The signature's three layouts; `compact` fits every card (a card always has a name). */
export const SIGNATURE_LAYOUTS = ['classic', 'banner', 'compact'] as const;
export type SignatureLayout = (typeof SIGNATURE_LAYOUTS)[number];

/** The meeting background's two layouts: a side panel, or the two top corners. */
export const BACKGROUND_LAYOUTS = ['panel', 'corners'] as const;
export type BackgroundLayout = (typeof BACKGROUND_LAYOUTS)[number];

/** The background's widths; the height is 9/16 of it (1920×1080, 1280×720). */
export const BACKGROUND_WIDTHS = [1920, 1280] as const;
export type BackgroundWidth = (typeof BACKGROUND_WIDTHS)[number];
export const backgroundHeight = (width: BackgroundWidth): number => (width * 9) / 16;

/** utm_medium of every link of a signature and of its QR code: analytics' campaign breakdown shows it. */
export const SIGNATURE_UTM_MEDIUM = 'email-signature';
/** utm_medium of the QR code of a meeting background. */
export const BACKGROUND_UTM_MEDIUM = 'meeting-background';

/** Gmail keeps a signature of at most this many characters of HTML (its settings refuse a longer one). */
export const GMAIL_SIGNATURE_MAX_CHARS = 10_000;

/**
 * The images a signature shows, each served at exactly the size its `<img>` says (Outlook for Windows
 * draws an image at its file's size when the attributes and the file disagree): `photo` square JPEG,
 * `logo` a PNG that keeps its transparency, contained in its box, `qr` the card's short link.
 */
export const SIGNATURE_IMAGES = {
  photo: { width: 88, height: 88, extension: 'jpg' },
  logo: { width: 120, height: 40, extension: 'png' },
  qr: { width: 96, height: 96, extension: 'png' },
} as const;
export type SignatureImage = keyof typeof SIGNATURE_IMAGES;

/** The file name of a signature image under /vcard/{id}/signature/ (photo.jpg, logo.png, qr.png). */
export function signatureImageFile(image: SignatureImage): string {
  return `${image}.${SIGNATURE_IMAGES[image].extension}`;
}

/** What a card has that the layouts need. */
export interface SignatureFacts {
  /** A photo, or a logo standing in for it (the design's or the team's). */
  photo: boolean;
  logo: boolean;
  company: boolean;
}

/**
 * The layout a card is given when `wanted` needs what it lacks, so a signature never has an empty cell:
 * `classic` needs a picture (the photo, else the logo), `banner` a company or a logo for its band; any
 * card fits `compact`.
 */
export function signatureLayoutFor(wanted: SignatureLayout, facts: SignatureFacts): SignatureLayout {
  if (wanted === 'classic' && !(facts.photo || facts.logo)) return signatureLayoutFor('banner', facts);
  if (wanted === 'banner' && !(facts.company || facts.logo)) return 'compact';
  return wanted;
}

/** The address a background is downloaded from (signed in): one card's. */
export function backgroundDownloadPath(
  base: string,
  vcardId: string,
  layout: BackgroundLayout,
  width: BackgroundWidth,
): string {
  return `${base}/${vcardId}/background.png?layout=${layout}&width=${width}`;
}
