import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_METRICS } from '../../src/analytics.ts';
import { serverPaths } from '../../src/routes.ts';
import { holderKey } from '../../src/team-analytics.ts';
import type { AnalyticsBreakdowns, ItemsBreakdowns } from '../../server/analytics/breakdowns.ts';
import { countLead } from '../../server/analytics/leads.ts';
import { beforeMigration } from '../support/migrations.ts';
import type { TeamAnalytics } from '../../server/analytics/team.ts';
import {
  addLink,
  addVcard,
  addVisits,
  countUsers,
  createSignedInOwner,
  setPlan,
} from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { addTeam, addTeamCard, addTeamOfFour, teamAccountOf } from '../support/teams.ts';

// A team's analytics (advancedAnalytics): the team account's totals and chart, per member and per card,
// and their CSV, for the team's owner and admins only, with nothing of another team or of a member's
// personal cards in them. Counts belong to the card: a card handed over takes its history along.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Inside the last 30 days, and inside the 30 before them, whatever the time of the day the test runs. */
const recently = () => new Date(Date.now() - HOUR);
const monthBefore = () => new Date(Date.now() - 40 * DAY);
const RANGE = { timeZone: 'UTC', range: '30d' } as const;

type Team = Awaited<ReturnType<typeof addTeamOfFour>>;
let team: Team;
let cards: {
  mia: Awaited<ReturnType<typeof addTeamCard>>;
  sam: Awaited<ReturnType<typeof addTeamCard>>;
  unassigned: Awaited<ReturnType<typeof addTeamCard>>;
  invitee: Awaited<ReturnType<typeof addTeamCard>>;
};
/** A short link of the team's account made for no card. */
let looseLinkId: string;

/**
 * The team of four with a card for Mia, one for Sam, one for nobody and one for an invitee, and visits of
 * each; beside them Mia's personal card and another team's card, with visits that must never show.
 */
beforeEach(async () => {
  team = await addTeamOfFour(t);
  cards = {
    mia: await addTeamCard(t.db, team.teamId, { memberId: team.member.userId, name: 'Mia at Acme' }),
    sam: await addTeamCard(t.db, team.teamId, { memberId: team.successor.userId, name: 'Sam at Acme' }),
    unassigned: await addTeamCard(t.db, team.teamId, { name: 'Front desk' }),
    invitee: await addTeamCard(t.db, team.teamId, { inviteeEmail: 'Ines@Example.com', name: 'Ines at Acme' }),
  };
  const account = cards.mia.accountId;
  looseLinkId = (await addLink(t.db, account, { kind: 'profile' })).id;
  await addVisits(t.db, account, { vcardId: cards.mia.vcardId, views: 3, at: recently() });
  await addVisits(t.db, account, { linkId: cards.mia.linkId, kind: 'scan', hits: 5, at: recently() });
  await addVisits(t.db, account, { linkId: cards.mia.linkId, kind: 'scan', hits: 10, at: monthBefore() });
  await addVisits(t.db, account, { linkId: cards.sam.linkId, kind: 'scan', hits: 2, at: recently() });
  await addVisits(t.db, account, { vcardId: cards.unassigned.vcardId, views: 1, at: recently() });
  await addVisits(t.db, account, { linkId: cards.invitee.linkId, kind: 'scan', hits: 6, at: recently() });
  await addVisits(t.db, account, { linkId: looseLinkId, kind: 'click', hits: 4, at: recently() });

  const personalCard = await addVcard(t.db, team.member.userId, { name: 'Mia at home' });
  await addVisits(t.db, team.member.userId, { vcardId: personalCard, views: 100, at: recently() });
  const outsider = await createSignedInOwner(t, { plan: 'business' });
  const other = await addTeam(t.db, [{ userId: outsider.userId, role: 'owner' }], { name: 'Other' });
  const otherCard = await addTeamCard(t.db, other.teamId, { memberId: outsider.userId });
  await addVisits(t.db, otherCard.accountId, {
    linkId: otherCard.linkId,
    kind: 'scan',
    hits: 1000,
    at: recently(),
  });
});

async function readTeamAnalytics(cookie: string, input: object = RANGE): Promise<TeamAnalytics> {
  const response = await trpcQuery(t.app, 'analytics.team', cookie, input);
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<TeamAnalytics>(response);
}

