// vCard 3.0 (RFC 2426) for the "Save contact" download: the card's one job is to import correctly on
// iPhone, Google Contacts and Outlook. Written by hand (DECISIONS.md "vCard output") so every rule that
// importers trip over is visible and tested: escaping, folding by octets, CRLF, one card, no BOM/CHARSET.

export interface VcardContact {
  /** Stable id of the card: the UID, so re-importing updates the contact instead of duplicating it. */
  id: string;
  name: string;
  company?: string | null;
  position?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  socialLinks?: readonly { platform: string; url: string }[];
  /** A JPEG in base64, already square and small (phones ignore photo URLs). */
  photoJpegBase64?: string | null;
  updatedAt: Date;
}

const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';
const utf8 = new TextEncoder();

/** TEXT values: backslash, comma, semicolon and newlines escaped (RFC 2426 section 4). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
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

/** Family and given name for N from a full name: the last word is the family name. */
function nameParts(fullName: string): { family: string; given: string } {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { family: '', given: words[0] ?? '' };
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

function revision(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The .vcf text of one contact, lines ending in CRLF. */
export function serializeVcard(contact: VcardContact): string {
  const { family, given } = nameParts(contact.name);
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${escapeText(family)};${escapeText(given)};;;`);
  lines.push(`FN:${escapeText(contact.name.trim())}`);
  if (contact.company) lines.push(`ORG:${escapeText(contact.company)}`);
  if (contact.position) lines.push(`TITLE:${escapeText(contact.position)}`);
  if (contact.phone) lines.push(`TEL;TYPE=CELL,VOICE:${escapeText(contact.phone)}`);
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(contact.email)}`);
  // URIs are not TEXT: a comma in a URL stays a comma
  if (contact.website) lines.push(`URL;TYPE=WORK:${contact.website}`);
  for (const link of contact.socialLinks ?? []) {
    lines.push(`X-SOCIALPROFILE;TYPE=${link.platform.toLowerCase().replace(/[^a-z0-9-]/g, '')}:${link.url}`);
    // importers without X-SOCIALPROFILE (Google Contacts, Outlook) still keep the link
    lines.push(`URL:${link.url}`);
  }
  if (contact.photoJpegBase64) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${contact.photoJpegBase64}`);
  lines.push(`UID:urn:uuid:${contact.id}`);
  lines.push(`REV:${revision(contact.updatedAt)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
