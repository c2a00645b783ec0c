import punycode from 'punycode.js';
import { suggestNameParts, type NameParts } from './name-parts.ts';
import { POSTAL_ADDRESS_PARTS, type PostalAddress } from './postal-address.ts';
import { OTHER_PLATFORM } from './social-profiles.ts';
import { toSingleLine } from './text.ts';
import { isHttpUrl } from './url.ts';

// vCard 3.0 (RFC 2426) for the "Save contact" download: the card's one job is to import correctly on
// iPhone, Google Contacts and Outlook. Written by hand (docs/decisions/009-own-vcard-serializer.md) so every
// rule that importers trip over is visible and tested: escaping, folding by octets, CRLF, one card, no
// BOM/CHARSET. Whatever a stored value holds (rows written before the text rule of src/text.ts too), it can
// never end a property or start another one.

export interface VcardContact {
  /** Stable id of the card: the UID, so re-importing updates the contact instead of duplicating it. */
  id: string;
  name: string;
  /** How contacts apps file the card (N); without it, the parts are suggested from `name`. */
  nameParts?: NameParts | null;
  company?: string | null;
  /** Written as the ORG's second component (organizational unit). */
  department?: string | null;
  position?: string | null;
  /** The mobile number (TEL;TYPE=CELL); the work phone is TEL;TYPE=WORK. */
  phone?: string | null;
  workPhone?: string | null;
  /** ADR;TYPE=WORK. */
  address?: PostalAddress | null;
  email?: string | null;
  website?: string | null;
  /** Social profiles, and the link of the person's own naming (platform 'other', with its label). */
  socialLinks?: readonly { platform: string; url: string; label?: string | undefined }[];
  /** The account's profile links, in their order: each a URL with its title as label. */
  links?: readonly { title: string; url: string }[];
  /** A JPEG in base64, already square and small (phones ignore photo URLs). */
  photoJpegBase64?: string | null;
  /** NOTE: free text about the contact (a lead's own words). */
  note?: string | null;
  updatedAt: Date;
  /** PRODID: who made the file, as a formal public identifier ("-//Maker//Product//EN"); none when absent. */
  productId?: string | null;
}

const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';
const utf8 = new TextEncoder();

/**
 * TEXT values (RFC 2426 section 4): backslash and comma escaped; a line break of any kind, which would
 * end the property, written as the \n escape; a tab as a space; other control characters, which are not
 * text, dropped. The semicolon is escaped in structured values (N, ORG), where it separates components;
 * elsewhere readers take it literally (ical.js keeps the backslash of a "\;" there, as RFC 6350 has it,
 * while vobject reads a bare one as text), so it stays bare.
 */
export function escapeText(value: string, { structured = false } = {}): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, structured ? '\\;' : ';')
    .replace(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/g, '\\n')
    .replace(/\t/g, ' ')
    .replace(/\p{Cc}/gu, '');
}

/** Characters a reader may show as they are: letters, marks, digits, punctuation and symbols. */
const READABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
/** Runs of percent-encoded bytes. */
const PERCENT_RUNS = /(?:%[0-9A-Fa-f]{2})+/g;

