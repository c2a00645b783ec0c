import {
  SIGNATURE_IMAGES,
  signatureLayoutFor,
  type SignatureImage,
  type SignatureLayout,
} from '../../src/card-kit.ts';
import { contrastRatio, TEXT_CONTRAST } from '../../src/card-colours.ts';
import { escapeHtml } from '../lib/html.ts';

// An e-mail signature as HTML that Outlook for Windows (Word's engine), Gmail and Apple Mail draw alike:
// nested tables with cellpadding/cellspacing 0, every style inline and its attribute twin beside it
// (width, height, bgcolor, valign), no flexbox, grid, SVG, background image or data: URL; every picture is
// a hosted raster at exactly the size its width and height attributes say. Every text is escaped. Gmail
// keeps at most 10 000 characters, which the longest fields stay under (tests/api/card-kit.test.ts).

export interface SignatureCard {
  name: string;
  /** "Position, Department". */
  position: string | null;
  company: string | null;
  phone: string | null;
  workPhone: string | null;
  email: string | null;
  /** The card's short link with the signature's campaign: every http link of the signature. */
  link: string;
  /** The shown address of that link, without its campaign (https://host/l/code). */
  linkLabel: string;
  /** Hosted image addresses; null where the card has none. */
  images: { photo: string | null; logo: string | null; qr: string };
  /** The card's colours: the accent of rules and the band's background and text. */
  colours: { accent: string; band: string; bandText: string };
}

export interface SignatureTexts {
  mobile: string;
  office: string;
  email: string;
  /** The QR code's alternative text and its caption. */
  scan: string;
}

export interface Signature {
  /** The layout drawn: the one asked for, or the one that fits the card (signatureLayoutFor). */
  layout: SignatureLayout;
  html: string;
  text: string;
}

const FONT = 'Arial,Helvetica,sans-serif';
const INK = '#1f2937';
const MUTED = '#4b5563';

const e = escapeHtml;

/** An accent colour that reads on white (rules and the name stay visible), else a dark grey. */
function onWhite(colour: string): string {
  return contrastRatio(colour, '#ffffff') >= TEXT_CONTRAST ? colour : INK;
}

/** A phone number as a tel: address: its digits and a leading +. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`;
}

function img(image: SignatureImage, src: string, alt: string): string {
  const { width, height } = SIGNATURE_IMAGES[image];
  return `<img src="${e(src)}" width="${width}" height="${height}" alt="${e(alt)}" style="display:block;width:${width}px;height:${height}px;border:0;outline:none;text-decoration:none;">`;
}

function linked(href: string, inner: string, colour: string): string {
  return `<a href="${e(href)}" style="color:${colour};text-decoration:none;">${inner}</a>`;
}

/** One line of text as a table row (Word's engine keeps a row's spacing; a <p> or <div> it does not). */
function row(inner: string, style: string): string {
  return `<tr><td style="font-family:${FONT};${style}">${inner}</td></tr>`;
}

/** The lines under the name: position, company, phones, e-mail and the link, those the card has. */
function detailRows(card: SignatureCard, t: SignatureTexts, accent: string, withCompany: boolean): string {
  const small = `font-size:13px;line-height:18px;color:${MUTED};`;
  const rows: string[] = [];
  if (card.position) rows.push(row(e(card.position), small));
  if (withCompany && card.company) rows.push(row(`<b>${e(card.company)}</b>`, small));
  const contact: string[] = [];
  if (card.phone) contact.push(`${e(t.mobile)} ${linked(telHref(card.phone), e(card.phone), MUTED)}`);
  if (card.workPhone) {
    contact.push(`${e(t.office)} ${linked(telHref(card.workPhone), e(card.workPhone), MUTED)}`);
  }
  for (const line of contact) rows.push(row(line, small));
  if (card.email) {
    rows.push(row(`${e(t.email)} ${linked(`mailto:${card.email}`, e(card.email), MUTED)}`, small));
  }
  rows.push(row(linked(card.link, e(card.linkLabel), accent), `font-size:13px;line-height:18px;`));
  return rows.join('');
}

function nameRow(card: SignatureCard, colour: string): string {
  return row(
    linked(card.link, `<b>${e(card.name)}</b>`, colour),
    `font-size:16px;line-height:22px;color:${colour};`,
  );
}

const TABLE = `cellpadding="0" cellspacing="0" border="0" role="presentation"`;
const tableStyle = `border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt;`;

function cell(width: number | null, inner: string, style = ''): string {
  const sized = width === null ? '' : ` width="${width}"`;
  const sizedStyle = width === null ? '' : `width:${width}px;`;
  return `<td${sized} valign="top" style="${sizedStyle}vertical-align:top;${style}">${inner}</td>`;
}

