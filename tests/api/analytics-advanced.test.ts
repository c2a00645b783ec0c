import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UTM_VALUE_MAX_LENGTH } from '../../src/utm.ts';
import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { analyticsBreakdowns, type AnalyticsBreakdowns } from '../../server/analytics/breakdowns.ts';
import { analyticsOverview, type AnalyticsOverview } from '../../server/analytics/service.ts';
import { cleanUp } from '../../server/cleanup/service.ts';
import { addLink, addVcard, addVisits, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, depsOf, trpcData, trpcError, trpcQuery, type TestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Advanced analytics (Business, advancedAnalytics): the 12-month range month by month against the same
// part of the year before, and the campaign (utm_source, utm_medium, utm_campaign) of the visits to card
// pages and short links, shown and exported to Business accounts only.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// noon in New York on Friday 20 March 2026 (EDT, UTC-4): the 12 months are April 2025 to March 2026 (up
// to today, the 20th), compared with 1 April 2024 to 20 March 2025
const NOW = new Date('2026-03-20T16:00:00Z');
const NEW_YORK = 'America/New_York';

const yearOf = (timeZone = NEW_YORK) => AnalyticsOverviewInputSchema.parse({ timeZone, range: '12m' });
const scopeOf = (accountId: string) => ({ db: t.db, accountId, config: t.config });

/** A breakdown as value -> total visits. */
const visitsByValue = (rows: { value: string; scans: number; views: number; clicks: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.value, row.scans + row.views + row.clicks]));