const sumOf = (rows: Record<(typeof ACTIVITY_METRICS)[number], number>[]) =>
  Object.fromEntries(
    ACTIVITY_METRICS.map((metric) => [metric, rows.reduce((sum, row) => sum + row[metric], 0)]),
  );

describe('the team analytics', () => {
  it('count the whole team, and its totals are the sums of the member rows and of the card rows', async () => {
    const data = await readTeamAnalytics(team.admin.cookie);
    const totals = Object.fromEntries(
      ACTIVITY_METRICS.map((metric) => [metric, data.overview.totals[metric].current]),
    );
    // no personal card and nothing of the other team: 5 + 2 + 6 scans, 3 + 1 views, 4 clicks
    expect(totals).toEqual({ scans: 13, views: 4, clicks: 4, leads: 0 });
    expect(sumOf(data.members)).toEqual(totals);
    expect(sumOf(data.cards)).toEqual(totals);
    expect(sumOf(data.overview.buckets)).toEqual(totals);
    expect(data.overview.totals.scans.previous).toBe(10);
    expect(data.team.name).toBe('Fixture Team');
  });

  it('sum each member’s cards, an invitee’s under their address, unassigned cards and loose links as no member', async () => {
    const data = await readTeamAnalytics(team.owner.cookie);
    const byHolder = Object.fromEntries(data.members.map((row) => [holderKey(row.holder), row]));
    expect(byHolder[`member:${team.member.userId}`]).toMatchObject({
      holder: { kind: 'member', name: 'Mia Member' },
      cards: 1,
      scans: 5,
      views: 3,
      clicks: 0,
      interactions: { current: 8, previous: 10, change: -20 },
    });
    expect(byHolder[`member:${team.successor.userId}`]).toMatchObject({ cards: 1, scans: 2 });
    expect(byHolder['invitee:ines@example.com']).toMatchObject({
      holder: { kind: 'invitee', email: 'Ines@Example.com' },
      cards: 1,
      scans: 6,
    });
    expect(byHolder.none).toMatchObject({ cards: 1, views: 1, clicks: 4, leads: 0 });
    // members without a team card have no row; the most interactions come first
    expect(data.members.map((row) => holderKey(row.holder))).toEqual([
      `member:${team.member.userId}`,
      'invitee:ines@example.com',
      'none',
      `member:${team.successor.userId}`,
    ]);

    expect(data.cards.map((row) => [row.id, row.name, row.scans + row.views + row.clicks])).toEqual([
      [cards.mia.vcardId, 'Mia at Acme', 8],
      [cards.invitee.vcardId, 'Ines at Acme', 6],
      [null, '', 4],
      [cards.sam.vcardId, 'Sam at Acme', 2],
      [cards.unassigned.vcardId, 'Front desk', 1],
    ]);
  });

  it('show every team card, visited or not', async () => {
    const quiet = await addTeamCard(t.db, team.teamId, { name: 'Quiet card' });
    const data = await readTeamAnalytics(team.admin.cookie, { timeZone: 'UTC', range: '7d' });
    expect(data.cards.find((row) => row.id === quiet.vcardId)).toMatchObject({
      scans: 0,
      views: 0,
      clicks: 0,
    });
  });

  it('move a handed-over card’s counts, past and future, to its new member', async () => {
    const handOver = await trpcMutate(t.app, 'teams.assignCard', team.admin.cookie, {
      vcardId: cards.mia.vcardId,
      userId: team.successor.userId,
    });
    expect(handOver.statusCode, handOver.body).toBe(200);
    await addVisits(t.db, cards.mia.accountId, {
      linkId: cards.mia.linkId,
      kind: 'scan',
      hits: 7,
      at: new Date(),
    });

    const data = await readTeamAnalytics(team.admin.cookie);
    const keys = data.members.map((row) => holderKey(row.holder));
    expect(keys).not.toContain(`member:${team.member.userId}`);
    expect(
      data.members.find((row) => holderKey(row.holder) === `member:${team.successor.userId}`),
    ).toMatchObject({
      cards: 2,
      scans: 2 + 5 + 7,
      views: 3,
      interactions: { current: 17, previous: 10 },
    });
    expect(data.cards.find((row) => row.id === cards.mia.vcardId)).toMatchObject({
      holder: { kind: 'member', userId: team.successor.userId },
      scans: 12,
    });
    expect(data.overview.totals.scans.current).toBe(20);
  });

  it('break the team’s visits down as personal analytics do: sources, media, campaigns, devices, referrers', async () => {
    const account = cards.mia.accountId;
    await addVisits(t.db, account, {
      linkId: cards.sam.linkId,
      kind: 'scan',
      hits: 7,
      at: recently(),
      device: 'mobile',
      referrer_host: 'news.example.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'winter',
    });
    const response = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, RANGE);
    expect(response.statusCode, response.body).toBe(200);
    const breakdowns = trpcData<AnalyticsBreakdowns>(response);
    // the team's account's visits only: not Mia's personal card, not the other team's
    const figures = await readTeamAnalytics(team.admin.cookie);
    expect(breakdowns.totals).toEqual(
      Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, figures.overview.totals[metric].current])),
    );
    expect(breakdowns.campaigns?.utm_source).toContainEqual(
      expect.objectContaining({ value: 'newsletter', scans: 7 }),
    );
    expect(breakdowns.campaigns?.utm_medium).toContainEqual(
      expect.objectContaining({ value: 'email', scans: 7 }),
    );
    expect(breakdowns.campaigns?.utm_campaign).toContainEqual(
      expect.objectContaining({ value: 'winter', scans: 7 }),
    );
    expect(breakdowns.dimensions.device).toContainEqual(
      expect.objectContaining({ value: 'mobile', scans: 7 }),
    );
    expect(breakdowns.dimensions.referrer).toContainEqual(
      expect.objectContaining({ value: 'news.example.com', scans: 7 }),
    );
    const member = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.member.cookie, RANGE);
    expect(trpcError(member).data.reason).toBe('team_role_required');
    await setPlan(t.db, team.owner.userId, 'pro');
    const unpaid = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, RANGE);
    expect(trpcError(unpaid).data).toMatchObject({ reason: 'plan_required', meta: { plan: 'business' } });
  });

  it('break down one member’s team cards, or one team card, with nothing of the others and without unique visitors', async () => {
    const account = cards.mia.accountId;
    await addVisits(t.db, account, {
      linkId: cards.sam.linkId,
      kind: 'scan',
      hits: 7,
      at: recently(),
      device: 'mobile',
      utm_source: 'newsletter',
    });
    // a lead left on Sam's card
    await countLead(t.db, { userId: account, vcardId: cards.sam.vcardId, at: recently() });
    const breakdownsOf = async (of: object) => {
      const response = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, {
        ...RANGE,
        of,
      });
      expect(response.statusCode, response.body).toBe(200);
      return trpcData<ItemsBreakdowns>(response);
    };
    const none = { scans: 0, views: 0, clicks: 0, leads: 0 };

    // Sam's card: its 2 scans, the 7 of the newsletter and its lead
    const sam = await breakdownsOf({ kind: 'member', userId: team.successor.userId });
    expect(sam.totals).toEqual({ ...none, scans: 9, leads: 1 });
    expect(sam.campaigns?.utm_source).toContainEqual(
      expect.objectContaining({ value: 'newsletter', scans: 7 }),
    );
    expect(sam.dimensions.device).toContainEqual(expect.objectContaining({ value: 'mobile', scans: 7 }));
    expect(sam.visitors).toBeNull();

    // Mia's card (not her personal one's 100 views, not the scans of the month before): 3 views, 5 scans
    const mia = await breakdownsOf({ kind: 'member', userId: team.member.userId });
    expect(mia.totals).toEqual({ ...none, scans: 5, views: 3 });
    expect(mia.campaigns?.utm_source.map((row) => row.value)).not.toContain('newsletter');
    expect(await breakdownsOf({ kind: 'card', vcardId: cards.mia.vcardId })).toEqual(mia);
    expect((await breakdownsOf({ kind: 'card', vcardId: cards.unassigned.vcardId })).totals).toEqual({
      ...none,
      views: 1,
    });
    // the admin holds no team card: nothing
    expect((await breakdownsOf({ kind: 'member', userId: team.admin.userId })).totals).toEqual(none);

    // a card that is not the team's, an account that is not its member: not found
    const personalCard = await addVcard(t.db, team.member.userId, { name: 'Mia again' });
    const outsider = await createSignedInOwner(t);
    for (const of of [
      { kind: 'card', vcardId: personalCard },
      { kind: 'member', userId: outsider.userId },
    ]) {
      const response = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, {
        ...RANGE,
        of,
      });
      expect(trpcError(response).data.reason).toBe('not_found');
    }
    const malformed = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, {
      ...RANGE,
      of: { kind: 'card', vcardId: 'not-an-id' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('keep each card’s and link’s day sums in step with its events: written, taken away with them, moved off a deleted card', async () => {
    const account = cards.mia.accountId;
    // a whole UTC day of the range, read from the day sums
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    threeDaysAgo.setUTCHours(12, 0, 0, 0);
    await addVisits(t.db, account, {
      vcardId: cards.sam.vcardId,
      views: 4,
      at: threeDaysAgo,
      device: 'desktop',
    });
    await addVisits(t.db, account, { linkId: cards.sam.linkId, kind: 'click', hits: 2, at: threeDaysAgo });
    const devices = (item: string) =>
      t.db
        .selectFrom('item_breakdown_days')
        .select(['kind', 'value', 'visits'])
        .where('item', '=', item)
        .where('dimension', '=', 'device')
        .execute();
    expect(await devices(cards.sam.vcardId)).toEqual([{ kind: 'view', value: 'desktop', visits: 4 }]);
    const response = await trpcQuery(t.app, 'analytics.teamBreakdowns', team.admin.cookie, {
      ...RANGE,
      of: { kind: 'card', vcardId: cards.sam.vcardId },
    });
    const sam = trpcData<ItemsBreakdowns>(response);
    expect(sam.totals).toMatchObject({ views: 4, scans: 2, clicks: 2 });
    expect(sam.dimensions.device).toContainEqual(expect.objectContaining({ value: 'desktop', views: 4 }));

    await t.db.deleteFrom('link_events').where('link_id', '=', cards.sam.linkId).execute();
    expect(await devices(cards.sam.linkId)).toEqual([]);
    // a deleted card's views stay the account's (on no card), and leave the card's sums
    await t.db.deleteFrom('vcards').where('id', '=', cards.sam.vcardId).execute();
    expect(await devices(cards.sam.vcardId)).toEqual([]);
  });

  it('refuse a plain member with team_role_required, and someone in no team too', async () => {
    const member = await trpcQuery(t.app, 'analytics.team', team.member.cookie, RANGE);
    expect(trpcError(member).data).toMatchObject({
      reason: 'team_role_required',
      meta: { role: 'admin', inTeam: true },
    });
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const outside = await trpcQuery(t.app, 'analytics.team', stranger.cookie, RANGE);
    expect(trpcError(outside).data).toMatchObject({
      reason: 'team_role_required',
      meta: { role: 'admin', inTeam: false },
    });
  });

  it('refuse a team whose owner is not on Business with plan_required naming Business', async () => {
    await setPlan(t.db, team.owner.userId, 'pro');
    // the admin's own plan does not matter: the team's is its owner's
    await setPlan(t.db, team.admin.userId, 'business');
    for (const range of ['30d', '12m'] as const) {
      const response = await trpcQuery(t.app, 'analytics.team', team.admin.cookie, {
        timeZone: 'UTC',
        range,
      });
      expect(trpcError(response).data).toMatchObject({
        reason: 'plan_required',
        meta: { feature: 'advancedAnalytics', plan: 'business' },
      });
    }
  });

  it('read the 12 months, month by month', async () => {
    const data = await readTeamAnalytics(team.admin.cookie, { timeZone: 'Europe/Madrid', range: '12m' });
    expect(data.overview.unit).toBe('month');
    expect(data.overview.buckets).toHaveLength(12);
    expect(sumOf(data.cards)).toEqual(sumOf(data.overview.buckets));
  });
});

