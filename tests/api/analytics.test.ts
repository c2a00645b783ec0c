import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkKind } from '../../db/schema.ts';
import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { analyticsOverview, type AnalyticsOverview } from '../../server/analytics/service.ts';
import { addLink, addVisits } from '../support/factories.ts';
import {
  buildTestApp,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';

// The analytics home: the last 30 days and the 30 before them, per day of the
// person's time zone, from the scans, clicks and views stored for them and nobody else; clearing test
// data or deleting a link takes their events out of the numbers.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// The known answers are computed at a fixed "now": noon in New York on Friday 20 March 2026 (EDT, UTC-4;
// the clocks went forward on 8 March). The current window is 19 February to 20 March, the previous one
// 20 January to 18 February. (A faked system clock would also fake the embedded database's timers.)
const NOW = new Date('2026-03-20T16:00:00Z');
const NEW_YORK = 'America/New_York';

/** The overview at NOW, through the procedure's own input schema. */
const overviewAtNow = (userId: string, timeZone: string) =>
  analyticsOverview({ db: t.db, accountId: userId }, AnalyticsOverviewInputSchema.parse({ timeZone }), NOW);

/** analytics.overview as the signed-in browser asks for it, now. */
const overview = async (cookie: string, timeZone: string) => {
  const response = await trpcQuery(t.app, 'analytics.overview', cookie, { timeZone });
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<AnalyticsOverview>(response);
};

/** A moment some days before the real now: inside the current window (< 30) or the previous (31-59) in any zone. */
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

const addLinkOf = async (userId: string, kind: LinkKind) => (await addLink(t.db, userId, { kind })).id;

/** The days of a series that have something, as date -> counts. */
function busyDays(result: AnalyticsOverview) {
  return Object.fromEntries(
    result.buckets
      .filter((day) => day.scans + day.views + day.clicks > 0)
      .map(({ date, ...counts }) => [date, counts]),
  );
}

/**
 * A history with a known answer in New York: rows inside both windows, on their first and last
 * instants, on the DST day, just outside them, and a row whose UTC date is a day later than its local one.
 */
async function seedHistory(userId: string) {
  const qr = await addLinkOf(userId, 'qr');
  const profileLink = await addLinkOf(userId, 'profile');
  // current window: 10 scans
  // 20 Mar 10:00 local
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 3, at: '2026-03-20T14:00:00Z' });
  // 19 Mar 23:30 local (20 Mar in UTC)
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 2, at: '2026-03-20T03:30:00Z' });
  // 19 Feb 00:00 local: first instant
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 1, at: '2026-02-19T05:00:00Z' });
  // 8 Mar 12:00 local, the DST day
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 4, at: '2026-03-08T16:00:00Z' });
  // previous window: 8 scans
  // 18 Feb 23:59:59 local: last instant
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 5, at: '2026-02-19T04:59:59Z' });
  // 20 Jan 00:00 local: first instant
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 3, at: '2026-01-20T05:00:00Z' });
  // in neither window
  // 19 Jan 23:59:59 local
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 7, at: '2026-01-20T04:59:59Z' });
  // 21 Mar 00:00 local: tomorrow
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 9, at: '2026-03-21T04:00:00Z' });
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 11, at: '2025-12-01T12:00:00Z' });
  // clicks only now: 6
  // 20 Mar 09:00 local
  await addVisits(t.db, userId, { linkId: profileLink, kind: 'click', hits: 6, at: '2026-03-20T13:00:00Z' });
  // views: 3 now, 6 before
  // 1 Mar 12:00 local (EST)
  await addVisits(t.db, userId, { vcardId: null, views: 2, at: '2026-03-01T17:00:00Z' });
  // 20 Mar 00:30 local
  await addVisits(t.db, userId, { vcardId: null, views: 1, at: '2026-03-20T04:30:00Z' });
  // 1 Feb 12:00 local
  await addVisits(t.db, userId, { vcardId: null, views: 6, at: '2026-02-01T17:00:00Z' });
  return { qr, profileLink };
}

