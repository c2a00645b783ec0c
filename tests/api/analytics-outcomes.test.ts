import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkOutcome } from '../../src/link-lifecycle.ts';
import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { analyticsBreakdowns, type AnalyticsBreakdowns } from '../../server/analytics/breakdowns.ts';
import {
  addLink,
  addVcard,
  addVisits,
  createApiCaller,
  createOwner,
  createSignedInOwner,
} from '../support/factories.ts';
import { buildTestApp, trpcData, trpcQuery, type TestApp } from '../support/harness.ts';
import { beforeMigration } from '../support/migrations.ts';

// How each follow of a link was served (its destination, its fallback address, a rule's address) in the
// breakdowns and the events CSV: the outcomes add up to the scans and clicks, exactly, over whole and
// partial UTC days; and the migration that adds the outcome counts the follows before it as destinations.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// noon in New York on Friday 20 March 2026 (EDT, UTC-4): the 7-day range is 14 March 04:00Z to
// 21 March 04:00Z, so its first and last UTC days are partial
const NOW = new Date('2026-03-20T16:00:00Z');
const range = (days: 7 | 30, timeZone = 'America/New_York') =>
  AnalyticsOverviewInputSchema.parse({ timeZone, range: `${days}d` });
const asUser = (userId: string) => ({ db: t.db, accountId: userId, config: t.config });

/** Follows of a link as the redirect writes them, served as `outcome`. */
async function addFollows(
  userId: string,
  visit: { linkId: string; kind: 'scan' | 'click'; outcome: LinkOutcome; hits: number; at: string },
) {
  await t.db
    .insertInto('link_events')
    .values({
      link_id: visit.linkId,
      user_id: userId,
      kind: visit.kind,
      outcome: visit.outcome,
      hits: visit.hits,
      occurred_at: visit.at,
    })
    .execute();
}

/** The outcomes as value -> [scans, views, clicks, leads]. */
const table = (rows: AnalyticsBreakdowns['outcomes']) =>
  Object.fromEntries(rows.map((row) => [row.value, [row.scans, row.views, row.clicks, row.leads]]));

const sumOf = (rows: AnalyticsBreakdowns['outcomes'], metric: 'scans' | 'views' | 'clicks' | 'leads') =>
  rows.reduce((sum, row) => sum + row[metric], 0);

describe('the outcome breakdown', () => {
  it('counts fallback and rule follows apart, and adds up to the scans and clicks over partial days', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const qr = (await addLink(t.db, owner.id, { kind: 'qr', title: 'Menu' })).id;
    const blog = (await addLink(t.db, owner.id, { kind: 'profile', title: 'Blog' })).id;
    const card = await addVcard(t.db, owner.id, { name: 'Work card' });
    // the first (partial) UTC day: its first instant is in, the second before it is not
    await addFollows(owner.id, {
      linkId: qr,
      kind: 'scan',
      outcome: 'destination',
      hits: 2,
      at: '2026-03-14T04:00:00Z',
    });
    await addFollows(owner.id, {
      linkId: qr,
      kind: 'scan',
      outcome: 'fallback',
      hits: 7,
      at: '2026-03-14T03:59:59Z',
    });
    // whole UTC days
    await addFollows(owner.id, {
      linkId: qr,
      kind: 'scan',
      outcome: 'fallback',
      hits: 3,
      at: '2026-03-16T12:00:00Z',
    });
    await addFollows(owner.id, {
      linkId: blog,
      kind: 'click',
      outcome: 'destination',
      hits: 1,
      at: '2026-03-18T09:00:00Z',
    });
    await addFollows(owner.id, {
      linkId: blog,
      kind: 'click',
      outcome: 'rule',
      hits: 5,
      at: '2026-03-19T23:00:00Z',
    });
    // the last (partial) UTC day: its last second is in, its end is not
    await addFollows(owner.id, {
      linkId: blog,
      kind: 'click',
      outcome: 'rule',
      hits: 4,
      at: '2026-03-21T03:59:59Z',
    });
    await addFollows(owner.id, {
      linkId: qr,
      kind: 'scan',
      outcome: 'fallback',
      hits: 6,
      at: '2026-03-21T02:00:00Z',
    });
    await addFollows(owner.id, {
      linkId: blog,
      kind: 'click',
      outcome: 'rule',
      hits: 8,
      at: '2026-03-21T04:00:00Z',
    });
    // views have no outcome
    await addVisits(t.db, owner.id, { vcardId: card, views: 9, at: '2026-03-17T10:00:00Z' });

    const week = await analyticsBreakdowns(asUser(owner.id), range(7), NOW);
    expect(week.totals).toEqual({ scans: 11, views: 9, clicks: 10, leads: 0 });
    expect(table(week.outcomes)).toEqual({
      destination: [2, 0, 1, 0],
      fallback: [9, 0, 0, 0],
      rule: [0, 0, 9, 0],
    });
    // most follows first, equal ones by value
    expect(week.outcomes.map((row) => row.value)).toEqual(['fallback', 'rule', 'destination']);
    for (const metric of ['scans', 'clicks'] as const) {
      expect(sumOf(week.outcomes, metric)).toBe(week.totals[metric]);
    }
    expect(sumOf(week.outcomes, 'views')).toBe(0);

    // a range of whole UTC days (from UTC midnight to UTC midnight) holds both of the outside follows
    const month = await analyticsBreakdowns(
      asUser(owner.id),
      range(30, 'UTC'),
      new Date('2026-03-21T12:00:00Z'),
    );
    expect(table(month.outcomes)).toEqual({
      destination: [2, 0, 1, 0],
      fallback: [16, 0, 0, 0],
      rule: [0, 0, 17, 0],
    });
    for (const metric of ['scans', 'clicks'] as const) {
      expect(sumOf(month.outcomes, metric)).toBe(month.totals[metric]);
    }
  });

  it('is part of the full breakdowns of Pro, and of the REST API', async () => {
    const pro = await createSignedInOwner(t, { plan: 'pro' });
    const link = (await addLink(t.db, pro.userId, { kind: 'qr' })).id;
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await addFollows(pro.userId, { linkId: link, kind: 'scan', outcome: 'fallback', hits: 2, at });
    await addFollows(pro.userId, { linkId: link, kind: 'scan', outcome: 'destination', hits: 1, at });
    const response = await trpcQuery(t.app, 'analytics.breakdowns', pro.cookie, {
      timeZone: 'UTC',
      range: '7d',
    });
    expect(response.statusCode, response.body).toBe(200);
    const breakdowns = trpcData<AnalyticsBreakdowns>(response);
    expect(breakdowns.campaigns).toBeNull();
    expect(table(breakdowns.outcomes)).toEqual({ fallback: [2, 0, 0, 0], destination: [1, 0, 0, 0] });

    const caller = await createApiCaller(t, ['read']);
    const other = (await addLink(t.db, caller.userId, { kind: 'profile' })).id;
    await addFollows(caller.userId, { linkId: other, kind: 'click', outcome: 'rule', hits: 3, at });
    const api = await caller.call('GET', '/api/v1/analytics/breakdowns?range=7d');
    expect(api.statusCode, api.body).toBe(200);
    expect(table(api.json<AnalyticsBreakdowns>().outcomes)).toEqual({ rule: [0, 0, 3, 0] });
    const doc = await t.app.inject({ url: '/api/v1/openapi.json' });
    const schemas = doc.json<{ components: { schemas: Record<string, { required?: string[] }> } }>()
      .components.schemas;
    expect(schemas['AnalyticsBreakdowns']?.required).toContain('outcomes');
  });
});

