import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLead } from '../../server/analytics/leads.ts';
import { mediaKeyOf } from '../../src/media.ts';
import { serverPaths } from '../../src/routes.ts';
import { FREE_DESIGN } from '../../src/schemas/card-design.ts';
import {
  addLead,
  addLink,
  addVcard,
  addVisits,
  createSignedInOwner,
  giveLinkCode,
} from '../support/factories.ts';
import { buildTestApp, depsOf, uploadTestPhoto, type TestApp } from '../support/harness.ts';
import { addWebhookEndpoint } from '../support/webhooks.ts';
import { zipEntries } from '../support/zip.ts';

// GET /api/export: the signed-in person's whole account as one ZIP (server/account-export), read back with
// an independent ZIP reader: account.json holds what is stored, field by field, webhook endpoints without
// their secrets; each card's .vcf, each photo's bytes and each counted event are in it; nothing of another
// account is.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const exportOf = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: serverPaths.accountExport, headers: cookie ? { cookie } : {} });

/** The CSV's rows as records by its header (no field of these rows holds a comma or a quote). */
function csvRecords(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
}

describe('the account export', () => {
  it('holds the account as stored, a .vcf per card, every photo and every counted event', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Ada Lovelace' });
    const photo = await uploadTestPhoto(t.app, owner.cookie);
    const first = await addVcard(t.db, owner.userId, {
      name: 'Ada Lovelace',
      photo,
      social_links: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' }],
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
    const second = await addVcard(t.db, owner.userId, { name: 'Ada at work', company: 'Babbage & Co' });
    const design = { ...FREE_DESIGN, layout: 'left', accentColour: '#7C3AED' };
    await t.db
      .updateTable('vcards')
      .set({ design: JSON.stringify(design) })
      .where('id', '=', second)
      .execute();
    const ownQr = await addLink(t.db, owner.userId, { kind: 'qr', vcard_id: first, title: 'Ada Lovelace' });
    const activeUntil = new Date('2027-03-01T12:00:00Z');
    const rules = [{ device: 'ios', language: null, url: 'https://apps.example.com/ios' }];
    const flyer = await addLink(t.db, owner.userId, {
      kind: 'qr',
      title: 'Autumn flyer',
      url: 'https://example.com/flyer',
      active_until: activeUntil,
      rules: JSON.stringify(rules),
    });
    await giveLinkCode(t.db, flyer.id, 'autumn-flyer');
    const blog = await addLink(t.db, owner.userId, { title: 'Blog', url: 'https://blog.example.com' });
    const leadId = await addLead(t.db, { userId: owner.userId, vcardId: first, name: 'Grace Hopper' });
    await countLead(t.db, { userId: owner.userId, vcardId: first, at: new Date() });
    await addVisits(t.db, owner.userId, { linkId: flyer.id, kind: 'scan', hits: 3, country: 'ES' });
    await addVisits(t.db, owner.userId, { vcardId: first, views: 2, device: 'mobile' });
    const hook = await addWebhookEndpoint(t.db, owner.userId, {
      url: 'https://crm.example.com/tapcard',
      events: ['card.created', 'lead.created'],
    });
    await addWebhookEndpoint(t.db, owner.userId, { url: 'https://old.example.com/hook', enabled: false });
    const other = await createSignedInOwner(t);
    await addVcard(t.db, other.userId, { name: 'Someone Else' });
    await addWebhookEndpoint(t.db, other.userId, { url: 'https://someone-else.example.com/hook' });

    const response = await exportOf(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tapcard-export-${owner.username}-${day}.zip"`,
    );
    const files = await zipEntries(response.rawPayload);
    const mediaKey = mediaKeyOf(photo) as string;
    expect([...files.keys()].sort()).toEqual(
      [
        `media/${mediaKey}`,
        'account.json',
        `cards/${first}.vcf`,
        `cards/${second}.vcf`,
        'analytics/events.csv',
      ].sort(),
    );

    const document = JSON.parse(String(files.get('account.json')));
    expect(document).toMatchObject({ format: 'tapcard-export', version: 1 });
    expect(document.account).toMatchObject({
      name: 'Ada Lovelace',
      email: owner.email,
      username: owner.username,
      language: 'en',
      plan: 'business',
      primaryCardId: null,
      leadNotification: 'each',
      leadRetentionDays: null,
    });
    expect(document.cards).toHaveLength(2);
    expect(document.cards[0]).toMatchObject({
      id: first,
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      position: 'Engineer',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      website: 'https://ada.example.com',
      photo,
      socialLinks: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' }],
      design: null,
      leadForm: { enabled: false },
      createdAt: '2026-01-01T00:00:00.000Z',
      qrCode: { id: ownQr.id, code: ownQr.code, kind: 'qr', title: 'Ada Lovelace' },
    });
    expect(document.cards[1]).toMatchObject({ id: second, company: 'Babbage & Co', design, qrCode: null });
    expect(document.links).toEqual([
      expect.objectContaining({
        id: blog.id,
        kind: 'profile',
        title: 'Blog',
        url: 'https://blog.example.com',
        code: blog.code,
        chosenCode: null,
        chosenCodes: [],
      }),
      expect.objectContaining({
        id: flyer.id,
        kind: 'qr',
        title: 'Autumn flyer',
        url: 'https://example.com/flyer',
        code: flyer.code,
        chosenCode: 'autumn-flyer',
        chosenCodes: ['autumn-flyer'],
        enabled: true,
        activeFrom: null,
        activeUntil: activeUntil.toISOString(),
        maxScans: null,
        fallbackUrl: null,
        rules,
      }),
    ]);
    expect(document.leads).toEqual([
      expect.objectContaining({ id: leadId, cardId: first, name: 'Grace Hopper', consentLanguage: 'en' }),
    ]);
    const stored = await (await depsOf(t)).storage.get(mediaKey);
    expect(document.media).toEqual([
      expect.objectContaining({
        path: `media/${mediaKey}`,
        contentType: 'image/jpeg',
        bytes: stored?.body.length,
      }),
    ]);
    expect(files.get(`media/${mediaKey}`)?.equals(stored?.body as Buffer)).toBe(true);

    const vcf = String(files.get(`cards/${first}.vcf`));
    expect(vcf).toContain('FN:Ada Lovelace');
    expect(vcf).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
    expect(String(files.get(`cards/${second}.vcf`))).toContain('ORG:Babbage & Co');

    const events = csvRecords(String(files.get('analytics/events.csv')));
    expect(events.map(({ type, item_id, country, count }) => ({ type, item_id, country, count }))).toEqual(
      expect.arrayContaining([
        { type: 'scan', item_id: flyer.id, country: 'ES', count: '3' },
        { type: 'view', item_id: first, country: '', count: '2' },
        { type: 'lead', item_id: first, country: '', count: '1' },
      ]),
    );
    expect(events).toHaveLength(3);
    expect(String(files.get('account.json'))).not.toContain('Someone Else');

    // where the account's events go, as the endpoint form saves it; never the secret
    expect(document.webhooks).toEqual([
      {
        url: 'https://crm.example.com/tapcard',
        description: '',
        events: ['card.created', 'lead.created'],
        enabled: true,
        createdAt: expect.any(String),
      },
      expect.objectContaining({ url: 'https://old.example.com/hook', enabled: false }),
    ]);
    for (const file of files.values()) expect(String(file)).not.toContain(hook.secret);
    expect(String(files.get('account.json'))).not.toContain('whsec_');
  });

  it('writes its words in the account language, as the analytics CSV does', async () => {
    const owner = await createSignedInOwner(t);
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const card = await addVcard(t.db, owner.userId);
    await addVisits(t.db, owner.userId, { vcardId: card, device: 'mobile' });
    const files = await zipEntries((await exportOf(owner.cookie)).rawPayload);
    const [row] = csvRecords(String(files.get('analytics/events.csv')));
    expect(row).toMatchObject({ tipo: 'visita', dispositivo: 'móvil' });
  });

  it('asks for a session', async () => {
    const response = await exportOf();
    expect(response.statusCode).toBe(401);
  });

  it('makes one archive at a time for a person: a second asked meanwhile is refused', async () => {
    const owner = await createSignedInOwner(t);
    await addVcard(t.db, owner.userId);
    // events enough that the archive cannot be made ahead into the buffers of an answer nobody reads
    const { id: link } = await addLink(t.db, owner.userId, {
      title: 'Blog',
      url: 'https://blog.example.com',
    });
    await sql`insert into link_events (link_id, user_id, kind, occurred_at)
      select ${link}, ${owner.userId}, 'click', now() - make_interval(secs => n)
      from generate_series(1, 5000) as n`.execute(t.db);
    // the first archive's answer has begun and is not read yet: it is still being made
    const first = await t.app.inject({
      method: 'GET',
      url: serverPaths.accountExport,
      headers: { cookie: owner.cookie },
      payloadAsStream: true,
    });
    expect(first.statusCode).toBe(200);
    expect((await exportOf(owner.cookie)).statusCode).toBe(429);
    // once it is read to its end, the next one is made
    for await (const _chunk of first.stream()) void _chunk;
    expect((await exportOf(owner.cookie)).statusCode).toBe(200);
  });
});