/** A history of the last days (real time), the same whatever the time zone and whenever the test runs. */
async function seedRecent(userId: string, amounts: { scans: number; views: number; earlierClicks: number }) {
  const qr = await addLinkOf(userId, 'qr');
  const profileLink = await addLinkOf(userId, 'profile');
  await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: amounts.scans, at: daysAgo(2) });
  await addVisits(t.db, userId, { vcardId: null, views: amounts.views, at: daysAgo(5) });
  await addVisits(t.db, userId, {
    linkId: profileLink,
    kind: 'click',
    hits: amounts.earlierClicks,
    at: daysAgo(40),
  });
  return { qr, profileLink };
}

describe('the numbers of analytics.overview (at a fixed now)', () => {
  it('counts the last 30 days and the 30 before them by day of the time zone, with the change of each', async () => {
    const { userId } = await signUp(t.app);
    await seedHistory(userId);

    const result = await overviewAtNow(userId, NEW_YORK);
    expect(result.timeZone).toBe(NEW_YORK);
    expect(result.totals).toEqual({
      scans: { current: 10, previous: 8, change: 25 },
      views: { current: 3, previous: 6, change: -50 },
      clicks: { current: 6, previous: 0, change: null },
      leads: { current: 0, previous: 0, change: null },
      interactions: { current: 19, previous: 14, change: expect.closeTo((5 / 14) * 100, 6) },
    });
    expect(result.buckets).toHaveLength(30);
    expect(result.buckets[0]).toEqual({ date: '2026-02-19', scans: 1, views: 0, clicks: 0, leads: 0 });
    expect(result.buckets[1]).toEqual({ date: '2026-02-20', scans: 0, views: 0, clicks: 0, leads: 0 });
    expect(result.buckets.at(-1)?.date).toBe('2026-03-20');
    expect(busyDays(result)).toEqual({
      '2026-02-19': { scans: 1, views: 0, clicks: 0, leads: 0 },
      '2026-03-01': { scans: 0, views: 2, clicks: 0, leads: 0 },
      '2026-03-08': { scans: 4, views: 0, clicks: 0, leads: 0 },
      '2026-03-19': { scans: 2, views: 0, clicks: 0, leads: 0 },
      '2026-03-20': { scans: 3, views: 1, clicks: 6, leads: 0 },
    });
  });

  it('moves events across midnight with the time zone (the same history in UTC)', async () => {
    const { userId } = await signUp(t.app);
    await seedHistory(userId);

    const result = await overviewAtNow(userId, 'UTC');
    expect(result.timeZone).toBe('UTC');
    // 19 Feb 04:59:59Z is now inside the window and 20 Jan 04:59:59Z inside the previous one; 21 Mar
    // 04:00Z is still after them
    expect(result.totals.scans).toEqual({ current: 15, previous: 10, change: 50 });
    expect(result.totals.views).toEqual({ current: 3, previous: 6, change: -50 });
    expect(busyDays(result)).toEqual({
      '2026-02-19': { scans: 6, views: 0, clicks: 0, leads: 0 },
      '2026-03-01': { scans: 0, views: 2, clicks: 0, leads: 0 },
      '2026-03-08': { scans: 4, views: 0, clicks: 0, leads: 0 },
      '2026-03-20': { scans: 5, views: 1, clicks: 6, leads: 0 },
    });
  });

  it('splits days exactly in a zone 45 minutes off the hour', async () => {
    const { userId } = await signUp(t.app);
    const qr = await addLinkOf(userId, 'qr');
    // Kathmandu is UTC+05:45: its 20 March starts at 19 March 18:15 UTC
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 1, at: '2026-03-19T18:14:59Z' });
    await addVisits(t.db, userId, { linkId: qr, kind: 'scan', hits: 2, at: '2026-03-19T18:15:00Z' });

    expect(busyDays(await overviewAtNow(userId, 'Asia/Kathmandu'))).toEqual({
      '2026-03-19': { scans: 1, views: 0, clicks: 0, leads: 0 },
      '2026-03-20': { scans: 2, views: 0, clicks: 0, leads: 0 },
    });
  });

  it('gives an account without events 30 days of zeros and no percentages', async () => {
    const { userId } = await signUp(t.app);
    const result = await overviewAtNow(userId, NEW_YORK);
    for (const total of Object.values(result.totals)) {
      expect(total).toEqual({ current: 0, previous: 0, change: null });
    }
    expect(result.buckets).toHaveLength(30);
    expect(busyDays(result)).toEqual({});
  });

  it('follows events that are changed or deleted, and a deleted link takes its events along', async () => {
    const person = await signUp(t.app);
    const { qr } = await seedHistory(person.userId);

    await t.db
      .updateTable('link_events')
      .set((eb) => ({ hits: eb('hits', '+', 10) }))
      .where('user_id', '=', person.userId)
      .where('occurred_at', '=', new Date('2026-03-20T14:00:00Z'))
      .execute();
    expect((await overviewAtNow(person.userId, NEW_YORK)).totals.scans.current).toBe(20);

    const deleted = await trpcMutate(t.app, 'links.delete', person.cookie, { id: qr });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const result = await overviewAtNow(person.userId, NEW_YORK);
    expect(result.totals.scans).toEqual({ current: 0, previous: 0, change: null });
    expect(result.totals.clicks.current).toBe(6);
  });
});

