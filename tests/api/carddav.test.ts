import { createDAVClient } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import {
  appleProfilePath,
  carddavBookPath,
  carddavContactPath,
  carddavPrincipalPath,
  subscribePath,
} from '../../src/carddav.ts';
import { addVcard, createOwner, endTrial } from '../support/factories.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { listenOverHttp, textOf, type ListeningApp } from '../support/over-http.ts';

// Contacts that stay current: a real CardDAV client (tsdav) finds a card's address book from the host
// alone, reads its contact, and after the card is edited sees a new ETag and the new value; a card whose
// page is not shown answers as that page does.

let t: TestApp;
let http: ListeningApp;
let origin: string;
let changes: ReturnType<typeof createLocalChangeBus>;

beforeAll(async () => {
  changes = createLocalChangeBus();
  t = await buildTestApp({}, { changes });
  http = await listenOverHttp(t);
  origin = http.origin;
});

afterAll(async () => {
  await t?.close();
  await changes?.close();
});

/** A contacts app set up with the host and a user name (the password is never read). */
function contactsApp(userName: string) {
  return createDAVClient({
    serverUrl: origin,
    credentials: { username: userName, password: 'anything' },
    authMethod: 'Basic',
    defaultAccountType: 'carddav',
  });
}

/** Edits a card as a save does: the row, then the notice that drops the cached page and .vcf. */
async function editCard(ownerId: string, vcardId: string, phone: string) {
  await t.db.updateTable('vcards').set({ phone, version: 2 }).where('id', '=', vcardId).execute();
  changes.publish({ userId: ownerId, topic: 'cards' });
}