describe('the 12-month range', () => {
  /** A history with a known answer in New York, on the edges of both periods and of the months. */
  async function seedYear(userId: string) {
    const qr = (await addLink(t.db, userId, { kind: 'qr' })).id;
    const profileLink = (await addLink(t.db, userId, { kind: 'profile' })).id;
    const card = await addVcard(t.db, userId);
    // the 12 months: 5 scans, 5 clicks, 5 views
    // 20 Mar 2026 10:00 local
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 3, at: '2026-03-20T14:00:00Z' });
    // 1 Apr 2025 00:00 local: the first instant
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 2, at: '2025-04-01T04:00:00Z' });
    // 31 Dec 18:00 local
    await addVisits(t.db, userId, {
      linkId: profileLink,
      kind: 'click',
      hits: 4,
      at: '2025-12-31T23:00:00Z',
    });
    // 31 Dec 22:00 local (January in UTC)
    await addVisits(t.db, userId, {
      linkId: profileLink,
      kind: 'click',
      hits: 1,
      at: '2026-01-01T03:00:00Z',
    });
    await addVisits(t.db, userId, { vcardId: card, views: 5, at: '2025-07-15T12:00:00Z' });
    // the same part of the year before: 8 scans
    // 1 Apr 2024 00:00 local: its first instant
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 7, at: '2024-04-01T04:00:00Z' });
    // 20 Mar 2025 23:59:59 local: its last
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 1, at: '2025-03-21T03:59:59Z' });
    // in neither: the rest of March 2025, before April 2024, and tomorrow
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 20, at: '2025-03-21T04:00:00Z' });
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 50, at: '2025-04-01T03:59:59Z' });
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 30, at: '2024-04-01T03:59:59Z' });
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 9, at: '2026-03-21T04:00:00Z' });
  }

  it('counts month by month in the time zone, and its months add up to its cards', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await seedYear(owner.userId);

    const result = await analyticsOverview(scopeOf(owner.userId), yearOf(), NOW);
    expect(result.range).toBe('12m');
    expect(result.unit).toBe('month');
    expect(result.buckets.map((month) => month.date)).toEqual([
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    const busy = result.buckets.filter((month) => month.scans + month.views + month.clicks > 0);
    expect(busy).toEqual([
      { date: '2025-04-01', scans: 2, views: 0, clicks: 0, leads: 0 },
      { date: '2025-07-01', scans: 0, views: 5, clicks: 0, leads: 0 },
      { date: '2025-12-01', scans: 0, views: 0, clicks: 5, leads: 0 },
      { date: '2026-03-01', scans: 3, views: 0, clicks: 0, leads: 0 },
    ]);
    expect(result.totals).toEqual({
      scans: { current: 5, previous: 8, change: -37.5 },
      views: { current: 5, previous: 0, change: null },
      clicks: { current: 5, previous: 0, change: null },
      leads: { current: 0, previous: 0, change: null },
      interactions: { current: 15, previous: 8, change: 87.5 },
    });
    for (const metric of ['scans', 'views', 'clicks'] as const) {
      const sum = result.buckets.reduce((all, month) => all + month[metric], 0);
      expect(sum, metric).toBe(result.totals[metric].current);
    }

    // the breakdowns of the same 12 months: the same totals, and the unique visitors per month
    const breakdowns = await analyticsBreakdowns(scopeOf(owner.userId), yearOf(), NOW);
    expect(breakdowns.totals).toEqual({ scans: 5, views: 5, clicks: 5, leads: 0 });
    expect(breakdowns.unit).toBe('month');
    expect(breakdowns.visitors.map((month) => month.date)).toEqual(result.buckets.map((month) => month.date));
  });

  it('adds up the unique visitors of each month', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const rows = [
      { day: '2025-05-02', visitor: 'a' },
      { day: '2025-05-30', visitor: 'a' },
      { day: '2025-05-30', visitor: 'b' },
      { day: '2026-03-20', visitor: 'c' },
      { day: '2025-03-31', visitor: 'd' },
    ];
    await t.db
      .insertInto('visitors')
      .values(rows.map((row) => ({ ...row, user_id: owner.userId })))
      .execute();
    const { visitors } = await analyticsBreakdowns(scopeOf(owner.userId), yearOf(), NOW);
    expect(visitors).toHaveLength(12);
    expect(visitors.filter((month) => month.visitors > 0)).toEqual([
      { date: '2025-05-01', visitors: 3 },
      { date: '2026-03-01', visitors: 1 },
    ]);
  });

  it('is for Business only: Free and Pro are refused with plan_required naming Business', async () => {
    const input = { timeZone: 'UTC', range: '12m' };
    for (const plan of ['free', 'pro'] as const) {
      const owner = await createSignedInOwner(t, { plan });
      for (const procedure of ['analytics.overview', 'analytics.breakdowns']) {
        const refused = await trpcQuery(t.app, procedure, owner.cookie, input);
        expect(refused.statusCode, `${plan} ${procedure}`).toBe(403);
        const error = trpcError(refused).data;
        expect(error.reason).toBe('plan_required');
        // Free meets the breakdowns' own gate (fullAnalytics) first
        if (plan === 'pro' || procedure === 'analytics.overview') {
          expect(error.meta).toEqual({ feature: 'advancedAnalytics', plan: 'business' });
        }
      }
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/analytics/events.csv?range=12m&timeZone=UTC',
        headers: { cookie: owner.cookie },
      });
      expect(csv.statusCode, plan).toBe(403);
      expect(csv.json()).toMatchObject({ reason: 'plan_required' });
    }
    // Pro keeps its own ranges
    const pro = await createSignedInOwner(t, { plan: 'pro' });
    const quarter = await trpcQuery(t.app, 'analytics.overview', pro.cookie, {
      timeZone: 'UTC',
      range: '90d',
    });
    expect(quarter.statusCode).toBe(200);

    const business = await createSignedInOwner(t, { plan: 'business' });
    const year = await trpcQuery(t.app, 'analytics.overview', business.cookie, input);
    expect(year.statusCode, year.body).toBe(200);
    expect(trpcData<AnalyticsOverview>(year).buckets).toHaveLength(12);
    const yearBreakdowns = await trpcQuery(t.app, 'analytics.breakdowns', business.cookie, input);
    expect(yearBreakdowns.statusCode, yearBreakdowns.body).toBe(200);
  });

  it('keeps two years of counts through the clean-up: the 12 months and the 12 before them', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const qr = (await addLink(t.db, owner.userId, { kind: 'qr' })).id;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await addVisits(t.db, owner.userId, { linkId: qr, kind: 'scan', hits: 2, at: daysAgo(3) });
    // within the year before whatever the day: at most 23 months and a day ago, at least 12 months ago
    await addVisits(t.db, owner.userId, { linkId: qr, kind: 'scan', hits: 4, at: daysAgo(690) });
    await addVisits(t.db, owner.userId, { linkId: qr, kind: 'scan', hits: 1, at: daysAgo(400) });

    await cleanUp(await depsOf(t), { dryRun: false });

    const result = await analyticsOverview(scopeOf(owner.userId), yearOf('UTC'));
    expect(result.totals.scans).toEqual({ current: 2, previous: 5, change: -60 });
  });
});

