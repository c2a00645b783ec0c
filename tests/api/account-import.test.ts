import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IMPORT_MAX_BYTES, type AccountImportReport } from '../../src/account-import.ts';
import { serverPaths } from '../../src/routes.ts';
import { MEDIA_TYPES, PHOTO_MAX_BYTES } from '../../src/media.ts';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX } from '../../src/webhooks.ts';
import { FREE_DESIGN } from '../../src/schemas/card-design.ts';
import {
  addLead,
  addLink,
  addVcard,
  addVisits,
  createSignedInOwner,
  giveLinkCode,
  qrDesignInput,
} from '../support/factories.ts';
import { buildTestApp, depsOf, injectFromApp, uploadTestPhoto, type TestApp } from '../support/harness.ts';
import { uploadOverHttp } from '../support/over-http.ts';
import { addWebhookEndpoint } from '../support/webhooks.ts';
import { zipEntries } from '../support/zip.ts';
import { createLocalStorage } from '../../server/media/storage.ts';
import { CSV_TEXTS } from '../../server/analytics/csv-texts.ts';
import { ACCOUNT_FILE, EVENTS_FILE, MEDIA_FOLDER } from '../../server/account-export/layout.ts';

// POST /api/import: an account export recreated in another account, field by field, on another server
// and on the same one (where the codes and username another account holds are re-chosen and said); a CSV
// of links as profile links; and every file that is not one refused with nothing written.

let source: TestApp;
let target: TestApp;