describe('CardDAV', () => {
  it('is found from the host with the username, and shows a changed card with a new ETag', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace', phone: '+44 20 7946 0000' });
    const client = await contactsApp(owner.username);

    const [book, ...others] = await client.fetchAddressBooks();
    expect(others).toEqual([]);
    expect(book?.url).toBe(`${origin}${carddavBookPath(vcardId)}`);
    expect(book?.displayName).toBe('Ada Lovelace');
    const [contact] = await client.fetchVCards({ addressBook: book! });
    expect(contact?.url).toBe(`${origin}${carddavContactPath(vcardId)}`);
    expect(contact?.data).toContain('FN:Ada Lovelace');
    expect(contact?.data).toContain('+44 20 7946 0000');
    const saveContact = await http.send(`/vcard/${vcardId}/contact.vcf`);
    // the very file of Save contact, its CRLF lines kept through XML (tsdav trims the last one)
    expect(contact?.data).toBe(saveContact.body.toString('utf8').trimEnd());

    await editCard(owner.id, vcardId, '+34 600 000 000');
    const { isDirty, newCtag } = await client.isCollectionDirty({ collection: book! });
    expect(isDirty).toBe(true);
    expect(newCtag).not.toBe(book?.ctag);
    const [changed] = await client.fetchVCards({ addressBook: book! });
    expect(changed?.etag).not.toBe(contact?.etag);
    expect(changed?.data).toContain('+34 600 000 000');
  });

  it('takes a card id as the user name, and its address book by URL', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    await addVcard(t.db, owner.id, { name: 'First card' });
    const second = await addVcard(t.db, owner.id, { name: 'Second card' });
    const [book] = await (await contactsApp(second)).fetchAddressBooks();
    expect(book?.displayName).toBe('Second card');

    const multiget = await http.send(
      carddavBookPath(second),
      { 'content-type': 'application/xml; charset=utf-8', depth: '1' },
      'REPORT',
      `<?xml version="1.0"?><card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
        <d:prop><d:getetag/><card:address-data/></d:prop>
        <d:href>${carddavContactPath(second)}</d:href><d:href>${carddavBookPath(second)}other.vcf</d:href>
      </card:addressbook-multiget>`,
    );
    expect(multiget.status).toBe(207);
    const xml = multiget.body.toString('utf8');
    expect(xml).toContain('FN:Second card');
    expect(xml).toContain('HTTP/1.1 404 Not Found');
  });

  it('names an href that is no path or URL missing, never answering 500', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace' });
    for (const malformed of ['%', '%zz', 'http://[']) {
      const multiget = await http.send(
        carddavBookPath(vcardId),
        { 'content-type': 'application/xml; charset=utf-8', depth: '1' },
        'REPORT',
        `<?xml version="1.0"?><card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
          <d:prop><d:getetag/></d:prop>
          <d:href>${malformed}</d:href><d:href>${carddavContactPath(vcardId)}</d:href>
        </card:addressbook-multiget>`,
      );
      expect(multiget.status, malformed).toBe(207);
      const xml = multiget.body.toString('utf8');
      expect(xml).toContain(`<d:href>${malformed}</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`);
      expect(xml).toContain(`<d:href>${carddavContactPath(vcardId)}</d:href>`);
    }
  });

  it('asks a client without a user name for one, and writes nothing', async () => {
    const root = await http.send(
      '/carddav/',
      { 'content-type': 'application/xml', depth: '0' },
      'PROPFIND',
      '',
    );
    expect(root.status).toBe(401);
    expect(root.headers['www-authenticate']).toMatch(/^Basic /);
    const wellKnown = await http.send('/.well-known/carddav', {}, 'PROPFIND');
    expect({ status: wellKnown.status, location: wellKnown.headers.location }).toEqual({
      status: 301,
      location: '/carddav/',
    });
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const put = await http.send(
      carddavContactPath(vcardId),
      { 'content-type': 'text/vcard' },
      'PUT',
      'BEGIN:VCARD',
    );
    expect(put.status).toBe(404);
    const options = await http.send(carddavBookPath(vcardId), {}, 'OPTIONS');
    expect(options.headers.dav).toContain('addressbook');
    expect(options.headers.allow).not.toContain('PUT');
  });

  it("answers for a card whose page is not shown as that page does: the plan's end is its offline page", async () => {
    const owner = await createOwner(t.db, { plan: 'free' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Grace Hopper' });
    await endTrial(t.db, owner.id);
    const page = await http.send(`/vcard/${vcardId}`);
    const book = await http.send(carddavBookPath(vcardId), { depth: '1' }, 'PROPFIND');
    expect(book.status).toBe(page.status);
    expect(book.status).toBe(403);
    expect(book.body.toString('utf8')).not.toContain('Grace Hopper');
    const contact = await http.send(carddavContactPath(vcardId));
    expect(contact.status).toBe(403);
  });

  it('answers for a card paused beyond the plan as its paused page does, whatever is asked', async () => {
    const owner = await createOwner(t.db, { plan: 'free' });
    await addVcard(t.db, owner.id, { name: 'Live card', created_at: new Date(Date.now() - 60_000) });
    const paused = await addVcard(t.db, owner.id, { name: 'Paused card' });
    const page = await http.send(`/vcard/${paused}`);
    expect(page.status).toBe(200);
    expect(textOf(page)).toContain('Paused');
    for (const [path, method] of [
      [carddavBookPath(paused), 'PROPFIND'],
      [carddavBookPath(paused), 'REPORT'],
      [carddavContactPath(paused), 'GET'],
      [subscribePath(paused), 'GET'],
    ] as const) {
      const answer = await http.send(path, { depth: '1' }, method);
      expect({ path, method, status: answer.status, page: textOf(answer) }).toEqual({
        path,
        method,
        status: 200,
        page: textOf(page),
      });
    }
  });

  it("is offered on the card: a subscribe page in the visitor's language, and a profile for Apple devices", async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace' });
    const page = textOf(await http.send(`/vcard/${vcardId}`));
    expect(page).toContain(
      `<a class="keep" href="${subscribePath(vcardId)}">Keep this contact up to date</a>`,
    );

    const subscribe = await http.send(subscribePath(vcardId), { 'accept-language': 'es' });
    expect(subscribe.status).toBe(200);
    const html = textOf(subscribe);
    expect(html).toContain('<h1>Mantén a Ada Lovelace al día</h1>');
    expect(html).toContain(`href="${appleProfilePath(vcardId)}"`);
    expect(html).toContain(`<code>${t.config.publicUrl}${carddavBookPath(vcardId)}</code>`);
    expect(html).toContain(`<code>${vcardId}</code>`);

    const profile = await http.send(appleProfilePath(vcardId));
    expect(profile.headers['content-type']).toBe('application/x-apple-aspen-config');
    expect(profile.headers['content-disposition']).toContain('Ada Lovelace.mobileconfig');
    const plist = profile.body.toString('utf8');
    expect(XMLValidator.validate(plist)).toBe(true);
    // a plist dict is its keys each followed by its value
    const value = (name: string) => new RegExp(`<key>${name}</key><string>([^<]*)</string>`).exec(plist)?.[1];
    expect(value('CardDAVPrincipalURL')).toBe(carddavPrincipalPath(vcardId));
    expect(value('CardDAVUsername')).toBe(vcardId);
    expect(value('CardDAVHostName')).toBe(new URL(t.config.publicUrl).hostname);
    expect(plist).toContain('<key>PayloadType</key><string>com.apple.carddav.account</string>');
  });
});
