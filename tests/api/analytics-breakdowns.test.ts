import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { analyticsBreakdowns, type AnalyticsBreakdowns } from '../../server/analytics/breakdowns.ts';
import { analyticsOverview } from '../../server/analytics/service.ts';
import { addressHashOfToday, createUniqueVisitorRecorder } from '../../server/analytics/unique-visitors.ts';
import { addLink, addVcard, addVisits, createOwner, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, trpcData, trpcError, trpcQuery, type TestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Full analytics: breakdowns by card and link, device, browser, referrer and
// country with a known answer, unique visitors, the CSV of a range's events, and the operator's privacy
// switches; no address is stored anywhere.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// noon in New York on Friday 20 March 2026 (EDT, UTC-4): the 7-day range is 14-20 March local, from
// 14 March 04:00Z to 21 March 04:00Z, so its first and last UTC days are partial
const NOW = new Date('2026-03-20T16:00:00Z');
const NEW_YORK = 'America/New_York';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const range = (days: 7 | 30 | 90, timeZone = NEW_YORK) =>
  AnalyticsOverviewInputSchema.parse({ timeZone, range: `${days}d` });
const asUser = (userId: string) => ({ db: t.db, accountId: userId, config: t.config });

/** A dimension's values as value -> [scans, views, clicks]. */
const table = (rows: AnalyticsBreakdowns['dimensions']['device']) =>
  Object.fromEntries(rows.map((row) => [row.value, [row.scans, row.views, row.clicks]]));

async function seedHistory(userId: string) {
  const qr = (await addLink(t.db, userId, { kind: 'qr', title: 'Menu' })).id;
  const blog = (await addLink(t.db, userId, { kind: 'profile', title: 'Blog' })).id;
  const card = await addVcard(t.db, userId, { name: 'Work card' });
  const us = { device: 'mobile', browser: 'safari', country: 'US' };
  // inside: the range's first instant (a partial UTC day), whole days, and its last UTC day (partial)
  await addVisits(t.db, userId, {
    linkId: qr,
    kind: 'scan',
    hits: 2,
    at: '2026-03-14T04:00:00Z',
    ...us,
    referrer_host: null,
  });
  await addVisits(t.db, userId, {
    linkId: qr,
    kind: 'scan',
    hits: 3,
    at: '2026-03-16T12:00:00Z',
    device: 'desktop',
    browser: 'chrome',
    country: 'ES',
    referrer_host: 'news.example.org',
  });
  await addVisits(t.db, userId, {
    linkId: blog,
    kind: 'click',
    hits: 4,
    at: '2026-03-20T13:00:00Z',
    device: 'tablet',
    browser: 'firefox',
    country: 'ES',
    referrer_host: 'www.instagram.com',
  });
  await addVisits(t.db, userId, {
    vcardId: card,
    views: 5,
    at: '2026-03-21T03:59:59Z',
    ...us,
    referrer_host: 'www.instagram.com',
  });
  await addVisits(t.db, userId, {
    vcardId: card,
    views: 1,
    at: '2026-03-18T09:00:00Z',
    device: 'desktop',
    browser: 'edge',
    country: null,
  });
  // outside: just before the first instant, and from tomorrow on
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 7, at: '2026-03-14T03:59:59Z', ...us });
  await addVisits(t.db, userId, { vcardId: card, views: 9, at: '2026-03-21T04:00:00Z', ...us });
  return { qr, blog, card };
}