beforeAll(async () => {
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

const exportOf = async (t: TestApp, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: serverPaths.accountExport, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const importInto = (t: TestApp, cookie: string, body: Buffer | string) =>
  injectFromApp(t.app, {
    method: 'POST',
    url: serverPaths.accountImport,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  });

/**
 * Everything an import may write for an account, and every stored file of the server, to compare before
 * and after a refused one.
 */
async function accountRows(t: TestApp, userId: string) {
  const { db } = t;
  const keys: string[] = [];
  for await (const stored of (await depsOf(t)).storage.list()) keys.push(stored.key);
  const [vcards, links, leads, media, hits, views, profile, codes, webhooks] = await Promise.all([
    db.selectFrom('vcards').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('links').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('leads').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('media').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('link_events').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('profile_views').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('profiles').selectAll().where('id', '=', userId).execute(),
    db.selectFrom('link_codes').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).execute(),
  ]);
  return { vcards, links, leads, media, hits, views, profile, codes, webhooks, stored: keys.sort() };
}

/** A ZIP of the given files, made with the library the export uses. */
async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, body] of Object.entries(files)) zip.addBuffer(Buffer.from(body), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A chosen code's part of its own: letters only, as a code may have. */
const randomLetters = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** An account with one of everything an export holds: two cards, a designed QR code with a chosen code
 * and a lifecycle, a profile link, a lead and counted visits, a photo on a card and as a QR logo, and two
 * webhook endpoints (one disabled). */
async function richAccount(t: TestApp) {
  const flyerCode = `autumn-${randomLetters(6)}`;
  const owner = await createSignedInOwner(t, { plan: 'business', name: 'Ada Lovelace' });
  const photo = await uploadTestPhoto(t.app, owner.cookie);
  const first = await addVcard(t.db, owner.userId, {
    name: 'Ada Lovelace',
    photo,
    social_links: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' }],
    created_at: new Date('2026-01-01T00:00:00Z'),
  });
  const second = await addVcard(t.db, owner.userId, { name: 'Ada at work', company: 'Babbage & Co' });
  const design = { ...FREE_DESIGN, layout: 'left', accentColour: '#7C3AED', logo: photo };
  await t.db
    .updateTable('vcards')
    .set({ design: JSON.stringify(design) })
    .where('id', '=', second)
    .execute();
  // each card's own QR code, which leads to its page
  for (const [id, title] of [
    [first, 'Ada Lovelace'],
    [second, 'Ada at work'],
  ] as const) {
    await addLink(t.db, owner.userId, {
      kind: 'qr',
      vcard_id: id,
      title,
      url: `${t.config.publicUrl}/vcard/${id}`,
    });
  }
  const flyer = await addLink(t.db, owner.userId, {
    kind: 'qr',
    title: 'Autumn flyer',
    url: 'https://example.com/flyer',
    active_until: new Date('2027-03-01T12:00:00Z'),
    rules: JSON.stringify([{ device: 'ios', language: null, url: 'https://apps.example.com/ios' }]),
  });
  await t.db
    .updateTable('links')
    .set({ qr_design: JSON.stringify(qrDesignInput({ logo: photo })), scan_count: 3 })
    .where('id', '=', flyer.id)
    .execute();
  await giveLinkCode(t.db, flyer.id, flyerCode);
  await addLink(t.db, owner.userId, { title: 'Blog', url: 'https://blog.example.com', order_index: 0 });
  await addLead(t.db, { userId: owner.userId, vcardId: first, name: 'Grace Hopper' });
  await addVisits(t.db, owner.userId, {
    linkId: flyer.id,
    kind: 'scan',
    hits: 3,
    country: 'ES',
    at: new Date('2026-10-01T10:00:00Z'),
  });
  await addVisits(t.db, owner.userId, {
    vcardId: first,
    views: 2,
    device: 'mobile',
    utm_campaign: 'fair',
    at: new Date('2026-10-02T10:00:00Z'),
  });
  await t.db
    .updateTable('profiles')
    .set({ position: 'Engineer', theme_color: '#0F766E', lead_retention_days: 90, primary_vcard_id: second })
    .where('id', '=', owner.userId)
    .execute();
  // public addresses, so no lookup is needed to save them
  const hooks = [
    await addWebhookEndpoint(t.db, owner.userId, {
      url: 'https://93.184.216.34/crm',
      events: ['card.created', 'lead.created'],
    }),
    await addWebhookEndpoint(t.db, owner.userId, { url: 'https://93.184.216.34/old', enabled: false }),
  ];
  return { ...owner, flyerCode, hookSecrets: hooks.map(({ secret }) => secret) };
}

/** account.json with what differs between two accounts by nature left out: who, when, and photo names. */
function comparable(json: Buffer | undefined) {
  const document = JSON.parse(String(json));
  const photos = new Map<string, string>(
    document.media.map((file: { path: string }, index: number) => [`/${file.path}`, `photo ${index}`]),
  );
  const text = JSON.stringify(document, (key, value) =>
    typeof value === 'string' && photos.has(value) ? photos.get(value) : value,
  );
  const { exportedAt: _at, account, leads, media, ...rest } = JSON.parse(text);
  const { email: _email, createdAt: _created, name: _name, ...person } = account;
  return {
    ...rest,
    account: person,
    leads: leads.map(({ id: _id, ...lead }: { id: string }) => lead),
    media: media.map(({ contentType }: { contentType: string }) => contentType),
  };
}

describe('importing an account export', () => {
  it('recreates the account on another server field by field, with its photos and statistics', async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    const person = await createSignedInOwner(target, { plan: 'business', username: null });

    const response = await importInto(target, person.cookie, archive);
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountImportReport>()).toEqual({
      cards: 2,
      qrCodes: 1,
      profileLinks: 1,
      leads: 1,
      leadsNotKept: 0,
      photos: 1,
      events: 2,
      paused: 0,
      recoded: 0,
      renamed: [],
      webhooks: 2,
      webhooksSkipped: 0,
    });

    const again = await zipEntries(await exportOf(target, person.cookie));
    const before = await zipEntries(archive);
    expect(comparable(again.get('account.json'))).toEqual(comparable(before.get('account.json')));
    expect(String(again.get('analytics/events.csv'))).toBe(String(before.get('analytics/events.csv')));
    // the photo went through the upload pipeline: stored anew, a JPEG that decodes
    const [photoName] = [...again.keys()].filter((name) => name.startsWith('media/'));
    const stored = await (await depsOf(target)).storage.get(String(photoName).slice('media/'.length));
    expect(stored?.body.subarray(0, 2).toString('hex')).toBe('ffd8');
    // the endpoints, with secrets of their own: the file has none to give back
    const hooks = await target.db
      .selectFrom('webhook_endpoints')
      .select(['url', 'enabled', 'secret'])
      .where('user_id', '=', person.userId)
      .orderBy('created_at')
      .execute();
    expect(hooks.map(({ url, enabled }) => ({ url, enabled }))).toEqual([
      { url: 'https://93.184.216.34/crm', enabled: true },
      { url: 'https://93.184.216.34/old', enabled: false },
    ]);
    for (const { secret } of hooks) {
      expect(secret).toMatch(/^whsec_/);
      expect(owner.hookSecrets).not.toContain(secret);
    }
  });

  it('adds webhook endpoints once per URL, within the endpoints an account may hold, and says so', async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    const person = await createSignedInOwner(target, { plan: 'business' });
    await addWebhookEndpoint(target.db, person.userId, { url: 'https://93.184.216.34/crm' });

    const first = await importInto(target, person.cookie, archive);
    expect(first.json<AccountImportReport>()).toMatchObject({ webhooks: 1, webhooksSkipped: 1 });
    // the same file again: its endpoints are all there
    const second = await importInto(target, person.cookie, archive);
    expect(second.json<AccountImportReport>()).toMatchObject({ webhooks: 0, webhooksSkipped: 2 });

    // one more than an account may hold: refused whole
    const full = await createSignedInOwner(target, { plan: 'business' });
    for (let index = 0; index < WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX - 1; index += 1) {
      await addWebhookEndpoint(target.db, full.userId, { url: `https://93.184.216.34/mine/${index}` });
    }
    const before = await accountRows(target, full.userId);
    const refused = await importInto(target, full.cookie, archive);
    expect({ status: refused.statusCode, body: refused.json() }).toMatchObject({
      status: 403,
      body: {
        reason: 'limit_reached',
        meta: { resource: 'webhooks', limit: WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX },
      },
    });
    expect(await accountRows(target, full.userId)).toEqual(before);
  });

  it("writes each photo's row before its file: killed at any moment, it leaves no file without its row", async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    // an app whose photo storage looks, at each file written, for the row that names it
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'tapcard-import-photos-')));
    const rowsAtPut: unknown[] = [];
    const put = storage.put.bind(storage);
    const app: { watched?: TestApp } = {};
    storage.put = async (key, body, contentType) => {
      rowsAtPut.push(
        await app.watched?.db.selectFrom('media').select('user_id').where('key', '=', key).execute(),
      );
      return put(key, body, contentType);
    };
    const watched = await buildTestApp({}, { storage });
    app.watched = watched;
    try {
      const person = await createSignedInOwner(watched, { plan: 'business' });
      const response = await importInto(watched, person.cookie, archive);
      expect(response.statusCode).toBe(200);
      expect(rowsAtPut).toEqual([[{ user_id: person.userId }]]);
    } finally {
      await watched.close();
    }
  });

  it('keeps the leads as the plan keeps them: on Free the newest 25 of 40, and says so', async () => {
    const owner = await richAccount(source);
    const files = await zipEntries(await exportOf(source, owner.cookie));
    const document = JSON.parse(String(files.get('account.json')));
    const [lead] = document.leads;
    document.leads = Array.from({ length: 40 }, (_, day) => ({
      ...lead,
      name: `Visitor ${day}`,
      receivedAt: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
    }));
    files.set('account.json', Buffer.from(JSON.stringify(document)));
    const person = await createSignedInOwner(target, { plan: 'free' });

    const response = await importInto(target, person.cookie, await zipOf(Object.fromEntries(files)));
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountImportReport>()).toMatchObject({ leads: 40, leadsNotKept: 15 });
    const kept = await target.db
      .selectFrom('leads')
      .select('name')
      .where('user_id', '=', person.userId)
      .orderBy('created_at')
      .execute();
    expect(kept.map(({ name }) => name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Visitor ${index + 15}`),
    );
  });

  it('reads 20 MB of statistics while /health answers within a second, every 250 ms', async () => {
    const owner = await richAccount(source);
    const files = await zipEntries(await exportOf(source, owner.cookie));
    const [header = '', ...rows] = String(files.get(EVENTS_FILE)).split('\n');
    // scans of a QR code the file does not hold: each row read and checked, then left out
    const scan = rows.find((row) => row.includes(`,${CSV_TEXTS.en.types.scan},`)) ?? '';
    const unknownCode = scan.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      randomUUID(),
    );
    const count = Math.ceil((20 * 1024 * 1024) / (unknownCode.length + 1));
    files.set(EVENTS_FILE, Buffer.from(`${header}\n${`${unknownCode}\n`.repeat(count)}`));
    const archive = await zipOf(Object.fromEntries(files));
    const person = await createSignedInOwner(target, { plan: 'business' });

    let importing = true;
    const lateness: number[] = [];
    const watch = (async () => {
      const start = performance.now();
      for (let asked = 1; importing; asked += 1) {
        const due = start + asked * 250;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const health = await target.app.inject({ method: 'GET', url: '/health' });
        expect(health.statusCode).toBe(200);
        lateness.push(performance.now() - due);
      }
    })();
    const response = await importInto(target, person.cookie, archive).finally(() => (importing = false));
    await watch;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AccountImportReport>().events).toBe(0);
    expect(lateness.length).toBeGreaterThan(2);
    expect(Math.max(...lateness)).toBeLessThan(1_000);
  });

  it('unpacks one photo at a time: photos that claim 470 MB never hold more than 64 MB of memory', async () => {
    const owner = await richAccount(source);
    const files = await zipEntries(await exportOf(source, owner.cookie));
    const document = JSON.parse(String(files.get(ACCOUNT_FILE)));
    // as large as a photo may be, and all zeros: a few kilobytes each in the ZIP, and no image
    const zeros = Buffer.alloc(PHOTO_MAX_BYTES);
    const claimed = Array.from({ length: 90 }, () => `${MEDIA_FOLDER}${randomBytes(16).toString('hex')}.jpg`);
    document.media = [...claimed.map((path) => ({ path, contentType: MEDIA_TYPES.jpg })), ...document.media];
    files.set(ACCOUNT_FILE, Buffer.from(JSON.stringify(document)));
    const zip = new ZipFile();
    for (const [name, body] of files) zip.addBuffer(body, name);
    for (const name of claimed) zip.addBuffer(zeros, name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const archive = Buffer.concat(chunks);
    const person = await createSignedInOwner(target, { plan: 'business' });
    const before = await accountRows(target, person.userId);

    // photos are Buffers: memory outside the JavaScript heap, which arrayBuffers counts
    const held = () => process.memoryUsage().arrayBuffers;
    const start = held();
    let peak = start;
    const sampling = setInterval(() => (peak = Math.max(peak, held())), 10);
    const response = await importInto(target, person.cookie, archive).finally(() => clearInterval(sampling));
    expect(response.json()).toMatchObject({ reason: 'invalid_image' });
    expect(peak - start).toBeLessThan(64 * 1024 * 1024);
    expect(await accountRows(target, person.userId)).toEqual(before);
  });

  it('re-chooses on the same server what another account holds, and says which', async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    const person = await createSignedInOwner(source, { plan: 'business' });

    const response = await importInto(source, person.cookie, archive);
    expect(response.statusCode).toBe(200);
    const report = response.json<AccountImportReport>();
    expect(report).toMatchObject({ cards: 2, qrCodes: 1, profileLinks: 1, leads: 1, photos: 1, events: 2 });
    expect(report.renamed).toEqual([
      { kind: 'username', from: owner.username, to: person.username, reason: 'held' },
      { kind: 'code', from: owner.flyerCode, to: `${owner.flyerCode}-2`, reason: 'held' },
    ]);
    // every random code is the first account's: each of the 2 cards' QR codes and 2 links got a new one
    expect(report.recoded).toBe(4);
    const links = await source.db
      .selectFrom('links')
      .select(['title', 'chosen_code', 'vcard_id'])
      .where('user_id', '=', person.userId)
      .orderBy('title')
      .execute();
    expect(links.map((link) => link.title)).toEqual(['Ada Lovelace', 'Ada at work', 'Autumn flyer', 'Blog']);
    expect(links.find((link) => link.title === 'Autumn flyer')?.chosen_code).toBe(`${owner.flyerCode}-2`);
    const profile = await source.db
      .selectFrom('profiles')
      .select(['username', 'primary_vcard_id'])
      .where('id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(profile.username).toBe(person.username);
    const cards = await source.db
      .selectFrom('vcards')
      .select(['id', 'name'])
      .where('user_id', '=', person.userId)
      .execute();
    expect(cards.find((card) => card.id === profile.primary_vcard_id)?.name).toBe('Ada at work');
  });

  it('keeps cards and links beyond the plan, paused, and no chosen code without customLinks', async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    const person = await createSignedInOwner(target, { plan: 'free' });
    const response = await importInto(target, person.cookie, archive);
    expect(response.statusCode).toBe(200);
    const report = response.json<AccountImportReport>();
    // a free plan has one card: the second is kept, paused
    expect(report.paused).toBe(1);
    expect(report.renamed).toContainEqual({ kind: 'code', from: owner.flyerCode, to: null, reason: 'plan' });
    // kept, sending nothing until the plan has webhooks, as after a Business plan ended
    expect(report.webhooks).toBe(2);
  });
});

describe('refusing a file that is not an export, with nothing written', () => {
  it('refuses a cut ZIP, a foreign ZIP, a newer format and a file too large', async () => {
    const owner = await richAccount(source);
    const archive = await exportOf(source, owner.cookie);
    const person = await createSignedInOwner(target, { plan: 'business' });
    const before = await accountRows(target, person.userId);
    const document = JSON.parse(String((await zipEntries(archive)).get('account.json')));

    const cases: [Buffer, number, string][] = [
      [archive.subarray(0, archive.length - 200), 422, 'import_unreadable'],
      [await zipOf({ 'notes.txt': 'hello' }), 422, 'import_foreign'],
      [await zipOf({ 'account.json': JSON.stringify({ ...document, version: 2 }) }), 422, 'import_foreign'],
      [await zipOf({ 'account.json': '{ not json' }), 422, 'import_unreadable'],
      [Buffer.alloc(101 * 1024 * 1024, 1), 413, 'payload_too_large'],
    ];
    for (const [body, status, reason] of cases) {
      const response = await importInto(target, person.cookie, body);
      expect({ status: response.statusCode, reason: response.json().reason }).toEqual({ status, reason });
    }
    expect(await accountRows(target, person.userId)).toEqual(before);
  });

  it('answers a file over the limit sent over HTTP with its 413, read after the whole upload, not a reset', async () => {
    const person = await createSignedInOwner(target, { plan: 'business' });
    const before = await accountRows(target, person.userId);
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = target.app.server.address() as AddressInfo;
    const upload = (cookie: string) =>
      uploadOverHttp(
        `http://127.0.0.1:${port}${serverPaths.accountImport}`,
        { cookie, 'content-type': 'application/zip', origin: target.config.publicUrl },
        Buffer.alloc(ACCOUNT_IMPORT_MAX_BYTES + 1_000_000, 1),
      );

    const refused = await upload(person.cookie);
    expect({ status: refused.status, reason: JSON.parse(String(refused.body)).reason }).toEqual({
      status: 413,
      reason: 'payload_too_large',
    });
    // nobody's upload is read: without a session, the same
    const stranger = await upload('');
    expect({ status: stranger.status, reason: JSON.parse(String(stranger.body)).reason }).toEqual({
      status: 401,
      reason: 'unauthenticated',
    });
    expect(await accountRows(target, person.userId)).toEqual(before);
  });

  it('refuses a card the vCard form would refuse, and a photo that is no image, storing nothing', async () => {
    const owner = await richAccount(source);
    const files = await zipEntries(await exportOf(source, owner.cookie));
    const document = JSON.parse(String(files.get('account.json')));
    const person = await createSignedInOwner(target, { plan: 'business' });
    const before = await accountRows(target, person.userId);

    const badCard = structuredClone(document);
    badCard.cards[1].email = 'not an address';
    const response = await importInto(
      target,
      person.cookie,
      await zipOf({ 'account.json': JSON.stringify(badCard) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: 'validation_failed' });

    const [photoName] = [...files.keys()].filter((name) => name.startsWith('media/'));
    const notAnImage = await zipOf({
      'account.json': JSON.stringify(document),
      [String(photoName)]: 'these bytes are no JPEG',
    });
    const refused = await importInto(target, person.cookie, notAnImage);
    expect(refused.json()).toMatchObject({ reason: 'invalid_image' });
    expect(await accountRows(target, person.userId)).toEqual(before);
  });

  it('refuses a webhook endpoint a saved one would refuse: a private address, an unknown event', async () => {
    const owner = await richAccount(source);
    const files = await zipEntries(await exportOf(source, owner.cookie));
    const document = JSON.parse(String(files.get('account.json')));
    const person = await createSignedInOwner(target, { plan: 'business' });
    const before = await accountRows(target, person.userId);
    const withPhotos = (changed: unknown) =>
      zipOf({
        ...Object.fromEntries([...files].filter(([name]) => name.startsWith('media/'))),
        'account.json': JSON.stringify(changed),
      });

    const privateTarget = structuredClone(document);
    privateTarget.webhooks[1].url = 'http://10.0.0.5/x';
    const refused = await importInto(target, person.cookie, await withPhotos(privateTarget));
    expect({ status: refused.statusCode, body: refused.json() }).toMatchObject({
      status: 422,
      body: { reason: 'webhook_target_refused', meta: { field: 'webhooks.1.url', address: '10.0.0.5' } },
    });

    const unknownEvent = structuredClone(document);
    unknownEvent.webhooks[0].events = ['card.exploded'];
    const invalid = await importInto(target, person.cookie, await withPhotos(unknownEvent));
    expect({ status: invalid.statusCode, body: invalid.json() }).toMatchObject({
      status: 400,
      body: { reason: 'validation_failed', meta: { field: 'webhooks.0.events.0' } },
    });
    expect(await accountRows(target, person.userId)).toEqual(before);
  });

  it('runs one at a time per account, whichever server runs it, and takes over a claim a stopped server left', async () => {
    const person = await createSignedInOwner(target, { plan: 'pro' });
    const csv = 'title,url\nBlog,https://blog.example.com\n';
    const claim = (startedAt: Date | null) =>
      target.db
        .updateTable('profiles')
        .set({ import_started_at: startedAt })
        .where('id', '=', person.userId)
        .execute();
    const claimOf = async () =>
      (
        await target.db
          .selectFrom('profiles')
          .select('import_started_at')
          .where('id', '=', person.userId)
          .executeTakeFirstOrThrow()
      ).import_started_at;

    // another server's import of this account runs
    await claim(new Date());
    const refused = await importInto(target, person.cookie, csv);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'rate_limited' });

    // one that began 31 minutes ago was left by a server that stopped
    await claim(new Date(Date.now() - 31 * 60_000));
    const taken = await importInto(target, person.cookie, csv);
    expect(taken.statusCode).toBe(200);
    expect(await claimOf()).toBeNull();
  });

  it('asks for a session', async () => {
    const response = await injectFromApp(target.app, {
      method: 'POST',
      url: serverPaths.accountImport,
      headers: { 'content-type': 'text/csv' },
      payload: 'title,url\nBlog,https://blog.example.com\n',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('importing a CSV of links', () => {
  it('adds each row as a profile link, after the ones there are, with a header in Spanish', async () => {
    const person = await createSignedInOwner(target, { plan: 'pro' });
    await addLink(target.db, person.userId, { title: 'Already there', order_index: 0 });
    const csv = '\uFEFFTítulo;Enlace\nMi blog;https://blog.example.com\nTienda;https://shop.example.com\n';
    const response = await importInto(target, person.cookie, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountImportReport>()).toMatchObject({ profileLinks: 2, cards: 0, paused: 0 });
    const links = await target.db
      .selectFrom('links')
      .select(['title', 'url', 'kind', 'order_index'])
      .where('user_id', '=', person.userId)
      .orderBy('order_index')
      .execute();
    expect(links.map(({ title, url, kind }) => ({ title, url, kind }))).toEqual([
      { title: 'Already there', url: expect.any(String), kind: 'profile' },
      { title: 'Mi blog', url: 'https://blog.example.com', kind: 'profile' },
      { title: 'Tienda', url: 'https://shop.example.com', kind: 'profile' },
    ]);
  });

  it('takes a file without a header, and refuses one bad row or a binary file whole', async () => {
    const person = await createSignedInOwner(target, { plan: 'pro' });
    const ok = await importInto(target, person.cookie, 'Blog,https://blog.example.com\n');
    expect(ok.json<AccountImportReport>()).toMatchObject({ profileLinks: 1 });
    const before = await accountRows(target, person.userId);

    const badRow = await importInto(
      target,
      person.cookie,
      'title,url\nShop,https://shop.example.com\nScript,javascript:alert(1)\n',
    );
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json()).toMatchObject({
      reason: 'validation_failed',
      meta: { row: 3, field: 'url', message: 'validation.url.scheme' },
    });
    const binary = await importInto(target, person.cookie, Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]));
    expect(binary.json()).toMatchObject({ reason: 'import_unreadable' });
    expect(await accountRows(target, person.userId)).toEqual(before);
  });
});