describe('analytics.overview', () => {
  it('shows each person only their own numbers', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    await seedRecent(person.userId, { scans: 3, views: 2, earlierClicks: 4 });
    await seedRecent(other.userId, { scans: 100, views: 50, earlierClicks: 40 });

    const mine = await overview(person.cookie, NEW_YORK);
    expect(mine.totals).toEqual({
      scans: { current: 3, previous: 0, change: null },
      views: { current: 2, previous: 0, change: null },
      clicks: { current: 0, previous: 4, change: -100 },
      leads: { current: 0, previous: 0, change: null },
      interactions: { current: 5, previous: 4, change: 25 },
    });
    const theirs = await overview(other.cookie, NEW_YORK);
    expect(theirs.totals.interactions).toEqual({ current: 150, previous: 40, change: 275 });
    expect(theirs.buckets).toHaveLength(30);
    expect(theirs.buckets.reduce((sum, day) => sum + day.scans + day.views + day.clicks, 0)).toBe(150);
  });

  it('counts days in UTC when the time zone is not one it knows', async () => {
    const person = await signUp(t.app);
    await seedRecent(person.userId, { scans: 3, views: 2, earlierClicks: 4 });
    const inUtc = await overview(person.cookie, 'UTC');
    for (const unknown of ['Mars/Olympus_Mons', '+05:00', "UTC'; drop table link_events; --"]) {
      const result = await overview(person.cookie, unknown);
      expect(result.timeZone).toBe('UTC');
      expect(result.totals).toEqual(inUtc.totals);
    }
  });

  it('is only for signed-in people', async () => {
    const response = await trpcQuery(t.app, 'analytics.overview', '', { timeZone: 'UTC' });
    expect(response.statusCode).toBe(401);
    expect(trpcError(response).data.reason).toBe('unauthenticated');
  });

  it('is back to zero after clearing test data, for that person only', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    await seedRecent(person.userId, { scans: 3, views: 2, earlierClicks: 4 });
    await seedRecent(other.userId, { scans: 100, views: 50, earlierClicks: 40 });
    expect((await overview(person.cookie, NEW_YORK)).totals.interactions.current).toBe(5);

    const cleared = await trpcMutate(t.app, 'profile.clearTestData', person.cookie);
    expect(cleared.statusCode, cleared.body).toBe(200);

    const result = await overview(person.cookie, NEW_YORK);
    for (const total of Object.values(result.totals)) {
      expect(total).toEqual({ current: 0, previous: 0, change: null });
    }
    expect(busyDays(result)).toEqual({});
    const [events, views, counted] = await Promise.all(
      (['link_events', 'profile_views', 'activity_quarter_hours'] as const).map((table) =>
        t.db.selectFrom(table).select('user_id').where('user_id', '=', person.userId).execute(),
      ),
    );
    expect({ events, views, counted }).toEqual({ events: [], views: [], counted: [] });
    expect((await overview(other.cookie, NEW_YORK)).totals.interactions.current).toBe(150);
  });
});