describe('campaigns of visits', () => {
  /** The link_events or profile_views rows of an account with their campaign, once the recorders wrote them. */
  async function campaignRows(table: 'link_events' | 'profile_views', userId: string, expected: number) {
    const count = table === 'link_events' ? 'hits' : 'views';
    let rows: {
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      n: number;
    }[] = [];
    await vi.waitFor(
      async () => {
        rows = await t.db
          .selectFrom(table)
          .select(['utm_source', 'utm_medium', 'utm_campaign', `${count} as n`])
          .where('user_id', '=', userId)
          .execute();
        expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(expected);
      },
      { timeout: 5_000 },
    );
    return rows;
  }

  const visit = (url: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: '8.8.8.8', headers: { 'user-agent': IPHONE_SAFARI } });

  it('are recorded from a card page, each visit even when the page comes from the cache', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const card = await addVcard(t.db, owner.userId);
    const first = await visit(
      `/${owner.username}?utm_source=Newsletter&utm_medium=Email&utm_campaign=Spring%20Sale`,
    );
    expect(first.statusCode).toBe(200);
    // the same page again, now from the page cache, with another campaign; then one without
    const cached = await visit(`/${owner.username}?utm_source=partner`);
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toBe(first.body);
    // the page never repeats its address's campaign
    expect(first.body).not.toContain('Newsletter');
    expect(first.body).not.toContain('utm_');
    await visit(`/${owner.username}`);
    await visit(`/vcard/${card}?utm_source=card-qr&utm_medium=print`);

    const rows = await campaignRows('profile_views', owner.userId, 4);
    expect(rows.map(({ n: _n, ...campaign }) => campaign)).toEqual(
      expect.arrayContaining([
        { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring sale' },
        { utm_source: 'partner', utm_medium: null, utm_campaign: null },
        { utm_source: null, utm_medium: null, utm_campaign: null },
        { utm_source: 'card-qr', utm_medium: 'print', utm_campaign: null },
      ]),
    );
  });

  it('are recorded from a short link, scanned or clicked, which forwards nothing of them', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/menu?lang=en' });
    // the same printed address scanned twice (its campaign read once, then remembered), a click, a plain scan
    const printed = `/l/${link.code}?qr&utm_source=Flyer&utm_medium=print&utm_campaign=autumn`;
    for (let i = 0; i < 2; i++) {
      const scan = await visit(printed);
      expect(scan.statusCode).toBe(302);
      expect(scan.headers.location).toBe('https://example.com/menu?lang=en');
    }
    const click = await visit(`/l/${link.code}?utm_source=instagram`);
    expect(click.headers.location).toBe('https://example.com/menu?lang=en');
    await visit(`/l/${link.code}?qr`);

    await campaignRows('link_events', owner.userId, 4);
    const { rows } = await sql<{ kind: string; campaign: string; hits: number }>`
      select kind, concat_ws('/', utm_source, utm_medium, utm_campaign) as campaign, sum(hits)::int as hits
      from link_events where user_id = ${owner.userId}
      group by 1, 2 order by 1, 2`.execute(t.db);
    expect(rows).toEqual([
      { kind: 'click', campaign: 'instagram', hits: 1 },
      { kind: 'scan', campaign: '', hits: 1 },
      { kind: 'scan', campaign: 'flyer/print/autumn', hits: 2 },
    ]);
  });

  it('cut a value that is too long and ignore one with control characters', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr' });
    const long = 'X'.repeat(UTM_VALUE_MAX_LENGTH + 40);
    const response = await visit(
      `/l/${link.code}?qr&utm_source=${long}&utm_medium=bad%0Aline&utm_campaign=%E2%80%AEflip&utm_content=x`,
    );
    expect(response.statusCode).toBe(302);
    const [row] = await campaignRows('link_events', owner.userId, 1);
    expect(row).toMatchObject({
      utm_source: 'x'.repeat(UTM_VALUE_MAX_LENGTH),
      utm_medium: null,
      utm_campaign: null,
    });
  });

  it('are broken down for Business and exported as columns; Pro is sent neither', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const seed = async (userId: string) => {
      const link = (await addLink(t.db, userId, { kind: 'qr' })).id;
      const card = await addVcard(t.db, userId, { name: 'Card' });
      await addVisits(t.db, userId, {
        linkId: link,
        kind: 'scan',
        hits: 3,
        at,
        utm_source: 'flyer',
        utm_medium: 'print',
      });
      await addVisits(t.db, userId, {
        linkId: link,
        kind: 'click',
        hits: 1,
        at,
        utm_source: '=cmd|calc',
        utm_campaign: 'autumn',
      });
      await addVisits(t.db, userId, { vcardId: card, views: 2, at });
      return link;
    };
    const business = await createSignedInOwner(t, { plan: 'business' });
    const link = await seed(business.userId);
    const shown = await trpcQuery(t.app, 'analytics.breakdowns', business.cookie, {
      timeZone: 'UTC',
      range: '7d',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const { campaigns, totals } = trpcData<AnalyticsBreakdowns>(shown);
    expect(campaigns).not.toBeNull();
    expect(visitsByValue(campaigns?.utm_source ?? [])).toEqual({ flyer: 3, '=cmd|calc': 1, '': 2 });
    expect(visitsByValue(campaigns?.utm_medium ?? [])).toEqual({ print: 3, '': 3 });
    expect(visitsByValue(campaigns?.utm_campaign ?? [])).toEqual({ autumn: 1, '': 5 });
    // every visit is in each breakdown exactly once
    expect(totals).toEqual({ scans: 3, views: 2, clicks: 1, leads: 0 });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/events.csv?range=7d&timeZone=UTC',
      headers: { cookie: business.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'time_utc,type,item_kind,item_id,item_title,device,browser,referrer_host,country,outcome,' +
        'utm_source,utm_medium,utm_campaign,count',
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`,scan,qr,${link},.*,flyer,print,,3$`)),
        // a campaign value that looks like a formula is written as text
        expect.stringMatching(new RegExp(`,click,qr,${link},.*,'=cmd\\|calc,,autumn,1$`)),
        expect.stringMatching(/,view,card,.*,Card,.*,,,,2$/),
      ]),
    );

    const pro = await createSignedInOwner(t, { plan: 'pro' });
    await seed(pro.userId);
    const hidden = await trpcQuery(t.app, 'analytics.breakdowns', pro.cookie, {
      timeZone: 'UTC',
      range: '7d',
    });
    expect(hidden.statusCode).toBe(200);
    expect(trpcData<AnalyticsBreakdowns>(hidden).campaigns).toBeNull();
    expect(hidden.body).not.toContain('flyer');
    expect(hidden.body).not.toContain('utm_');
    const proCsv = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/events.csv?range=7d&timeZone=UTC',
      headers: { cookie: pro.cookie },
    });
    expect(proCsv.statusCode).toBe(200);
    expect(proCsv.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'time_utc,type,item_kind,item_id,item_title,device,browser,referrer_host,country,outcome,count',
    );
    expect(proCsv.body).not.toContain('flyer');
  });

  it("names the campaign's columns in Spanish for a Spanish account", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/events.csv?range=12m&timeZone=UTC',
      headers: { cookie: owner.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(3).toString('utf8').split('\n')[0]).toBe(
      'hora_utc,tipo,clase_de_elemento,id_del_elemento,título_del_elemento,dispositivo,navegador,' +
        'sitio_de_origen,país,resultado,fuente_utm,medio_utm,campaña_utm,número',
    );
  });

  it('keep the breakdown days in step with the events when events are deleted', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = (await addLink(t.db, owner.userId, { kind: 'qr' })).id;
    await addVisits(t.db, owner.userId, {
      linkId: link,
      kind: 'scan',
      hits: 4,
      at: new Date().toISOString(),
      utm_source: 'flyer',
    });
    await t.db.deleteFrom('link_events').where('user_id', '=', owner.userId).execute();
    const left = await t.db
      .selectFrom('activity_breakdown_days')
      .select(['dimension', 'value', 'visits'])
      .where('user_id', '=', owner.userId)
      .execute();
    expect(left).toEqual([]);
  });
});