describe('a member’s own team card figures', () => {
  const myCards = async (cookie: string) => {
    const response = await trpcQuery(t.app, 'analytics.myTeamCards', cookie, RANGE);
    expect(response.statusCode, response.body).toBe(200);
    return trpcData<TeamAnalytics['cards']>(response);
  };

  it('are their team cards’ only, and follow a card handed to someone else', async () => {
    expect(await myCards(team.member.cookie)).toEqual([
      expect.objectContaining({
        id: cards.mia.vcardId,
        scans: 5,
        views: 3,
        clicks: 0,
        interactions: { current: 8, previous: 10, change: -20 },
      }),
    ]);
    // the admin has no team card of their own
    expect(await myCards(team.admin.cookie)).toEqual([]);

    const handOver = await trpcMutate(t.app, 'teams.assignCard', team.admin.cookie, {
      vcardId: cards.mia.vcardId,
      userId: team.successor.userId,
    });
    expect(handOver.statusCode, handOver.body).toBe(200);
    expect(await myCards(team.member.cookie)).toEqual([]);
    const sams = await myCards(team.successor.cookie);
    expect(sams.map((row) => [row.id, row.scans])).toEqual([
      [cards.mia.vcardId, 5],
      [cards.sam.vcardId, 2],
    ]);
  });

  it('are refused in a team without Business, and to someone in no team', async () => {
    await setPlan(t.db, team.owner.userId, 'free');
    const response = await trpcQuery(t.app, 'analytics.myTeamCards', team.member.cookie, RANGE);
    expect(trpcError(response).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'advancedAnalytics', plan: 'business' },
    });
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const outside = await trpcQuery(t.app, 'analytics.myTeamCards', stranger.cookie, RANGE);
    expect(trpcError(outside).data).toMatchObject({ reason: 'team_role_required', meta: { inTeam: false } });
  });
});

