import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBreakdowns } from '../../server/analytics/breakdowns.ts';
import { countLead } from '../../server/analytics/leads.ts';
import type { AnalyticsOverview } from '../../server/analytics/service.ts';
import { addVcard, addVisits, createApiCaller, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, trpcData, trpcQuery, type TestApp } from '../support/harness.ts';

// Leads as the fourth kind of activity: a lead stored and counted in one transaction, as
// recordLead does, shows in the totals, the chart, the table by card, the events CSV (its time and card,
// nothing of the visitor) and the REST API; erasing the lead (its row deleted) or deleting its card leaves
// the counts of leads received as they were.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const VISITOR = { name: 'Grace Hopper', email: 'grace@navy.example', phone: '+1 202 555 0142' };

/** A lead of `vcardId` stored and counted in one transaction, as recordLead stores one; returns its id. */
async function receiveLead(userId: string, vcardId: string, at: Date): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    const lead = await trx
      .insertInto('leads')
      .values({
        user_id: userId,
        vcard_id: vcardId,
        card_name: 'Card',
        ...VISITOR,
        consent_text: 'I agree that the owner of this card may contact me.',
        consent_language: 'en',
        fields_given: JSON.stringify(['name', 'email', 'phone']),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await countLead(trx, { userId, vcardId, at });
    return lead.id;
  });
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function overview(cookie: string, range = '7d') {
  const response = await trpcQuery(t.app, 'analytics.overview', cookie, { timeZone: 'UTC', range });
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<AnalyticsOverview>(response);
}

async function breakdowns(cookie: string) {
  const response = await trpcQuery(t.app, 'analytics.breakdowns', cookie, { timeZone: 'UTC', range: '7d' });
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<AnalyticsBreakdowns>(response);
}

async function csvRows(cookie: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/analytics/events.csv?range=7d&timeZone=UTC',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}

/** Everything the analytics say about leads: totals, chart, per card and the CSV's lead rows. */
async function leadFigures(cookie: string) {
  const [summary, byItem, csv] = await Promise.all([overview(cookie), breakdowns(cookie), csvRows(cookie)]);
  return {
    totals: summary.totals.leads,
    buckets: summary.buckets.filter((day) => day.leads > 0).map(({ date, leads }) => ({ date, leads })),
    items: byItem.items.map(({ value, title, leads }) => ({ value, title, leads })),
    csv: csv.filter((row) => row.split(',')[1] === 'lead'),
  };
}

describe('leads in the analytics', () => {
  it('counts a lead in the totals, the interactions, the chart and by card', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const card = await addVcard(t.db, owner.userId, { name: 'Conference card' });
    await addVisits(t.db, owner.userId, { vcardId: card, views: 3, at: hoursAgo(2) });
    const at = hoursAgo(1);
    await receiveLead(owner.userId, card, at);
    await receiveLead(owner.userId, card, at);
    // a lead of the previous period
    await receiveLead(owner.userId, card, hoursAgo(24 * 10));

    const summary = await overview(owner.cookie);
    expect(summary.totals.leads).toEqual({ current: 2, previous: 1, change: 100 });
    expect(summary.totals.views.current).toBe(3);
    expect(summary.totals.interactions.current).toBe(5);
    const day = summary.buckets.find((bucket) => bucket.date === at.toISOString().slice(0, 10));
    expect(day).toMatchObject({ leads: 2 });
    expect(summary.buckets.reduce((sum, bucket) => sum + bucket.leads, 0)).toBe(2);

    const byItem = await breakdowns(owner.cookie);
    expect(byItem.totals).toMatchObject({ views: 3, leads: 2 });
    expect(byItem.items).toEqual([
      { value: card, kind: 'card', title: 'Conference card', scans: 0, views: 3, clicks: 0, leads: 2 },
    ]);
    // leads have no device, browser, referrer or country
    expect(byItem.dimensions.device.every((row) => row.leads === 0)).toBe(true);
  });

  it('writes each lead in the events CSV with its time and card, and nothing of the visitor', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const card = await addVcard(t.db, owner.userId, { name: 'Booth card' });
    const at = hoursAgo(3);
    await receiveLead(owner.userId, card, at);

    const rows = await csvRows(owner.cookie);
    expect(rows).toEqual([
      'time_utc,type,item_kind,item_id,item_title,device,browser,referrer_host,country,outcome,count',
      `${at.toISOString().slice(0, 19)}Z,lead,card,${card},Booth card,,,,,,1`,
    ]);
    const file = rows.join('\n');
    for (const value of Object.values(VISITOR)) expect(file).not.toContain(value);
    expect(file).not.toContain('hash-of-the-day');

    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const [, spanish] = await csvRows(owner.cookie);
    expect(spanish?.split(',').slice(1, 3)).toEqual(['contacto', 'vCard']);
  });

  it('keeps counting leads that were erased, and those of a deleted card', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const card = await addVcard(t.db, owner.userId, { name: 'Card' });
    const first = await receiveLead(owner.userId, card, hoursAgo(5));
    await receiveLead(owner.userId, card, hoursAgo(4));
    const before = await leadFigures(owner.cookie);
    expect(before.totals.current).toBe(2);
    expect(before.csv).toHaveLength(2);

    // one lead erased, then all of them (rows deleted, as the leads page and the Free plan's limit do)
    await t.db.deleteFrom('leads').where('id', '=', first).execute();
    expect(await leadFigures(owner.cookie)).toEqual(before);
    await t.db.deleteFrom('leads').where('user_id', '=', owner.userId).execute();
    expect(await leadFigures(owner.cookie)).toEqual(before);

    // the card deleted: its leads stay counted, on no card
    await t.db.deleteFrom('vcards').where('id', '=', card).execute();
    const after = await leadFigures(owner.cookie);
    expect(after.totals).toEqual(before.totals);
    expect(after.buckets).toEqual(before.buckets);
    expect(after.items).toEqual([{ value: '', title: '', leads: 2 }]);
    expect(after.csv).toHaveLength(2);
  });

  it("counts only the account's own leads", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const other = await createSignedInOwner(t, { plan: 'pro' });
    const card = await addVcard(t.db, other.userId, { name: 'Theirs' });
    await receiveLead(other.userId, card, hoursAgo(1));
    const figures = await leadFigures(owner.cookie);
    expect(figures).toEqual({
      totals: { current: 0, previous: 0, change: null },
      buckets: [],
      items: [],
      csv: [],
    });
  });

  it('lists leads in the REST API and its document', async () => {
    const caller = await createApiCaller(t, ['read']);
    const card = await addVcard(t.db, caller.userId, { name: 'Card' });
    await receiveLead(caller.userId, card, hoursAgo(1));
    const response = await caller.call('GET', '/api/v1/analytics/overview?range=7d');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AnalyticsOverview>().totals.leads.current).toBe(1);
    const items = await caller.call('GET', '/api/v1/analytics/breakdowns?range=7d');
    expect(items.json<AnalyticsBreakdowns>().items).toMatchObject([{ value: card, leads: 1 }]);
    const doc = await t.app.inject({ url: '/api/v1/openapi.json' });
    const schemas = doc.json<{ components: { schemas: Record<string, object> } }>().components.schemas;
    expect(JSON.stringify(schemas['AnalyticsOverview'])).toContain('"leads"');
  });
});
