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
/**
 * A URL as read back is the same address as the original: its percent-encoded comma, semicolon and
 * backslash undone, a browser reads both alike (the IRI's letters encoded again, its host as punycode).
 */
const sameAddress = (read: string, original: string) =>
  new URL(read.replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%5C/g, '\\')).href ===
  new URL(original).href;

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

// Contacts filed right and addresses shown as typed: the name parts in N, URLs as IRIs, labelled links.

/** Property values as ical.js reads them, with X-ABLabel read as text (as a contacts app that knows it). */
function readWithIcal(card: string) {
  ICAL.design.vcard3.property['x-ablabel'] ??= { defaultType: 'text' };
  const component = new ICAL.Component(ICAL.parse(card));
  return component.getAllProperties().map((p) => ({
    name: p.name,
    group: p.getParameter('group') ?? null,
    value: p.getFirstValue() as unknown,
  }));
}

describe('the name parts in N', () => {
  const maria = { id: 'x', name: 'María José García López', updatedAt: new Date(0) };

  it('files the card under the family name it is given', () => {
    const card = serializeVcard({ ...maria, nameParts: { given: 'María José', family: 'García López' } });
    expect(card).toContain('N:García López;María José;;;\r\n');
    expect(property(card, 'n')?.getFirstValue()).toEqual(['García López', 'María José', '', '', '']);
    expect(property(card, 'fn')?.getFirstValue()).toBe('María José García López');
  });

  itWithVobject('gives vobject the same family and given name', () => {
    const card = serializeVcard({ ...maria, nameParts: { given: 'María José', family: 'García López' } });
    const n = readWithVobject(card)[0]?.find(([key]) => key === 'n')?.[1];
    expect(n).toEqual(['García López', 'María José', '', '', '']);
  });

  it('escapes the parts as the components of a structured value', () => {
    const card = serializeVcard({ ...maria, nameParts: { given: 'Ana; Jr', family: 'O,Bri\\en' } });
    expect(property(card, 'n')?.getFirstValue()).toEqual(['O,Bri\\en', 'Ana; Jr', '', '', '']);
  });

  it('suggests the parts from the full name when the card has none', () => {
    expect(serializeVcard(maria)).toContain('N:García López;María José;;;\r\n');
    expect(serializeVcard({ ...maria, name: 'Ada Lovelace' })).toContain('N:Lovelace;Ada;;;\r\n');
  });
});

describe('URLs as IRIs', () => {
  const typed = {
    website: 'https://www.linkedin.com/in/maría-núñez-güell?ref=tarjeta,qr;v=2',
    idn: 'https://ñandú.example/ruta/café?q=sección#año',
    encoded: 'https://example.com/caf%C3%A9/%E2%82%AC',
  };
  const card = serializeVcard({
    id: 'x',
    name: 'María',
    website: typed.website,
    socialLinks: [
      { platform: 'github', url: typed.idn },
      { platform: 'mastodon', url: typed.encoded },
    ],
    updatedAt: new Date(0),
  });
  const written = {
    website: 'https://www.linkedin.com/in/maría-núñez-güell?ref=tarjeta%2Cqr%3Bv=2',
    idn: 'https://ñandú.example/ruta/café?q=sección#año',
    encoded: 'https://example.com/café/€',
  };

  it('keeps non-ASCII letters readable and encodes only what breaks parsers', () => {
    const unfolded = card.replace(/\r\n /g, '');
    expect(unfolded).toContain(`URL;TYPE=WORK:${written.website}\r\n`);
    expect(unfolded).toContain(`X-SOCIALPROFILE;TYPE=github:${written.idn}\r\n`);
    expect(unfolded).toContain(`X-SOCIALPROFILE;TYPE=mastodon:${written.encoded}\r\n`);
    expect(unfolded).not.toContain('xn--');
  });

  it('reads back identical with ical.js, and a browser reads the same address', () => {
    const urls = readWithIcal(card)
      .filter((p) => p.name === 'url')
      .map((p) => String(p.value));
    expect(urls).toEqual([written.website, written.idn, written.encoded]);
    expect(sameAddress(urls[0] ?? '', typed.website)).toBe(true);
    expect(sameAddress(urls[1] ?? '', typed.idn)).toBe(true);
    expect(sameAddress(urls[2] ?? '', typed.encoded)).toBe(true);
  });

  itWithVobject('reads back identical with vobject', () => {
    const properties = readWithVobject(card)[0] ?? [];
    const urls = properties.filter(([key]) => key === 'url').map(([, value]) => value);
    expect(urls).toEqual([written.website, written.idn, written.encoded]);
    const profiles = properties.filter(([key]) => key === 'x-socialprofile').map(([, value]) => value);
    expect(profiles).toEqual([written.idn, written.encoded]);
  });

  it('keeps spaces, controls and invisible characters encoded', () => {
    expect(uriValue('https://a.example/a b\u00a0c')).toBe('https://a.example/a%20b%C2%A0c');
    expect(uriValue('https://a.example/x%E2%80%AEy%E2%80%8Bz%00')).toBe(
      'https://a.example/x%E2%80%AEy%E2%80%8Bz%00',
    );
    // bytes that are not UTF-8 stay as they were
    expect(uriValue('https://a.example/%C3%28%FF')).toBe('https://a.example/%C3%28%FF');
  });
});