describe('analytics.breakdowns (at a fixed now)', () => {
  it("breaks a range down by card and link, device, browser, referrer and country, with the cards' totals", async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const { qr, blog, card } = await seedHistory(owner.id);

    const result = await analyticsBreakdowns(asUser(owner.id), range(7), NOW);
    expect(result.totals).toEqual({ scans: 5, views: 6, clicks: 4, leads: 0 });
    const overview = await analyticsOverview(asUser(owner.id), range(7), NOW);
    expect({
      scans: overview.totals.scans.current,
      views: overview.totals.views.current,
      clicks: overview.totals.clicks.current,
      leads: overview.totals.leads.current,
    }).toEqual(result.totals);

    expect(
      result.items.map((item) => [item.value, item.kind, item.title, item.scans, item.views, item.clicks]),
    ).toEqual([
      [card, 'card', 'Work card', 0, 6, 0],
      [qr, 'qr', 'Menu', 5, 0, 0],
      [blog, 'profile', 'Blog', 0, 0, 4],
    ]);
    expect(table(result.dimensions.device)).toEqual({
      mobile: [2, 5, 0],
      tablet: [0, 0, 4],
      desktop: [3, 1, 0],
    });
    expect(table(result.dimensions.browser)).toEqual({
      safari: [2, 5, 0],
      firefox: [0, 0, 4],
      chrome: [3, 0, 0],
      edge: [0, 1, 0],
    });
    expect(table(result.dimensions.referrer)).toEqual({
      'www.instagram.com': [0, 5, 4],
      'news.example.org': [3, 0, 0],
      '': [2, 1, 0],
    });
    expect(table(result.dimensions.country)).toEqual({ US: [2, 5, 0], ES: [3, 0, 4], '': [0, 1, 0] });
    expect(result.notRecorded).toEqual([]);

    // 30 days hold the earlier scan too; 90 days the same
    const month = await analyticsBreakdowns(asUser(owner.id), range(30), NOW);
    expect(month.totals).toEqual({ scans: 12, views: 6, clicks: 4, leads: 0 });
    const monthOverview = await analyticsOverview(asUser(owner.id), range(30), NOW);
    expect(monthOverview.totals.scans.current).toBe(12);
  });

  it('is refused to a Free account, as is a range other than 30 days of the overview', async () => {
    const free = await createSignedInOwner(t, { plan: 'free' });
    const refused = await trpcQuery(t.app, 'analytics.breakdowns', free.cookie, {
      timeZone: 'UTC',
      range: '30d',
    });
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data.reason).toBe('plan_required');
    const week = await trpcQuery(t.app, 'analytics.overview', free.cookie, { timeZone: 'UTC', range: '7d' });
    expect(week.statusCode).toBe(403);
    expect(trpcError(week).data.meta).toEqual({ feature: 'fullAnalytics', plan: 'pro' });
    const month = await trpcQuery(t.app, 'analytics.overview', free.cookie, {
      timeZone: 'UTC',
      range: '30d',
    });
    expect(month.statusCode).toBe(200);
    const odd = await trpcQuery(t.app, 'analytics.overview', free.cookie, { timeZone: 'UTC', range: '12d' });
    expect(trpcError(odd).data.reason).toBe('validation_failed');

    const pro = await createSignedInOwner(t, { plan: 'pro' });
    const quarter = await trpcQuery(t.app, 'analytics.breakdowns', pro.cookie, {
      timeZone: 'UTC',
      range: '90d',
    });
    expect(quarter.statusCode).toBe(200);
    expect(trpcData<AnalyticsBreakdowns>(quarter).visitors).toHaveLength(90);
  });
});

