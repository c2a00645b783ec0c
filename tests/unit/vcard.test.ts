import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, serializeVcard, type VcardContact } from '../../src/vcard.ts';

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

  it('escapes the semicolon and comma of ORG, and leaves a URL with a comma intact', () => {
    expect(card).toContain('ORG:ACME\\, Inc.\\; R&D\r\n');
    expect(card).toContain('URL;TYPE=WORK:https://example.com/?ids=1,2\r\n');
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

describe('escapeText and foldLine', () => {
  it('escapes backslashes, commas, semicolons and newlines', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it('never splits a multi-byte character across a fold', () => {
    const line = `NOTE:${'ñ'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