function qrCell(card: SignatureCard, t: SignatureTexts, padding: string): string {
  const { width } = SIGNATURE_IMAGES.qr;
  return cell(width, linked(card.link, img('qr', card.images.qr, t.scan), INK), padding);
}

/** Picture, a rule, the details, the QR code: one row of three cells. */
function classic(card: SignatureCard, t: SignatureTexts): string {
  const accent = onWhite(card.colours.accent);
  const picture = card.images.photo
    ? img('photo', card.images.photo, card.name)
    : img('logo', card.images.logo ?? '', card.company ?? card.name);
  const pictureWidth = card.images.photo ? SIGNATURE_IMAGES.photo.width : SIGNATURE_IMAGES.logo.width;
  const details = `<table ${TABLE} style="${tableStyle}">${nameRow(card, accent)}${detailRows(card, t, accent, true)}</table>`;
  return (
    `<table ${TABLE} style="${tableStyle}"><tr>` +
    cell(pictureWidth, linked(card.link, picture, accent), 'padding:0 14px 0 0;') +
    cell(null, details, `padding:0 14px;border-left:2px solid ${accent};`) +
    qrCell(card, t, 'padding:0;') +
    `</tr></table>`
  );
}

/** The name and details, then a band in the card's colour with the logo (or company) and the QR code. */
function banner(card: SignatureCard, t: SignatureTexts): string {
  const accent = onWhite(card.colours.accent);
  const { band, bandText } = card.colours;
  const top = `<table ${TABLE} style="${tableStyle}">${nameRow(card, accent)}${detailRows(card, t, accent, Boolean(card.images.logo))}</table>`;
  const mark = card.images.logo
    ? img('logo', card.images.logo, card.company ?? card.name)
    : `<span style="font-family:${FONT};font-size:15px;line-height:20px;color:${bandText};"><b>${e(card.company ?? '')}</b></span>`;
  const bandRow =
    `<table ${TABLE} width="100%" bgcolor="${band}" style="${tableStyle}width:100%;background-color:${band};"><tr>` +
    `<td valign="middle" bgcolor="${band}" style="vertical-align:middle;background-color:${band};padding:8px 12px;">${linked(card.link, mark, bandText)}</td>` +
    `<td width="${SIGNATURE_IMAGES.qr.width + 16}" valign="middle" align="right" bgcolor="${band}" style="width:${SIGNATURE_IMAGES.qr.width + 16}px;vertical-align:middle;background-color:${band};padding:8px;">${linked(card.link, img('qr', card.images.qr, t.scan), bandText)}</td>` +
    `</tr></table>`;
  return (
    `<table ${TABLE} width="420" style="${tableStyle}width:420px;">` +
    `<tr><td style="padding:0 0 8px 0;">${top}</td></tr>` +
    `<tr><td style="padding:0;">${bandRow}</td></tr>` +
    `</table>`
  );
}

/** Text only, no picture: fits every card and every client that blocks images. */
function compact(card: SignatureCard, t: SignatureTexts): string {
  const accent = onWhite(card.colours.accent);
  return `<table ${TABLE} style="${tableStyle}border-left:3px solid ${accent};"><tr><td style="padding:0 0 0 10px;"><table ${TABLE} style="${tableStyle}">${nameRow(card, accent)}${detailRows(card, t, accent, true)}</table></td></tr></table>`;
}

/** The plain-text twin: the same facts, one a line, for clients that send plain text. */
export function signatureText(card: SignatureCard, t: SignatureTexts): string {
  const lines = [
    card.name,
    card.position,
    card.company,
    card.phone && `${t.mobile} ${card.phone}`,
    card.workPhone && `${t.office} ${card.workPhone}`,
    card.email && `${t.email} ${card.email}`,
    card.link,
  ];
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}

/** The signature of a card in the layout asked for, or the one that fits it. */
export function renderSignature(card: SignatureCard, wanted: SignatureLayout, t: SignatureTexts): Signature {
  const layout = signatureLayoutFor(wanted, {
    photo: card.images.photo !== null,
    logo: card.images.logo !== null,
    company: Boolean(card.company),
  });
  const body =
    layout === 'classic' ? classic(card, t) : layout === 'banner' ? banner(card, t) : compact(card, t);
  // the outer font and colour: what a client shows for text a cell does not style
  const html = `<div style="font-family:${FONT};color:${INK};">${body}</div>`;
  return { layout, html, text: signatureText(card, t) };
}