/** Percent-encoded UTF-8 of readable non-ASCII characters decoded; every other byte stays encoded. */
function decodeReadable(run: string): string {
  let bytes: Uint8Array;
  let text: string;
  try {
    bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return run;
  }
  return Array.from(text, (char) => {
    if ((char.codePointAt(0) ?? 0) >= 0x80 && READABLE.test(char)) return char;
    return Array.from(
      utf8.encode(char),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join('');
  }).join('');
}

/**
 * URI values (URL, X-SOCIALPROFILE), or null for anything but an http(s) URL. The address is the one a
 * browser reads (WHATWG parsing: line breaks and tabs dropped, spaces and controls encoded), written as an
 * IRI so that contacts show it as it was typed: an international domain in its letters, and percent-encoded
 * letters, digits, punctuation and symbols beyond ASCII decoded (RFC 3987: the same address). vCard 3.0 has
 * no escaping for URIs and readers disagree (vobject splits a value at a bare comma, ical.js keeps a
 * backslash), so the comma, semicolon and backslash are percent-encoded: the same address, read alike.
 * Spaces, controls and invisible formatting characters stay encoded.
 */
export function uriValue(url: string): string | null {
  if (!isHttpUrl(url)) return null;
  const parsed = new URL(url);
  const host = punycode.toUnicode(parsed.hostname) + (parsed.port ? `:${parsed.port}` : '');
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`.replace(PERCENT_RUNS, decodeReadable);
  return `${parsed.protocol}//${userInfo(parsed)}${host}${rest}`.replace(
    /[,;\\]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** The user and password part of a URL as WHATWG writes it ("" without one). */
function userInfo(url: URL): string {
  if (!url.username && !url.password) return '';
  return `${url.username}${url.password ? `:${url.password}` : ''}@`;
}

/**
 * Folds a content line at 75 octets: continuation lines start with one space, and a multi-byte UTF-8
 * character is never split between two lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // continuation lines carry a leading space, which counts towards their 75 octets
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A phone number is one line without backslashes: ical.js reads TEL's escapes its own way. */
function phoneValue(phone: string): string {
  return escapeText(toSingleLine(phone).replace(/\\/g, ''));
}

function revision(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The .vcf text of one contact, lines ending in CRLF. */
export function serializeVcard(contact: VcardContact): string {
  const { family, given } = contact.nameParts ?? suggestNameParts(contact.name, 'en');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  if (contact.productId) lines.push(`PRODID:${escapeText(toSingleLine(contact.productId))}`);
  const structured = { structured: true };
  lines.push(`N:${escapeText(family, structured)};${escapeText(given, structured)};;;`);
  lines.push(`FN:${escapeText(contact.name.trim())}`);
  if (contact.company || contact.department) {
    const units = [contact.company ?? '', contact.department ?? ''].filter(
      (unit, index) => unit || index === 0,
    );
    lines.push(`ORG:${units.map((unit) => escapeText(unit, structured)).join(';')}`);
  }
  if (contact.position) lines.push(`TITLE:${escapeText(contact.position)}`);
  if (contact.phone) lines.push(`TEL;TYPE=CELL,VOICE:${phoneValue(contact.phone)}`);
  if (contact.workPhone) lines.push(`TEL;TYPE=WORK,VOICE:${phoneValue(contact.workPhone)}`);
  if (contact.address) {
    const { address } = contact;
    const parts = POSTAL_ADDRESS_PARTS.map((part) =>
      escapeText(toSingleLine(address[part] ?? ''), structured),
    );
    lines.push(`ADR;TYPE=WORK:;;${parts.join(';')}`);
  }
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(contact.email)}`);
  const website = contact.website ? uriValue(contact.website) : null;
  if (website) lines.push(`URL;TYPE=WORK:${website}`);
  // labelled URLs are grouped with their label, as Apple's contacts write them (item1.URL, item1.X-ABLabel)
  const labelled: { url: string; label: string }[] = [];
  for (const link of contact.socialLinks ?? []) {
    const url = uriValue(link.url);
    if (!url) continue;
    if (link.platform === OTHER_PLATFORM) {
      if (link.label) labelled.push({ url, label: link.label });
      continue;
    }
    lines.push(`X-SOCIALPROFILE;TYPE=${link.platform.toLowerCase().replace(/[^a-z0-9-]/g, '')}:${url}`);
    // importers without X-SOCIALPROFILE (Google Contacts, Outlook) still keep the link
    lines.push(`URL:${url}`);
  }
  for (const link of contact.links ?? []) {
    const url = uriValue(link.url);
    if (url) labelled.push({ url, label: link.title });
  }
  for (const [index, { url, label }] of labelled.entries()) {
    const group = `item${index + 1}`;
    lines.push(`${group}.URL:${url}`, `${group}.X-ABLabel:${escapeText(toSingleLine(label))}`);
  }
  if (contact.note) lines.push(`NOTE:${escapeText(contact.note)}`);
  if (contact.photoJpegBase64) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${contact.photoJpegBase64}`);
  lines.push(`UID:urn:uuid:${contact.id}`);
  lines.push(`REV:${revision(contact.updatedAt)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
