import ICAL from 'ical.js';
import sharp from 'sharp';
import { createDAVClient } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carddavBookPath } from '../../src/carddav.ts';
import { applePassPath } from '../../src/wallet.ts';
import { addVcard, createApiCaller, type ApiCaller } from '../support/factories.ts';
import { buildTestApp, uploadTestPhoto, type TestApp } from '../support/harness.ts';
import { listenOverHttp, type ListeningApp } from '../support/over-http.ts';
import { makeWalletCredentials, type TestWalletCredentials } from '../support/wallet-credentials.ts';
import { zipEntries } from '../support/zip.ts';

// One card, filled in completely, read back through every shape it leaves the server in: its public page,
// its .vcf (Save contact), its Apple Wallet pass, its CardDAV contact and the REST API's card. A table
// says, for each field, what each shape shows of it, or that the shape does not carry it (and why); each
// shape is checked against its column, so a failure names the shape and the field. The fields are named
// once (src/card-columns.ts) and shown alike on the page and the pass (server/public-profile/shown-fields.ts).

let t: TestApp;
let http: ListeningApp;
let credentials: TestWalletCredentials;
let caller: ApiCaller;
let vcardId: string;
/** The card's photo: its /media/ path and the mean colour of the uploaded picture. */
let photo: { path: string; colour: number[] };