function teamCsv(cookie: string, query: Record<string, string>) {
  return injectFromApp(t.app, {
    method: 'GET',
    url: `${serverPaths.teamAnalyticsCsv}?${new URLSearchParams(query)}`,
    headers: { cookie },
  });
}

const parseCsv = (body: string) =>
  parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

describe('the team CSV', () => {
  it('has one row per member with the page’s numbers, named with the team’s slug and the range', async () => {
    const response = await teamCsv(team.admin.cookie, { ...RANGE, table: 'members' });
    expect(response.statusCode, response.body).toBe(200);
    const slug = (
      await t.db.selectFrom('teams').select('slug').where('id', '=', team.teamId).executeTakeFirstOrThrow()
    ).slug;
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="tapcard-${slug}-members-30d-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(response.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'member',
      'email',
      'cards',
      'scans',
      'views',
      'clicks',
      'leads',
      'interactions',
      'previous_interactions',
    ]);
    expect(rows).toContainEqual({
      member: 'Mia Member',
      email: team.member.email,
      cards: '1',
      scans: '5',
      views: '3',
      clicks: '0',
      leads: '0',
      interactions: '8',
      previous_interactions: '10',
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ member: 'Invitation pending', email: 'Ines@Example.com' }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ member: 'No member', cards: '1', clicks: '4' }));
  });

  it('has one row per card, with its headers and words in the reader’s language, formulas as text', async () => {
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', team.owner.userId).execute();
    await t.db
      .updateTable('vcards')
      .set({ name: '=HYPERLINK("http://evil")' })
      .where('id', '=', cards.sam.vcardId)
      .execute();
    await t.db
      .updateTable('users')
      .set({ name: '+cmd|calc' })
      .where('id', '=', team.successor.userId)
      .execute();
    const response = await teamCsv(team.owner.cookie, { timeZone: 'UTC', range: '7d', table: 'cards' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('-cards-7d-');
    const rows = parseCsv(response.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'id_de_la_tarjeta',
      'tarjeta',
      'miembro',
      'correo',
      'escaneos',
      'visitas',
      'clics',
      'contactos',
      'interacciones',
      'interacciones_del_periodo_anterior',
    ]);
    expect(rows).toContainEqual(
      expect.objectContaining({
        id_de_la_tarjeta: cards.sam.vcardId,
        tarjeta: `'=HYPERLINK("http://evil")`,
        miembro: "'+cmd|calc",
        escaneos: '2',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        id_de_la_tarjeta: '',
        tarjeta: 'En ninguna tarjeta',
        miembro: 'Sin miembro',
        clics: '4',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ tarjeta: 'Ines at Acme', miembro: 'Invitación pendiente' }),
    );
  });

  it('has the team account’s events, and only them, as the events CSV has them', async () => {
    const response = await teamCsv(team.admin.cookie, { ...RANGE, table: 'events' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/-events-30d-.*\.csv"$/);
    const rows = parseCsv(response.body);
    expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(['outcome', 'utm_campaign']));
    // 13 scans, 4 views and 4 clicks: nothing of Mia's personal card or of the other team
    expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBe(21);
    expect(new Set(rows.map((row) => row.item_title))).not.toContain('Mia at home');
    const refused = await teamCsv(team.member.cookie, { ...RANGE, table: 'events' });
    expect(refused.json()).toMatchObject({ reason: 'team_role_required' });
  });

  it('is refused to a member, to someone in no team and to a team without Business, and checks its input', async () => {
    const member = await teamCsv(team.member.cookie, { ...RANGE, table: 'members' });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ reason: 'team_role_required' });
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    expect((await teamCsv(stranger.cookie, { ...RANGE, table: 'members' })).statusCode).toBe(403);
    const noSession = await injectFromApp(t.app, {
      method: 'GET',
      url: `${serverPaths.teamAnalyticsCsv}?table=members&range=30d&timeZone=UTC`,
    });
    expect(noSession.statusCode).toBe(401);
    const badTable = await teamCsv(team.admin.cookie, { ...RANGE, table: 'everything' });
    expect(badTable.statusCode).toBe(400);
    expect(badTable.json()).toMatchObject({ reason: 'validation_failed' });
    await setPlan(t.db, team.owner.userId, 'pro');
    const notBusiness = await teamCsv(team.admin.cookie, { ...RANGE, table: 'cards' });
    expect(notBusiness.statusCode).toBe(403);
    expect(notBusiness.json()).toMatchObject({ reason: 'plan_required' });
  });
});

