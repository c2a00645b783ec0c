import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import { createHitRecorder } from '../../server/links/hits.ts';
import type { LinkView } from '../../server/links/service.ts';
import { linkCounts } from '../support/counts.ts';
import { restoreSpillFiles, spillFiles, temporaryDir, unreachableDatabase } from '../support/count-spill.ts';
import { createSignedInOwner, forgetfulVisitors, versionOf, visitFacts } from '../support/factories.ts';
import { buildTestApp, TEST_ORIGIN, trpcData, trpcMutate, type TestApp } from '../support/harness.ts';
import { DESKTOP_CHROME as DESKTOP, IPHONE_SAFARI } from '../support/user-agents.ts';
import { needsPostgres } from '../support/postgres.ts';

// Short links: GET /l/{code} redirects at once, counts every scan and click
// exactly (queued, written within about a second), leaves bots, previews, prefetches and HEAD uncounted,
// and follows an edited destination at once.

/** Longer than one write delay: whatever was going to be written has been. */
const SETTLE_MS = 1_500;

let t: TestApp;
let changes: ReturnType<typeof createLocalChangeBus>;
const heard: Change[] = [];

beforeAll(async () => {
  changes = createLocalChangeBus();
  changes.subscribe((change) => heard.push(change));
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
  await changes?.close();
});

/** A signed-in owner on the Pro plan (room for several QR codes), with a username for the public page. */
const createOwner = (app: TestApp = t) => createSignedInOwner(app);

async function createQrCode(cookie: string, url: string, app: TestApp = t): Promise<LinkView> {
  const response = await trpcMutate(app.app, 'links.createQrCode', cookie, { title: 'Flyer', url, icon: '' });
  expect(response.statusCode).toBe(200);
  return trpcData<LinkView>(response);
}

async function createProfileLink(cookie: string, title: string, url: string): Promise<LinkView> {
  const response = await trpcMutate(t.app, 'links.createProfileLink', cookie, { title, url });
  expect(response.statusCode).toBe(200);
  return trpcData<LinkView>(response);
}

function follow(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: { 'user-agent': IPHONE_SAFARI, ...headers } });
}

const counts = (linkId: string) => linkCounts(t.db, linkId);