describe("the CSV of a range's events", () => {
  const csvOf = (cookie: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/analytics/events.csv?${query}`, headers: { cookie } });

  it('has exactly the event rows of the range, as a download', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = (await addLink(t.db, owner.userId, { kind: 'qr', title: '=HYPERLINK("x")' })).id;
    const card = await addVcard(t.db, owner.userId, { name: 'Card' });
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    await addVisits(t.db, owner.userId, {
      linkId: link,
      kind: 'scan',
      hits: 3,
      at: ago(1),
      device: 'mobile',
      browser: 'safari',
      country: 'US',
      referrer_host: 'a.example',
    });
    await addVisits(t.db, owner.userId, { vcardId: card, views: 2, at: ago(24 * 3) });
    await addVisits(t.db, owner.userId, { linkId: link, kind: 'click', hits: 5, at: ago(24 * 20) });
    await addVisits(t.db, owner.userId, { linkId: link, kind: 'scan', hits: 8, at: ago(24 * 40) });

    const response = await csvOf(owner.cookie, 'range=7d&timeZone=UTC');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tapcard-events-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // UTF-8 with its byte order mark, so spreadsheets read accents right
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'time_utc,type,item_kind,item_id,item_title,device,browser,referrer_host,country,outcome,count',
    );
    expect(lines.slice(1)).toEqual([
      `${ago(72).slice(0, 19)}Z,view,card,${card},Card,unknown,unknown,,,,2`,
      `${ago(1).slice(0, 19)}Z,scan,qr,${link},"'=HYPERLINK(""x"")",mobile,safari,a.example,US,destination,3`,
    ]);
    const month = await csvOf(owner.cookie, 'range=30d&timeZone=UTC');
    const counts = month.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',').at(-1)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);

    expect((await csvOf(owner.cookie, 'range=12d&timeZone=UTC')).statusCode).toBe(400);
    expect((await csvOf('', 'range=7d&timeZone=UTC')).statusCode).toBe(401);
  });

  it("names the columns and values in the account's language, with the byte order mark", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const link = (await addLink(t.db, owner.userId, { kind: 'qr', title: '=Menú de "verano"' })).id;
    const card = await addVcard(t.db, owner.userId, { name: 'Tarjeta de María' });
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await addVisits(t.db, owner.userId, {
      linkId: link,
      kind: 'scan',
      hits: 2,
      at,
      device: 'mobile',
      browser: 'in-app',
      country: 'ES',
    });
    await addVisits(t.db, owner.userId, { vcardId: card, views: 1, at });

    const response = await csvOf(owner.cookie, 'range=7d&timeZone=UTC');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = response.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(header).toBe(
      'hora_utc,tipo,clase_de_elemento,id_del_elemento,título_del_elemento,dispositivo,navegador,' +
        'sitio_de_origen,país,resultado,número',
    );
    // type, item kind, device, browser and outcome of each row
    const words = rows.map((row) => {
      const cells = row.split(',');
      return [cells[1], cells[2], cells[5], cells[6], cells[9]];
    });
    expect(words).toEqual(
      expect.arrayContaining([
        ['escaneo', 'código QR', 'móvil', 'navegador de una app', 'destino'],
        ['visita', 'vCard', 'desconocido', 'desconocido', ''],
      ]),
    );
    // a title still cannot act as a formula, in any language
    expect(rows.join('\n')).toContain(`"'=Menú de ""verano"""`);
    expect(rows.join('\n')).toContain('Tarjeta de María');
  });

  it('refuses a Free account with plan_required and sends none of its events', async () => {
    const free = await createSignedInOwner(t, { plan: 'free' });
    const link = (await addLink(t.db, free.userId, { kind: 'qr' })).id;
    await addVisits(t.db, free.userId, { linkId: link, kind: 'scan', hits: 1, at: new Date().toISOString() });
    const response = await csvOf(free.cookie, 'range=30d&timeZone=UTC');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ reason: 'plan_required' });
    expect(response.body).not.toContain(link);
  });
});

describe('recording visits', () => {
  /** A fresh app (whose close writes every queued visit) on its own database. */
  async function followAndView(app: TestApp) {
    const owner = await createSignedInOwner(app, { plan: 'pro' });
    const link = await addLink(app.db, owner.userId, { kind: 'qr' });
    const visit = (remoteAddress: string, userAgent: string, referer?: string) =>
      app.app.inject({
        method: 'GET',
        url: `/l/${link.code}?qr`,
        remoteAddress,
        headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) },
      });
    expect((await visit('8.8.8.8', IPHONE_SAFARI, 'https://news.example.org/a')).statusCode).toBe(302);
    await visit('8.8.8.8', IPHONE_SAFARI);
    await visit('80.58.61.250', DESKTOP_FIREFOX, 'http://localhost:3000/somebody');
    await vi.waitFor(
      async () => {
        const rows = await app.db
          .selectFrom('link_events')
          .select('hits')
          .where('user_id', '=', owner.userId)
          .execute();
        expect(rows.reduce((sum, row) => sum + row.hits, 0)).toBe(3);
      },
      { timeout: 5_000 },
    );
    await vi.waitFor(
      async () => {
        const rows = await app.db
          .selectFrom('visitors')
          .selectAll()
          .where('user_id', '=', owner.userId)
          .execute();
        expect(rows).toHaveLength(2);
      },
      { timeout: 5_000 },
    );
    return { ...owner, linkId: link.id };
  }

  it('keeps the device, browser, referring host and country of each visit, and each visitor once a day', async () => {
    const owner = await followAndView(t);
    const result = await analyticsBreakdowns(asUser(owner.userId), range(7, 'UTC'));
    expect(table(result.dimensions.device)).toEqual({ mobile: [2, 0, 0], desktop: [1, 0, 0] });
    expect(table(result.dimensions.browser)).toEqual({ safari: [2, 0, 0], firefox: [1, 0, 0] });
    // the app's own host: a link followed from a card page
    expect(table(result.dimensions.referrer)).toEqual({
      '': [1, 0, 0],
      'news.example.org': [1, 0, 0],
      localhost: [1, 0, 0],
    });
    expect(table(result.dimensions.country)).toEqual({ US: [2, 0, 0], ES: [1, 0, 0] });
    expect(result.visitors.at(-1)?.visitors).toBe(2);
  });

  it('stores no address in any table', async () => {
    await followAndView(t);
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db);
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const { rows } = await sql<{ found: boolean }>`
        select exists (
          select 1 from ${sql.table(name)} as r where r::text like '%8.8.8.8%' or r::text like '%80.58.61.250%'
        ) as found`.execute(t.db);
      expect(rows[0]?.found, name).toBe(false);
    }
  });

  it('records none of what the operator switched off, and says so', async () => {
    const quiet = await buildTestApp({
      analyticsRecords: { devices: false, referrers: false, countries: false },
    });
    try {
      const owner = await followAndView(quiet);
      const rows = await quiet.db
        .selectFrom('link_events')
        .select(['device', 'browser', 'referrer_host', 'country'])
        .where('user_id', '=', owner.userId)
        .execute();
      for (const row of rows) {
        expect(row).toEqual({ device: 'unknown', browser: 'unknown', referrer_host: null, country: null });
      }
      const result = await analyticsBreakdowns(
        { db: quiet.db, accountId: owner.userId, config: quiet.config },
        range(7, 'UTC'),
      );
      expect(result.notRecorded).toEqual(['devices', 'referrers', 'countries']);
      expect(result.totals.scans).toBe(3);
    } finally {
      await quiet.close();
    }
  });
});

describe('unique visitors', () => {
  it('hashes with a salt of the day: the same visitor is one a day, another the next day, and the old salt is gone', async () => {
    const owner = await createOwner(t.db);
    let now = Date.parse('2026-03-20T23:59:00Z');
    const recorder = createUniqueVisitorRecorder(t.db, pino({ level: 'silent' }), { now: () => now });
    const visitor = { address: '198.51.100.4', userAgent: IPHONE_SAFARI };
    recorder.record(owner.id, visitor);
    recorder.record(owner.id, visitor);
    await recorder.flush();
    now = Date.parse('2026-03-21T00:01:00Z');
    recorder.record(owner.id, visitor);
    await recorder.flush();
    const rows = await t.db
      .selectFrom('visitors')
      .select(['visitor', sqlDay('day')])
      .where('user_id', '=', owner.id)
      .orderBy('day')
      .execute();
    expect(rows.map((row) => row.date)).toEqual(['2026-03-20', '2026-03-21']);
    expect(rows[0]?.visitor).not.toBe(rows[1]?.visitor);
    const salts = await t.db.selectFrom('visitor_salts').select(sqlDay('day')).execute();
    // the earlier day's salt is deleted once a later day's is made (the real today's may be there too)
    expect(salts.map((salt) => salt.date)).toContain('2026-03-21');
    expect(salts.map((salt) => salt.date)).not.toContain('2026-03-20');
  });

  it("hashes a client address with the day's salt, asked of the database once a day per process", async () => {
    const first = await addressHashOfToday(t.db, '198.51.100.7');
    // an earlier day's salt left in the table stays: the store, which deletes those, is not asked again today
    await t.db.insertInto('visitor_salts').values({ day: '2000-01-01', salt: 'an-earlier-day' }).execute();
    try {
      expect(await addressHashOfToday(t.db, '198.51.100.7')).toBe(first);
      expect(await addressHashOfToday(t.db, '198.51.100.8')).not.toBe(first);
      const salts = await t.db.selectFrom('visitor_salts').select(sqlDay('day')).execute();
      expect(salts.map((salt) => salt.date)).toContain('2000-01-01');
    } finally {
      await t.db.deleteFrom('visitor_salts').where('day', '=', '2000-01-01').execute();
    }
  });
});

function sqlDay(column: 'day') {
  return sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as('date');
}