describe('a team without an account yet (before its first card)', () => {
  async function freshTeam() {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const admin = await createSignedInOwner(t, { plan: 'free' });
    const { teamId } = await addTeam(
      t.db,
      [
        { userId: owner.userId, role: 'owner' },
        { userId: admin.userId, role: 'admin' },
      ],
      { name: 'Fresh' },
    );
    return { teamId, owner, admin };
  }

  it('answers empty figures, cards and CSVs, and reading them makes no account', async () => {
    const fresh = await freshTeam();
    const users = await countUsers(t.db);

    const data = await readTeamAnalytics(fresh.admin.cookie);
    expect(data.team.name).toBe('Fresh');
    expect(data.cards).toEqual([]);
    expect(data.members).toEqual([]);
    expect(data.overview.buckets).toHaveLength(30);
    expect(sumOf(data.overview.buckets)).toEqual({ scans: 0, views: 0, clicks: 0, leads: 0 });
    expect(data.overview.totals.interactions).toEqual({ current: 0, previous: 0, change: null });
    const mine = await trpcQuery(t.app, 'analytics.myTeamCards', fresh.admin.cookie, RANGE);
    expect(trpcData(mine)).toEqual([]);
    for (const table of ['members', 'cards', 'events']) {
      const response = await teamCsv(fresh.admin.cookie, { ...RANGE, table });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.split('\n')[0]).toMatch(table === 'events' ? /utm_campaign/ : /^\uFEFF\w/);
      expect(parseCsv(response.body)).toEqual([]);
    }

    expect(await teamAccountOf(t.db, fresh.teamId)).toBeNull();
    expect(await countUsers(t.db)).toBe(users);
  });

  it('are still refused when its owner is not on Business', async () => {
    const fresh = await freshTeam();
    await setPlan(t.db, fresh.owner.userId, 'pro');
    const response = await trpcQuery(t.app, 'analytics.team', fresh.admin.cookie, RANGE);
    expect(trpcError(response).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'advancedAnalytics', plan: 'business' },
    });
    const csv = await teamCsv(fresh.admin.cookie, { ...RANGE, table: 'events' });
    expect(csv.json()).toMatchObject({ reason: 'plan_required' });
    expect(await teamAccountOf(t.db, fresh.teamId)).toBeNull();
  });
});

// last in this file: it takes the table away and puts it back
describe('the migration that keeps the sums per card and link', () => {
  it('counts the visits recorded before it', async () => {
    await beforeMigration(t.db, '2026-12-09T0200_break_down_items', () =>
      addVisits(t.db, cards.mia.accountId, {
        linkId: cards.mia.linkId,
        kind: 'scan',
        hits: 3,
        at: '2026-03-17T12:00:00Z',
        device: 'tablet',
      }),
    );
    const rows = await t.db
      .selectFrom('item_breakdown_days')
      .select(['kind', 'value', 'visits'])
      .where('item', '=', cards.mia.linkId)
      .where('dimension', '=', 'device')
      .where('day', '=', '2026-03-17')
      .execute();
    expect(rows).toEqual([{ kind: 'scan', value: 'tablet', visits: 3 }]);
  });
});