describe('labelled links: the profile links and the link of the person’s own naming', () => {
  const card = serializeVcard({
    id: 'x',
    name: 'Ana',
    socialLinks: [
      { platform: 'github', url: 'https://github.com/ana' },
      { platform: 'other', url: 'https://ana.example/portfolio', label: 'Portfolio, 2026' },
    ],
    links: [
      { title: 'Book a call', url: 'https://cal.example/ana' },
      { title: 'Blog; notes', url: 'https://blog.example/ñ' },
      { title: 'Not a web address', url: 'javascript:alert(1)' },
    ],
    updatedAt: new Date(0),
  });

  it('writes each as a URL with its label, grouped as Apple does, in their order', () => {
    const unfolded = card.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'item1.URL:https://ana.example/portfolio\r\nitem1.X-ABLabel:Portfolio\\, 2026\r\n' +
        'item2.URL:https://cal.example/ana\r\nitem2.X-ABLabel:Book a call\r\n' +
        'item3.URL:https://blog.example/ñ\r\nitem3.X-ABLabel:Blog; notes\r\n',
    );
    expect(unfolded).not.toContain('javascript');
    expect(unfolded).toContain('X-SOCIALPROFILE;TYPE=github:https://github.com/ana\r\n');
    expect(unfolded).not.toContain('TYPE=other');
  });

  it('reads back with ical.js: each URL with its group and label', () => {
    const read = readWithIcal(card).filter((p) => p.group !== null);
    expect(read).toEqual([
      { name: 'url', group: 'item1', value: 'https://ana.example/portfolio' },
      { name: 'x-ablabel', group: 'item1', value: 'Portfolio, 2026' },
      { name: 'url', group: 'item2', value: 'https://cal.example/ana' },
      { name: 'x-ablabel', group: 'item2', value: 'Book a call' },
      { name: 'url', group: 'item3', value: 'https://blog.example/ñ' },
      { name: 'x-ablabel', group: 'item3', value: 'Blog; notes' },
    ]);
  });

  itWithVobject('reads back with vobject', () => {
    const properties = readWithVobject(card)[0] ?? [];
    expect(properties.filter(([key]) => key === 'x-ablabel').map(([, value]) => value)).toEqual([
      'Portfolio, 2026',
      'Book a call',
      'Blog; notes',
    ]);
    expect(properties.filter(([key]) => key === 'url').map(([, value]) => value)).toEqual([
      'https://github.com/ana',
      'https://ana.example/portfolio',
      'https://cal.example/ana',
      'https://blog.example/ñ',
    ]);
  });
});

describe('a company card: department, work phone and postal address', () => {
  const company: VcardContact = {
    id: 'c0ffee00-3b0a-4c52-9a57-1b2f0c3d4e5f',
    name: 'María José García López',
    company: 'Northwind; Iberia',
    department: 'Ventas, Sur',
    phone: '+34 600 123 456',
    workPhone: '+34 955 000 111',
    address: {
      street: 'Calle Sierpes, 12; 3º\nizq.',
      city: 'Sevilla',
      region: 'Andalucía',
      postalCode: '41004',
      country: 'España',
    },
    updatedAt: new Date(0),
  };
  const card = serializeVcard(company);
  const street = 'Calle Sierpes, 12; 3º izq.';

  it('writes the department as ORG’s unit, the work phone as TEL WORK and the address as ADR WORK', () => {
    expect(card).toContain('ORG:Northwind\\; Iberia;Ventas\\, Sur\r\n');
    expect(card).toContain('TEL;TYPE=CELL,VOICE:+34 600 123 456\r\n');
    expect(card).toContain('TEL;TYPE=WORK,VOICE:+34 955 000 111\r\n');
    const unfolded = card.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'ADR;TYPE=WORK:;;Calle Sierpes\\, 12\\; 3º izq.;Sevilla;Andalucía;41004;España\r\n',
    );
    // a department without a company keeps ORG's first component empty
    expect(serializeVcard({ ...company, company: null })).toContain('ORG:;Ventas\\, Sur\r\n');
  });

  it('reads back with ical.js', () => {
    const component = new ICAL.Component(ICAL.parse(card));
    expect(component.getFirstProperty('org')?.getValues()).toEqual([['Northwind; Iberia', 'Ventas, Sur']]);
    const phones = component.getAllProperties('tel').map((p) => [p.getParameter('type'), p.getFirstValue()]);
    expect(phones).toEqual([
      [['CELL', 'VOICE'], '+34 600 123 456'],
      [['WORK', 'VOICE'], '+34 955 000 111'],
    ]);
    expect(component.getFirstProperty('adr')?.getFirstValue()).toEqual([
      '',
      '',
      street,
      'Sevilla',
      'Andalucía',
      '41004',
      'España',
    ]);
  });

  itWithVobject('reads back with vobject', () => {
    const properties = readWithVobject(card)[0] ?? [];
    const all = (name: string) => properties.filter(([key]) => key === name).map(([, value]) => value);
    expect(all('org')).toEqual([['Northwind; Iberia', 'Ventas, Sur']]);
    expect(all('tel')).toEqual(['+34 600 123 456', '+34 955 000 111']);
    expect(all('adr')).toEqual([['', '', street, 'Sevilla', 'Andalucía', '41004', 'España']]);
  });

  it('leaves out an address without parts and a work phone that is blank', () => {
    const plain = serializeVcard({ ...company, address: null, workPhone: null, department: null });
    expect(plain).not.toMatch(/ADR|TYPE=WORK,VOICE/);
    expect(plain).toContain('ORG:Northwind\\; Iberia\r\n');
  });
});
