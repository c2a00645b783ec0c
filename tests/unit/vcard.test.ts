import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, serializeVcard, uriValue, type VcardContact } from '../../src/vcard.ts';
import { itWithVobject, readWithVobject } from '../support/vobject.ts';

// Checked by parsing the output with a standard vCard parser (ical.js), plus the byte-level rules that
// parsers forgive but phones do not.

const contact: VcardContact = {
  id: '6f1c1f5e-3b0a-4c52-9a57-1b2f0c3d4e5f',
  name: 'José Núñez',
  company: 'ACME, Inc.; R&D',
  position: 'Jefe de Ventas, Iberia',
  phone: '+34 600 123 456',
  email: 'jose@example.com',
  website: 'https://example.com/?ids=1,2',
  socialLinks: [{ platform: 'LinkedIn', url: 'https://www.linkedin.com/in/jose-nunez' }],
  photoJpegBase64: Buffer.alloc(600, 7).toString('base64'),
  updatedAt: new Date('2026-11-22T01:02:03.456Z'),
};

function property(card: string, name: string) {
  const component = new ICAL.Component(ICAL.parse(card));
  return component.getFirstProperty(name);
}

describe('serializeVcard', () => {
  const card = serializeVcard(contact);

  it('is one vCard 3.0 with CRLF line ends, no BOM and no CHARSET', () => {
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.charCodeAt(0)).not.toBe(0xfeff);
    expect(card).not.toMatch(/CHARSET/i);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(card.match(/BEGIN:VCARD/g)).toHaveLength(1);
  });

  it('folds every line at 75 octets without splitting a character', () => {
    for (const line of card.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(card).toContain('\r\n '); // the photo line is long enough to fold
  });

  it('reads back with a standard parser: names, organisation, title, contacts', () => {
    expect(property(card, 'fn')?.getFirstValue()).toBe('José Núñez');
    expect(property(card, 'n')?.getFirstValue()).toEqual(['Núñez', 'José', '', '', '']);
    expect(property(card, 'title')?.getFirstValue()).toBe('Jefe de Ventas, Iberia');
    expect(property(card, 'tel')?.getFirstValue()).toBe('+34 600 123 456');
    expect(property(card, 'tel')?.getParameter('type')).toEqual(['CELL', 'VOICE']);
    expect(property(card, 'email')?.getFirstValue()).toBe('jose@example.com');
    expect(property(card, 'uid')?.getFirstValue()).toBe(`urn:uuid:${contact.id}`);
  });

  it('escapes the semicolon and comma of ORG, and percent-encodes the comma of a URL', () => {
    expect(card).toContain('ORG:ACME\\, Inc.\\; R&D\r\n');
    expect(card).toContain('URL;TYPE=WORK:https://example.com/?ids=1%2C2\r\n');
  });

  it('embeds the photo and adds social profiles with a URL fallback', () => {
    const unfolded = card.replace(/\r\n /g, '');
    expect(unfolded).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${contact.photoJpegBase64}\r\n`);
    expect(unfolded).toContain('X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/jose-nunez\r\n');
    expect(unfolded).toContain('URL:https://www.linkedin.com/in/jose-nunez\r\n');
    expect(unfolded).toContain('REV:2026-11-22T01:02:03Z\r\n');
  });

  it('leaves out what the card does not have', () => {
    const minimal = serializeVcard({ id: 'x', name: 'Cher', updatedAt: new Date(0) });
    expect(minimal).not.toMatch(/ORG|TITLE|TEL|EMAIL|PHOTO|URL/);
    expect(minimal).toContain('N:;Cher;;;\r\n');
  });
});

describe('escapeText, uriValue and foldLine', () => {
  it('escapes backslashes, commas and line breaks, and semicolons where they separate components', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c;d\\ne\\nf\\ng');
    expect(escapeText('a;b', { structured: true })).toBe('a\\;b');
  });

  it('never lets a line break or another control character through', () => {
    expect(escapeText('a\u2028b\u0085c\vd\fe\tf\u0000g\u001bh')).toBe('a\\nb\\nc\\nd\\ne f' + 'gh');
  });

  it('writes http(s) URLs as a browser reads them, with comma, semicolon and backslash encoded', () => {
    expect(uriValue('https://ada.example.com/a,b;c')).toBe('https://ada.example.com/a%2Cb%3Bc');
    expect(uriValue('https://a.example/x\r\nEND:VCARD y')).toBe('https://a.example/xEND:VCARD%20y');
    expect(uriValue('https://a.example/?q=\\x')).toBe('https://a.example/?q=%5Cx');
    expect(uriValue('javascript:alert(1)')).toBeNull();
    expect(uriValue('not a url')).toBeNull();
  });

  it('never splits a multi-byte character across a fold', () => {
    const line = `NOTE:${'ñ'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

// Text stored before the text rule (src/text.ts), or typed to break the file: every field at once.
const LONG = 'ñ€😀'.repeat(60);
const HOSTILE = `Zoë "Ana" O'Brien; Jr., PhD \\ a:b \u202Egnp.exe\u202C \u2067isolé\u2069 ${LONG}`;
const INJECTION = 'Line one\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Injected\rtwo\nthree';
const HOSTILE_URL = `https://ada.example.com/a,b;c\\d:e/${encodeURIComponent(LONG)}?q=1,2;3#f,g`;
const hostileContact: VcardContact = {
  id: '0b7a2d5e-3b0a-4c52-9a57-1b2f0c3d4e5f',
  name: `${HOSTILE} ${INJECTION}`,
  company: HOSTILE,
  position: INJECTION,
  phone: '+34 600;123,456\\ 7:8\r\nX',
  email: 'ana;x,y\\z:w@example.com\r\nBCC:x',
  website: HOSTILE_URL,
  socialLinks: [
    { platform: 'LinkedIn', url: 'https://www.linkedin.com/in/ana,lee;x' },
    { platform: 'x\r\nFN:Injected', url: 'https://evil.example/\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Injected' },
    { platform: 'twitter', url: 'javascript:alert(1)' },
  ],
  photoJpegBase64: Buffer.alloc(900, 9).toString('base64'),
  updatedAt: new Date('2026-11-22T01:02:03Z'),
};
const hostileCard = serializeVcard(hostileContact);
/** A phone number keeps its visible characters, on one line and without backslashes. */
const PHONE_AS_WRITTEN = '+34 600;123,456 7:8 X';

/** What a reader should give back for a text field: the text, with line breaks as LF. */
const asRead = (text: string) => text.replace(/\r\n|\r/g, '\n');
/** A URL as read back, its percent-encoded comma, semicolon and backslash undone: the same address. */
const sameAddress = (read: string, original: string) =>
  read.replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%5C/g, '\\') ===
  new URL(original).href.replace(/%5C/g, '\\');

describe('a card with hostile text in every field', () => {
  it('stays one vCard of short CRLF lines', () => {
    expect(hostileCard.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(1);
    expect(hostileCard.match(/^END:VCARD\r$/gm)).toHaveLength(1);
    expect(hostileCard.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of hostileCard.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('reads back intact with ical.js', () => {
    const component = new ICAL.Component(ICAL.parse(hostileCard));
    expect(component.name).toBe('vcard');
    const one = (name: string) => component.getFirstProperty(name)?.getFirstValue();
    expect(one('fn')).toBe(asRead(hostileContact.name));
    expect(one('org')).toBe(HOSTILE);
    expect(one('title')).toBe(asRead(INJECTION));
    expect(one('tel')).toBe(PHONE_AS_WRITTEN);
    expect(one('email')).toBe(asRead(hostileContact.email ?? ''));
    const urls = component.getAllProperties('url').map((p) => String(p.getFirstValue()));
    const profiles = component.getAllProperties('x-socialprofile').map((p) => String(p.getFirstValue()));
    expect(urls).toHaveLength(3);
    expect(profiles).toHaveLength(2);
    expect(sameAddress(urls[0] ?? '', HOSTILE_URL)).toBe(true);
    expect(sameAddress(profiles[0] ?? '', 'https://www.linkedin.com/in/ana,lee;x')).toBe(true);
    expect(component.getAllProperties().map((p) => p.name)).not.toContain('injected');
    expect(String(one('photo'))).toBe(hostileContact.photoJpegBase64);
  });

  itWithVobject('reads back intact with vobject', () => {
    const cards = readWithVobject(hostileCard);
    expect(cards).toHaveLength(1);
    const properties = cards[0] ?? [];
    const all = (name: string) => properties.filter(([key]) => key === name).map(([, value]) => value);
    expect(all('fn')).toEqual([asRead(hostileContact.name)]);
    expect(all('org')).toEqual([[HOSTILE]]);
    expect(all('title')).toEqual([asRead(INJECTION)]);
    expect(all('tel')).toEqual([PHONE_AS_WRITTEN]);
    expect(all('email')).toEqual([asRead(hostileContact.email ?? '')]);
    const [family, given] = (all('n')[0] ?? []) as string[];
    expect(`${given} ${family}`).toBe(asRead(hostileContact.name).trim().split(/\s+/).join(' '));
    const urls = all('url') as string[];
    expect(urls).toHaveLength(3);
    expect(sameAddress(urls[0] ?? '', HOSTILE_URL)).toBe(true);
    expect(sameAddress(urls[1] ?? '', 'https://www.linkedin.com/in/ana,lee;x')).toBe(true);
    expect(all('x-socialprofile')).toHaveLength(2);
    expect(properties.map(([key]) => key)).not.toContain('injected');
    expect(all('photo')).toEqual([hostileContact.photoJpegBase64]);
  });

  itWithVobject('keeps a URL with a comma whole in vobject', () => {
    const card = serializeVcard({
      id: 'x',
      name: 'Ada',
      website: 'https://ada.example.com/a,b;c',
      updatedAt: new Date(0),
    });
    const url = readWithVobject(card)[0]?.find(([key]) => key === 'url')?.[1];
    expect(url).toBe('https://ada.example.com/a%2Cb%3Bc');
  });
});