/** Waits for the counts to reach what is expected, then checks that nothing more arrives. */
async function expectCounted(linkId: string, expected: { scans: number; clicks: number }) {
  const total = { ...expected, events: expected.scans + expected.clicks };
  await vi.waitFor(async () => expect(await counts(linkId)).toEqual(total), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  expect(await counts(linkId)).toEqual(total);
}

describe('GET /l/{code}', () => {
  it('answers 302 to the destination without caching, and counts a click, or a scan with ?qr', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/landing?utm_source=flyer');
    expect(link.code).toMatch(/^[0-9A-Za-z]{7,}$/);
    expect(link.shortUrl).toBe(`${TEST_ORIGIN}/l/${link.code}`);
    expect(link.qrUrl).toBe(`${TEST_ORIGIN}/l/${link.code}?qr`);

    const click = await follow(`/l/${link.code}`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/landing?utm_source=flyer');
    expect(click.headers['cache-control']).toBe('no-store');
    expect(click.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // a body-less redirect carries only the security headers that mean something for it
    expect(click.headers['x-content-type-options']).toBe('nosniff');
    expect(click.headers['content-security-policy']).toBeUndefined();
    expect(click.headers['set-cookie']).toBeUndefined();
    expect(click.body).toBe('');

    const scan = await follow(`/l/${link.code}?qr`);
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://example.com/landing?utm_source=flyer');

    await expectCounted(link.id, { scans: 1, clicks: 1 });
    // the owner hears about the new counts (live dashboard), not anyone else
    expect(heard.filter((change) => change.topic === 'hits')).toContainEqual({
      userId: owner.userId,
      topic: 'hits',
    });
  });

  it('sends a destination with characters a header cannot carry percent-encoded', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/café menu?q=ñ');
    const response = await follow(`/l/${link.code}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/caf%C3%A9%20menu?q=%C3%B1');
  });

  it('counts 200 concurrent scans of one link exactly, in a few rows instead of 200', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/popular');
    const responses = await Promise.all(Array.from({ length: 200 }, () => follow(`/l/${link.code}?qr`)));
    expect(responses.every((response) => response.statusCode === 302)).toBe(true);

    await expectCounted(link.id, { scans: 200, clicks: 0 });
    const rows = await t.db.selectFrom('link_events').select('hits').where('link_id', '=', link.id).execute();
    expect(rows.length).toBeLessThan(10);
  });

  it('keeps the kind, a coarse device class, the referring host and the hits of each event, and no IP address', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/events');
    await follow(`/l/${link.code}?qr`);
    await follow(`/l/${link.code}?qr`);
    await follow(`/l/${link.code}`, {
      'user-agent': DESKTOP,
      referer: 'https://WWW.Instagram.com/p/some-post?igsh=abc',
    });
    await follow(`/l/${link.code}`, { 'user-agent': DESKTOP, referer: 'not a url' });
    await expectCounted(link.id, { scans: 2, clicks: 2 });

    // hits of one kind, device and referrer in one second share a row: summed, the split cannot matter
    const { rows: events } = await sql<{
      kind: string;
      device: string;
      referrer_host: string | null;
      user_id: string;
      hits: number;
      recent: boolean;
    }>`
      select kind, device, referrer_host, user_id, sum(hits)::int as hits,
        bool_and(occurred_at > now() - interval '1 minute') as recent
      from link_events where link_id = ${link.id}
      group by kind, device, referrer_host, user_id
      order by kind, referrer_host nulls last`.execute(t.db);
    expect(events).toEqual([
      {
        kind: 'click',
        device: 'desktop',
        referrer_host: 'www.instagram.com',
        user_id: owner.userId,
        hits: 1,
        recent: true,
      },
      { kind: 'click', device: 'desktop', referrer_host: null, user_id: owner.userId, hits: 1, recent: true },
      { kind: 'scan', device: 'mobile', referrer_host: null, user_id: owner.userId, hits: 2, recent: true },
    ]);

    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'link_events'
      order by column_name`.execute(t.db);
    expect(columns.map((column) => column.column_name)).toEqual([
      'browser',
      'country',
      'device',
      'hits',
      'id',
      'kind',
      'link_id',
      'occurred_at',
      'outcome',
      'referrer_host',
      'user_id',
      'utm_campaign',
      'utm_medium',
      'utm_source',
    ]);
  });

  it('redirects HEAD requests, bots, link previews and prefetches without counting them', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/not-counted');
    const uncounted = [
      follow(`/l/${link.code}?qr`, {}, 'HEAD'),
      follow(`/l/${link.code}`, {}, 'HEAD'),
      ...[
        'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
        'WhatsApp/2.23.20.0 A',
        'Twitterbot/1.0',
        'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
        'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'curl/8.5.0',
      ].map((agent) => follow(`/l/${link.code}?qr`, { 'user-agent': agent })),
      follow(`/l/${link.code}`, { 'sec-purpose': 'prefetch;prerender' }),
      follow(`/l/${link.code}`, { purpose: 'prefetch' }),
      // no User-Agent at all: every browser sends one
      t.app.inject({ method: 'GET', url: `/l/${link.code}`, headers: { 'user-agent': undefined } }),
    ];
    for (const response of await Promise.all(uncounted)) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/not-counted');
    }
    // one person's click, so the wait below ends when the batch is written
    await follow(`/l/${link.code}`);
    await expectCounted(link.id, { scans: 0, clicks: 1 });
  });

  it('answers an unknown or malformed code with a small 404 page in the visitor language', async () => {
    for (const path of ['/l/Zz9Zz9Zz9', '/l/abc', '/l/not-a-code!', `/l/${'a'.repeat(40)}`]) {
      const response = await follow(path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<h1>Link Not Found</h1>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toMatch(/<script/i);
    }
    const spanish = await follow('/l/Zz9Zz9Zz9', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<h1>Enlace no encontrado</h1>');
  });

  it('answers 503 with a retry hint when the link cannot be looked up', async () => {
    const broken = await buildTestApp();
    try {
      await broken.db.destroy();
      const response = await broken.app.inject({
        method: 'GET',
        url: '/l/Zz9Zz9Zz9',
        headers: { 'user-agent': IPHONE_SAFARI },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.body).toContain('<h1>Link Temporarily Unavailable</h1>');
    } finally {
      await broken.close();
    }
  });

  it('follows an edited destination at once, under the same code', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/before');
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/before');

    const response = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id: link.id,
      title: 'Flyer',
      url: 'https://example.com/after',
      icon: '',
      baseVersion: link.version,
    });
    expect(response.statusCode).toBe(200);
    expect(trpcData<LinkView>(response).code).toBe(link.code);
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/after');
    await expectCounted(link.id, { scans: 0, clicks: 2 });
  });

  it("drops a cached link on its owner's 'cards' notice and on a reset of the change bus", async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/one');
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/one');
    const moveTo = (url: string) =>
      t.db.updateTable('links').set({ url }).where('id', '=', link.id).execute();

    await moveTo('https://example.com/two');
    // nobody announced it, or only someone else's change: still the cached destination
    changes.publish({ userId: 'someone-else', topic: 'links' });
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/one');
    changes.publish({ userId: owner.userId, topic: 'cards' });
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/two');

    await moveTo('https://example.com/three');
    changes.reset();
    expect((await follow(`/l/${link.code}`)).headers.location).toBe('https://example.com/three');
  });

  it('answers 404 for a deleted link, and still writes the hits of other links queued with its own', async () => {
    const owner = await createOwner();
    const deleted = await createQrCode(owner.cookie, 'https://example.com/going');
    const kept = await createQrCode(owner.cookie, 'https://example.com/staying');
    // both hits wait in the same batch; the first link is gone before it is written
    await follow(`/l/${deleted.code}`);
    await follow(`/l/${kept.code}?qr`);
    const removed = await trpcMutate(t.app, 'links.delete', owner.cookie, { id: deleted.id });
    expect(removed.statusCode).toBe(200);

    const response = await follow(`/l/${deleted.code}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Link Not Found');
    await expectCounted(kept.id, { scans: 1, clicks: 0 });
    const orphans = await t.db
      .selectFrom('link_events')
      .select('id')
      .where('link_id', '=', deleted.id)
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe('profile links on the public profile', () => {
  it('link to their short links in the links page order, and a click through them is counted', async () => {
    const owner = await createOwner();
    const first = await createProfileLink(owner.cookie, 'First', 'https://a.example/');
    const second = await createProfileLink(owner.cookie, 'Second', 'https://b.example/');
    const third = await createProfileLink(owner.cookie, 'Third', 'https://c.example/');
    const reordered = await trpcMutate(t.app, 'links.reorderProfileLinks', owner.cookie, {
      ids: [third.id, first.id, second.id],
    });
    expect(reordered.statusCode).toBe(200);

    const page = await follow(`/${owner.username}`);
    expect(page.statusCode).toBe(200);
    const hrefs = [...page.body.matchAll(/<li><a href="([^"]+)" rel="nofollow ugc">([^<]+)<\/a><\/li>/g)].map(
      (match) => [match[2], match[1]],
    );
    expect(hrefs).toEqual([
      ['Third', `${TEST_ORIGIN}/l/${third.code}`],
      ['First', `${TEST_ORIGIN}/l/${first.code}`],
      ['Second', `${TEST_ORIGIN}/l/${second.code}`],
    ]);
    // the destinations themselves are not on the page: every click goes through the counter
    expect(page.body).not.toContain('https://a.example/');

    const click = await follow(`/l/${first.code}`, { referer: `${TEST_ORIGIN}/${owner.username}` });
    expect(click.headers.location).toBe('https://a.example/');
    await expectCounted(first.id, { scans: 0, clicks: 1 });
    const [event] = await t.db
      .selectFrom('link_events')
      .select('referrer_host')
      .where('link_id', '=', first.id)
      .execute();
    expect(event?.referrer_host).toBe('localhost');
  });
});

describe('two processes on one database (Postgres)', needsPostgres(), () => {
  it('count every follow exactly and both follow an edited destination', async () => {
    const first = await buildTestApp();
    const second = await buildTestApp({ database: first.config.database });
    try {
      const owner = await createOwner(first);
      const link = await createQrCode(owner.cookie, 'https://example.com/shared-before', first);
      const followFrom = (app: TestApp) =>
        app.app.inject({
          method: 'GET',
          url: `/l/${link.code}?qr`,
          headers: { 'user-agent': IPHONE_SAFARI },
        });
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) => followFrom(index % 2 === 0 ? first : second)),
      );
      expect(responses.every((response) => response.statusCode === 302)).toBe(true);
      await vi.waitFor(
        async () => {
          const row = await first.db
            .selectFrom('links')
            .select('scan_count')
            .where('id', '=', link.id)
            .executeTakeFirstOrThrow();
          expect(row.scan_count).toBe(100);
        },
        { timeout: 5_000 },
      );

      const updated = await trpcMutate(first.app, 'links.updateQrCode', owner.cookie, {
        id: link.id,
        title: 'Flyer',
        url: 'https://example.com/shared-after',
        icon: '',
        baseVersion: await versionOf(first.db, 'links', link.id),
      });
      expect(updated.statusCode).toBe(200);
      // the other process hears the change through LISTEN/NOTIFY
      await vi.waitFor(
        async () =>
          expect((await followFrom(second)).headers.location).toBe('https://example.com/shared-after'),
        { timeout: 5_000 },
      );
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('the hit recorder', () => {
  it('writes the queued hits when the app closes, then tells the owner', async () => {
    const bus = createLocalChangeBus();
    const notices: Change[] = [];
    bus.subscribe((change) => notices.push(change));
    const app = await buildTestApp({}, { changes: bus });
    try {
      const owner = await createOwner(app);
      const link = await createQrCode(owner.cookie, 'https://example.com/closing', app);
      const response = await app.app.inject({
        method: 'GET',
        url: `/l/${link.code}?qr`,
        headers: { 'user-agent': IPHONE_SAFARI },
      });
      expect(response.statusCode).toBe(302);
      expect(notices.filter((change) => change.topic === 'hits')).toEqual([]);
      await app.app.close();
      // a 'hits' notice is published after the rows were written
      expect(notices.filter((change) => change.topic === 'hits')).toEqual([
        { userId: owner.userId, topic: 'hits' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes in batches, sums per link, and keeps what the database did not take until it is written once', async () => {
    const owner = await createOwner();
    const first = await createQrCode(owner.cookie, 'https://example.com/batch-1');
    const second = await createQrCode(owner.cookie, 'https://example.com/batch-2');
    const logs = pino({ level: 'silent' });
    const recorder = createHitRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, {
      flushDelayMs: 60_000,
      batchSize: 2,
    });
    const hit = { ...visitFacts(), userId: owner.userId, outcome: 'destination' } as const;
    for (let index = 0; index < 5; index++) recorder.record({ ...hit, linkId: first.id, kind: 'scan' });
    for (let index = 0; index < 3; index++) recorder.record({ ...hit, linkId: first.id, kind: 'click' });
    recorder.record({ ...hit, linkId: second.id, kind: 'click', device: 'tablet' });
    recorder.record({ ...hit, linkId: second.id, kind: 'click', referrerHost: 'example.org' });
    await recorder.flush();
    expect(await counts(first.id)).toEqual({ scans: 5, clicks: 3, events: 8 });
    expect(await counts(second.id)).toEqual({ scans: 0, clicks: 2, events: 2 });

    // the database away at close: the hits go to the spill file, and the next start writes them
    const spillDir = temporaryDir();
    const logger = pino({ level: 'silent' });
    const errors = vi.spyOn(logger, 'error');
    const unreachable = unreachableDatabase();
    const failing = createHitRecorder(unreachable, createLocalChangeBus(), logger, forgetfulVisitors, {
      spillDir,
      closeRetryMs: 200,
    });
    for (let index = 0; index < 4; index++) failing.record({ ...hit, linkId: first.id, kind: 'scan' });
    await failing.flush();
    await unreachable.destroy();
    expect(errors).toHaveBeenCalledOnce();
    expect(failing.queue.totals).toMatchObject({ counted: 4, spilled: 4, dropped: 0 });
    const spilled = spillFiles(spillDir);

    const next = createHitRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, { spillDir });
    await vi.waitFor(async () => expect((await counts(first.id)).scans).toBe(9), { timeout: 10_000 });
    await next.flush();
    expect(await counts(first.id)).toEqual({ scans: 9, clicks: 3, events: 12 });
    // the same file replayed again (a crash before it was deleted): its batch is known, nothing counts twice
    restoreSpillFiles(spillDir, spilled);
    const again = createHitRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, { spillDir });
    await vi.waitFor(() => expect(spillFiles(spillDir).size).toBe(0), { timeout: 10_000 });
    expect(again.queue.totals).toMatchObject({ replayed: 4, written: 0 });
    await again.flush();
    expect(await counts(first.id)).toEqual({ scans: 9, clicks: 3, events: 12 });
  });

  it('counts the follows a previous version spilled (without where they led) once, as destinations, and removes its file', async () => {
    const owner = await createOwner();
    const link = await createQrCode(owner.cookie, 'https://example.com/previous-version');
    // what a server of the previous version left when it stopped while the database was away: its groups
    // did not say where a follow led (the outcome column's default, 'destination', says it for them)
    const spillDir = temporaryDir();
    const unreachable = unreachableDatabase();
    const stopping = createHitRecorder(
      unreachable,
      createLocalChangeBus(),
      pino({ level: 'silent' }),
      forgetfulVisitors,
      {
        spillDir,
        closeRetryMs: 200,
      },
    );
    const hit = {
      ...visitFacts(),
      userId: owner.userId,
      linkId: link.id,
      kind: 'click',
      outcome: 'destination',
    } as const;
    for (let index = 0; index < 18; index++) stopping.record(hit);
    await stopping.flush();
    await unreachable.destroy();
    const previousVersion = new Map(
      [...spillFiles(spillDir)].map(([name, content]) => [
        name,
        content.replaceAll('"outcome":"destination",', '').replaceAll(',"outcome":"destination"', ''),
      ]),
    );
    expect([...previousVersion.values()].join('')).not.toContain('outcome');
    restoreSpillFiles(spillDir, previousVersion);

    const logger = pino({ level: 'silent' });
    const errors = vi.spyOn(logger, 'error');
    const upgraded = createHitRecorder(t.db, createLocalChangeBus(), logger, forgetfulVisitors, { spillDir });
    await vi.waitFor(() => expect(spillFiles(spillDir).size).toBe(0), { timeout: 10_000 });
    await upgraded.flush();
    expect(await counts(link.id)).toEqual({ scans: 0, clicks: 18, events: 18 });
    expect(upgraded.queue.totals).toMatchObject({ replayed: 18, written: 18, refused: 0, dropped: 0 });
    const outcomes = await t.db
      .selectFrom('link_events')
      .select('outcome')
      .distinct()
      .where('link_id', '=', link.id)
      .execute();
    expect(outcomes).toEqual([{ outcome: 'destination' }]);
    expect(errors).not.toHaveBeenCalled();
  });
});