/** The card as stored; the photo is uploaded in beforeAll. */
const CARD = {
  name: 'María José García López',
  given_name: 'María José',
  family_name: 'García López',
  company: 'Estudio Núñez & Co, S.L.',
  department: 'Ventas Iberia',
  position: 'Head of Design',
  email: 'maria.jose@estudio.example',
  phone: '+34 600 123 456',
  work_phone: '+34 955 000 111',
  address: {
    street: 'Calle Sierpes 12, 2º',
    city: 'Sevilla',
    region: 'Andalucía',
    postalCode: '41004',
    country: 'España',
  },
  website: 'https://estudio.example/equipo',
  social_links: [
    { platform: 'linkedin', url: 'https://www.linkedin.com/in/mariajose' },
    { platform: 'github', url: 'https://github.com/mariajose' },
    { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
    { platform: 'other', url: 'https://portfolio.example/mariajose', label: 'Portfolio' },
  ],
  // colours that read on each other, so the page's contrast rule (src/card-colours.ts) keeps them as stored
  background_color: '#1E3A8A',
  font_color: '#FFFFFF',
  icon_color: '#FDE68A',
};

const FIELDS = [
  'name',
  'givenName',
  'familyName',
  'company',
  'department',
  'position',
  'email',
  'phone',
  'workPhone',
  'address',
  'website',
  'photo',
  'socialLinks',
  'backgroundColour',
  'fontColour',
  'iconColour',
] as const;
type Field = (typeof FIELDS)[number];

const SHAPES = ['page', 'vcf', 'wallet', 'carddav', 'rest'] as const;
type Shape = (typeof SHAPES)[number];

/** A shape that does not carry a field by design, and why: none of the field's TRACES is found in it. */
interface Absent {
  absent: string;
}
const absent = (why: string): Absent => ({ absent: why });
const isAbsent = (value: unknown): value is Absent =>
  typeof value === 'object' && value !== null && 'absent' in value;

/** What a shape shows for the card's photo when it is that very picture (the path, or the picture itself). */
const THE_PHOTO = 'the card photo';

/**
 * Text that gives a field away where a shape is said not to carry it. The name parts have none: the full
 * name, which every shape carries, contains them.
 */
const TRACES: Partial<Record<Field, string[]>> = {
  department: [CARD.department],
  socialLinks: CARD.social_links.map((link) => link.url),
  backgroundColour: ['1E3A8A', 'rgb(30,58,138)'],
  fontColour: ['FFFFFF', 'rgb(255,255,255)'],
  iconColour: ['FDE68A', 'rgb(253,230,138)'],
};

// The table, a column per shape: for each field of the card, what the shape shows of it.

/** The vCard's column (the .vcf and the CardDAV contact are the one file: docs/integrations.md). */
const VCARD: Record<Field, unknown> = {
  name: CARD.name,
  givenName: CARD.given_name,
  familyName: CARD.family_name,
  // ORG:Company;Department (docs/architecture.md)
  company: CARD.company,
  department: CARD.department,
  position: CARD.position,
  email: CARD.email,
  phone: CARD.phone,
  workPhone: CARD.work_phone,
  address: CARD.address,
  website: CARD.website,
  photo: THE_PHOTO,
  // one X-SOCIALPROFILE per profile with a plain URL beside it, the labelled link as item1.URL + X-ABLabel
  socialLinks: [
    { type: 'linkedin', url: 'https://www.linkedin.com/in/mariajose', alsoPlainUrl: true },
    { type: 'github', url: 'https://github.com/mariajose', alsoPlainUrl: true },
    { type: 'whatsapp', url: 'https://wa.me/34600123456', alsoPlainUrl: true },
    { label: 'Portfolio', url: 'https://portfolio.example/mariajose' },
  ],
  // vCard 3.0 has no property for colours: a contact is a person's details, not a design
  backgroundColour: absent('vCard 3.0 has no property for colours'),
  fontColour: absent('vCard 3.0 has no property for colours'),
  iconColour: absent('vCard 3.0 has no property for colours'),
};

/** The public page's column (GET /vcard/{id}, in English). */
const PAGE: Record<Field, unknown> = {
  name: CARD.name,
  // schema.org microdata: the page shows the name, and files it as the .vcf's N does
  givenName: CARD.given_name,
  familyName: CARD.family_name,
  // the role line, "Position, Department at Company"
  company: CARD.company,
  department: CARD.department,
  position: CARD.position,
  email: CARD.email,
  // a call button each, dialling the number's digits
  phone: '+34600123456',
  workPhone: '+34955000111',
  // the address as lines: street; postal code and city, region; country
  address: ['Calle Sierpes 12, 2º', '41004 Sevilla, Andalucía', 'España'],
  website: CARD.website,
  photo: THE_PHOTO,
  // each profile by its platform's name, the labelled link by its label
  socialLinks: [
    { shown: 'LinkedIn', url: 'https://www.linkedin.com/in/mariajose' },
    { shown: 'GitHub', url: 'https://github.com/mariajose' },
    { shown: 'WhatsApp', url: 'https://wa.me/34600123456' },
    { shown: 'Portfolio', url: 'https://portfolio.example/mariajose' },
  ],
  backgroundColour: CARD.background_color,
  fontColour: CARD.font_color,
  iconColour: CARD.icon_color,
};

/** The Apple Wallet pass's column (pass.json and its pictures). */
const WALLET: Record<Field, unknown> = {
  // the front's primary field, and the pass's description
  name: CARD.name,
  givenName: absent('a pass shows one name line; it has no structured name'),
  familyName: absent('a pass shows one name line; it has no structured name'),
  company: CARD.company,
  // the label above the name, "Position, Department" as the page's role line says it
  department: CARD.department,
  position: CARD.position,
  // the front's and the back's
  email: CARD.email,
  phone: CARD.phone,
  workPhone: CARD.work_phone,
  // the back's address field, one line each
  address: ['Calle Sierpes 12, 2º', '41004 Sevilla, Andalucía', 'España'],
  website: CARD.website,
  // the thumbnail (and icon) made from it
  photo: THE_PHOTO,
  // the back lists every way to reach the person (docs/integrations.md), the profiles last, each under
  // the name the page gives it
  socialLinks: [
    { shown: 'LinkedIn', url: 'https://www.linkedin.com/in/mariajose' },
    { shown: 'GitHub', url: 'https://github.com/mariajose' },
    { shown: 'WhatsApp', url: 'https://wa.me/34600123456' },
    { shown: 'Portfolio', url: 'https://portfolio.example/mariajose' },
  ],
  // backgroundColor, foregroundColor and labelColor
  backgroundColour: CARD.background_color,
  fontColour: CARD.font_color,
  iconColour: CARD.icon_color,
};

/** GET /api/v1/cards/{id}: the card as stored, by the API's names. */
const REST: Record<Field, unknown> = {
  name: CARD.name,
  givenName: CARD.given_name,
  familyName: CARD.family_name,
  company: CARD.company,
  department: CARD.department,
  position: CARD.position,
  email: CARD.email,
  phone: CARD.phone,
  workPhone: CARD.work_phone,
  address: CARD.address,
  website: CARD.website,
  photo: THE_PHOTO,
  socialLinks: CARD.social_links,
  backgroundColour: CARD.background_color,
  fontColour: CARD.font_color,
  iconColour: CARD.icon_color,
};

const TABLE: Record<Shape, Record<Field, unknown>> = {
  page: PAGE,
  vcf: VCARD,
  wallet: WALLET,
  carddav: VCARD,
  rest: REST,
};

beforeAll(async () => {
  credentials = makeWalletCredentials();
  t = await buildTestApp({ wallet: credentials.config });
  // CardDAV is read by a real client over HTTP
  http = await listenOverHttp(t);
  caller = await createApiCaller(t);
  const path = await uploadTestPhoto(t.app, caller.cookie);
  photo = { path, colour: await meanColour((await t.app.inject({ url: path })).rawPayload) };
  vcardId = await addVcard(t.db, caller.userId, {
    ...CARD,
    address: JSON.stringify(CARD.address),
    photo: path,
  });
});

afterAll(async () => {
  await t?.close();
  credentials?.remove();
});

// --- reading each shape -----------------------------------------------------------------------------------

/** What a shape shows of each field it carries (the others undefined), and its whole text. */
interface Seen {
  fields: Partial<Record<Field, unknown>>;
  text: string;
}

async function meanColour(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

/** THE_PHOTO when `image` is the card's photo (its mean colour within JPEG's drift), else what it is. */
async function photoIn(image: Buffer | undefined): Promise<string> {
  if (!image) return 'no picture';
  const colour = await meanColour(image);
  const near = colour.every((value, index) => Math.abs(value - (photo.colour[index] ?? 0)) <= 10);
  return near ? THE_PHOTO : `a picture of mean colour rgb(${colour.join(',')})`;
}

/** One value where several places of a shape must all show the same; else every place's. */
function same(...values: unknown[]): unknown {
  const [first] = values;
  return values.every((value) => JSON.stringify(value) === JSON.stringify(first))
    ? first
    : { placesDisagree: values };
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescapeHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (entity, name: string) => HTML_ENTITIES[name] ?? entity);

function match(text: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(text)?.[1];
  return found === undefined ? undefined : unescapeHtml(found);
}

async function readPage(): Promise<Seen> {
  const response = await t.app.inject({ url: `/vcard/${vcardId}`, headers: { 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  const html = response.body;
  const role = match(html, /<p class="role">([^<]*)<\/p>/) ?? '';
  const at = role.indexOf(' at ');
  const [position, department] = role.slice(0, at).split(', ');
  // the contact buttons: a link each, its icon, then its label
  const anchors = [...html.matchAll(/<a href="([^"]*)"[^>]*>((?:(?!<\/a>).)*)<\/a>/g)];
  const action = (label: string) => {
    const href = anchors.find(([, , inner]) => inner?.endsWith(`</span>${label}`))?.[1];
    return href === undefined ? undefined : unescapeHtml(href);
  };
  const avatar = match(html, /<img class="avatar" src="([^"]*)"/);
  const variable = (name: string) => match(html, new RegExp(`--${name}:(#[0-9A-Fa-f]{6})`));
  return {
    text: html,
    fields: {
      name: same(match(html, /<h1>([^<]*)<\/h1>/), match(html, /<meta itemprop="name" content="([^"]*)">/)),
      givenName: match(html, /<meta itemprop="givenName" content="([^"]*)">/),
      familyName: match(html, /<meta itemprop="familyName" content="([^"]*)">/),
      company: role.slice(at + ' at '.length),
      department,
      position,
      email: action('Email')?.replace(/^mailto:/, ''),
      phone: action('Call mobile')?.replace(/^tel:/, ''),
      workPhone: action('Call work')?.replace(/^tel:/, ''),
      address: match(html, /<address>(.*?)<\/address>/)
        ?.split('<br>')
        .map(unescapeHtml),
      website: action('Website'),
      photo: avatar === photo.path ? THE_PHOTO : (avatar ?? 'no picture'),
      socialLinks: [
        ...html.matchAll(/<a href="([^"]*)" rel="me nofollow ugc" aria-label="([^"]*)" title="\2">/g),
      ].map(([, url, shown]) => ({ shown: unescapeHtml(shown ?? ''), url: unescapeHtml(url ?? '') })),
      backgroundColour: variable('bg'),
      fontColour: variable('fg'),
      iconColour: variable('icon'),
    },
  };
}

/** A vCard's fields as ical.js reads them; its photo compared with the card's. */
async function readVcard(vcf: string): Promise<Seen> {
  ICAL.design.vcard3.property['x-ablabel'] ??= { defaultType: 'text' };
  const card = new ICAL.Component(ICAL.parse(vcf));
  const properties = card.getAllProperties();
  const value = (name: string) => card.getFirstPropertyValue(name) as unknown;
  const types = (property: ICAL.Property) => String(property.getParameter('type') ?? '').toUpperCase();
  const tel = (type: string) =>
    properties.find((property) => property.name === 'tel' && types(property).includes(type))?.getFirstValue();
  const n = value('n') as string[] | undefined;
  const org = [value('org')].flat() as (string | undefined)[];
  const adr = value('adr') as string[] | undefined;
  const urls = properties.filter((property) => property.name === 'url');
  const plainUrls = urls.filter(
    (property) => !property.getParameter('type') && !property.getParameter('group'),
  );
  const labelOf = (group: unknown) =>
    properties.find((property) => property.name === 'x-ablabel' && property.getParameter('group') === group);
  const unfolded = vcf.replace(/\r\n /g, '');
  const jpeg = /^PHOTO;ENCODING=b;TYPE=JPEG:([A-Za-z0-9+/=]+)\r$/m.exec(unfolded)?.[1];
  return {
    // the photo's base64 could spell anything
    text: unfolded.replace(/^PHOTO.*$/m, ''),
    fields: {
      name: value('fn'),
      givenName: n?.[1],
      familyName: n?.[0],
      company: org[0],
      department: org[1],
      position: value('title'),
      email: value('email'),
      phone: tel('CELL'),
      workPhone: tel('WORK'),
      address: adr && {
        street: adr[2],
        city: adr[3],
        region: adr[4],
        postalCode: adr[5],
        country: adr[6],
      },
      website: urls.find((property) => types(property) === 'WORK')?.getFirstValue(),
      photo: await photoIn(jpeg === undefined ? undefined : Buffer.from(jpeg, 'base64')),
      socialLinks: [
        ...properties
          .filter((property) => property.name === 'x-socialprofile')
          .map((property) => {
            const url = property.getFirstValue();
            return {
              type: property.getParameter('type'),
              url,
              alsoPlainUrl: plainUrls.some((plain) => plain.getFirstValue() === url),
            };
          }),
        ...urls
          .filter((property) => property.getParameter('group'))
          .map((property) => ({
            label: labelOf(property.getParameter('group'))?.getFirstValue(),
            url: property.getFirstValue(),
          })),
      ],
    },
  };
}

async function readVcf(): Promise<Seen> {
  const response = await t.app.inject({ url: `/vcard/${vcardId}/contact.vcf` });
  expect(response.statusCode).toBe(200);
  return readVcard(response.body);
}

async function readCarddav(): Promise<Seen> {
  const client = await createDAVClient({
    serverUrl: http.origin,
    credentials: { username: vcardId, password: 'anything' },
    authMethod: 'Basic',
    defaultAccountType: 'carddav',
  });
  const [book] = await client.fetchAddressBooks();
  expect(book?.url).toBe(`${http.origin}${carddavBookPath(vcardId)}`);
  const [contact] = await client.fetchVCards({ addressBook: book! });
  const seen = await readVcard(String(contact?.data ?? ''));
  // the address book is named after the card too
  return { ...seen, fields: { ...seen.fields, name: same(seen.fields.name, book?.displayName) } };
}

interface PassField {
  key: string;
  label?: string;
  value: string;
}

async function readWallet(): Promise<Seen> {
  const response = await t.app.inject({ url: applePassPath(vcardId), headers: { 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  const files = await zipEntries(response.rawPayload);
  const text = files.get('pass.json')?.toString() ?? '{}';
  const pass = JSON.parse(text) as {
    description: string;
    logoText: string;
    backgroundColor: string;
    foregroundColor: string;
    labelColor: string;
    generic: Record<'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', PassField[]>;
  };
  const fields = Object.values(pass.generic).flat();
  const field = (key: string) => fields.find((candidate) => candidate.key === key);
  const hex = (rgb: string) =>
    `#${(/^rgb\((\d+),(\d+),(\d+)\)$/.exec(rgb)?.slice(1) ?? [])
      .map((channel) => Number(channel).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase()}`;
  return {
    text,
    fields: {
      name: same(field('name')?.value, pass.description.replace(/^Business card of /, '')),
      company: same(field('company')?.value, pass.logoText),
      position: field('name')?.label?.split(', ')[0],
      department: field('name')?.label?.split(', ')[1],
      email: same(field('email')?.value, field('back-email')?.value),
      phone: same(field('mobile')?.value, field('back-mobile')?.value),
      workPhone: field('back-work')?.value,
      address: field('back-address')?.value.split('\n'),
      website: field('back-website')?.value,
      socialLinks: fields
        .filter((candidate) => candidate.key.startsWith('back-social-'))
        .map(({ label, value }) => ({ shown: label, url: value })),
      photo: same(await photoIn(files.get('thumbnail.png')), await photoIn(files.get('icon@3x.png'))),
      backgroundColour: hex(pass.backgroundColor),
      fontColour: hex(pass.foregroundColor),
      iconColour: hex(pass.labelColor),
    },
  };
}

async function readRest(): Promise<Seen> {
  const response = await caller.call('GET', `/api/v1/cards/${vcardId}`);
  expect(response.statusCode, response.body).toBe(200);
  const card = response.json<Record<Field, unknown>>();
  return {
    text: response.body,
    fields: {
      ...Object.fromEntries(FIELDS.map((field) => [field, card[field]])),
      photo: card.photo === photo.path ? THE_PHOTO : card.photo,
    },
  };
}

const READERS: Record<Shape, () => Promise<Seen>> = {
  page: readPage,
  vcf: readVcf,
  wallet: readWallet,
  carddav: readCarddav,
  rest: readRest,
};

// --- the checks -------------------------------------------------------------------------------------------

describe('one card, in every shape it leaves the server in', () => {
  it.each(SHAPES)('the %s shows each field as the table says', async (shape) => {
    const seen = await READERS[shape]();
    for (const field of FIELDS) {
      const expected = TABLE[shape][field];
      if (isAbsent(expected)) {
        expect.soft(seen.fields[field], `${shape}: ${field} (absent: ${expected.absent})`).toBeUndefined();
        for (const trace of TRACES[field] ?? []) {
          expect
            .soft(seen.text.toLowerCase(), `${shape}: ${field} (absent: ${expected.absent})`)
            .not.toContain(trace.toLowerCase());
        }
      } else {
        expect.soft(seen.fields[field], `${shape}: ${field}`).toEqual(expected);
      }
    }
  });
});