describe("the outcome in the CSV of a range's events", () => {
  const csvOf = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/events.csv?range=7d&timeZone=UTC',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return parse<Record<string, string>>(response.body, { columns: true, bom: true });
  };

  it("has each link row's outcome, none for a view, in the account's words", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = (await addLink(t.db, owner.userId, { kind: 'qr', title: 'Menu' })).id;
    const card = await addVcard(t.db, owner.userId, { name: 'Card' });
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await addFollows(owner.userId, {
      linkId: link,
      kind: 'scan',
      outcome: 'destination',
      hits: 1,
      at: ago(4),
    });
    await addFollows(owner.userId, { linkId: link, kind: 'scan', outcome: 'fallback', hits: 2, at: ago(3) });
    await addFollows(owner.userId, { linkId: link, kind: 'click', outcome: 'rule', hits: 3, at: ago(2) });
    await addVisits(t.db, owner.userId, { vcardId: card, views: 4, at: ago(1) });

    const rows = await csvOf(owner.cookie);
    expect(rows.map((row) => [row.type, row.outcome, row.count])).toEqual([
      ['scan', 'destination', '1'],
      ['scan', 'fallback', '2'],
      ['click', 'rule', '3'],
      ['view', '', '4'],
    ]);

    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const spanish = await csvOf(owner.cookie);
    expect(spanish.map((row) => [row.tipo, row.resultado])).toEqual([
      ['escaneo', 'destino'],
      ['escaneo', 'dirección alternativa'],
      ['clic', 'regla'],
      ['visita', ''],
    ]);
  });
});

// last in this file: it takes the column away and puts it back
describe('the migration that keeps the outcome', () => {
  it('counts the follows recorded before it as served their destination', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const link = (await addLink(t.db, owner.id, { kind: 'qr' })).id;
    const outcomeRows = () =>
      t.db
        .selectFrom('activity_breakdown_days')
        .select(['kind', 'value', 'visits'])
        .where('user_id', '=', owner.id)
        .where('dimension', '=', 'outcome')
        .orderBy('kind')
        .execute();
    // before the migration: follows on a partial and on a whole UTC day of the range
    await beforeMigration(t.db, '2026-12-05T0100_add_link_lifecycle', async () => {
      await addVisits(t.db, owner.id, { linkId: link, kind: 'scan', hits: 2, at: '2026-03-14T05:00:00Z' });
      await addVisits(t.db, owner.id, { linkId: link, kind: 'click', hits: 3, at: '2026-03-17T12:00:00Z' });
      expect(await outcomeRows()).toEqual([]);
    });

    expect(await outcomeRows()).toEqual([
      { kind: 'click', value: 'destination', visits: 3 },
      { kind: 'scan', value: 'destination', visits: 2 },
    ]);
    const stored = await t.db
      .selectFrom('link_events')
      .select('outcome')
      .where('user_id', '=', owner.id)
      .execute();
    expect(stored.map((row) => row.outcome)).toEqual(['destination', 'destination']);
    const week = await analyticsBreakdowns(asUser(owner.id), range(7), NOW);
    expect(week.totals).toMatchObject({ scans: 2, clicks: 3 });
    expect(table(week.outcomes)).toEqual({ destination: [2, 0, 3, 0] });
    // and follows after it are counted by their outcome
    await addFollows(owner.id, {
      linkId: link,
      kind: 'scan',
      outcome: 'rule',
      hits: 1,
      at: '2026-03-17T13:00:00Z',
    });
    const after = await analyticsBreakdowns(asUser(owner.id), range(7), NOW);
    expect(table(after.outcomes)).toEqual({ destination: [2, 0, 3, 0], rule: [1, 0, 0, 0] });
  });
});
