import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamImportEvent } from '../../server/teams/import.ts';
import type { TeamImportCheck } from '../../server/teams/import.ts';
import { queueOwedMemberJoined } from '../../server/teams/auth-plugin.ts';
import { addWebhookCounts } from '../../server/webhooks/counts.ts';
import { addLink, addVcard, createSignedInOwner, setPlan } from '../support/factories.ts';
import { buildTestApp, depsOf, trpcMutate, type TestApp } from '../support/harness.ts';
import {
  addTeam,
  addTeamCard,
  addTeamInvitation,
  createTeam,
  inviteToTeam,
  joinTeam,
  teamImportCall,
  teamImportEvents,
} from '../support/teams.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { addWebhookEndpoint, createEndpoint, queuedEvents, testWebhooks } from '../support/webhooks.ts';

// The events of changes that other paths make: the team CSV import's cards, clearing the test data, the
// order of profile links, and team.member_joined, which better-auth's acceptance commits before our hook
// runs (owed until queued: the webhook round queues any the hook did not).

let t: TestApp;
let receiver: WebhookReceiver;

/** An endpoint of `accountId` on this file's receiver, written straight to the database; its id. */
async function endpointOf(
  db: TestApp['db'],
  accountId: string,
  fields: Parameters<typeof addWebhookEndpoint>[2],
): Promise<string> {
  return (await addWebhookEndpoint(db, accountId, fields)).id;
}

beforeAll(async () => {
  t = await buildTestApp({ webhooks: testWebhooks() });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('the team CSV import', () => {
  it("sends card.created for each card a row makes, and card.updated for each it changes, to the team's account", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const member = await createSignedInOwner(t, { plan: 'free' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: member.userId, role: 'member' },
    ]);
    const memberCard = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const endpoint = await endpointOf(t.db, memberCard.accountId, {
      url: receiver.url,
      events: ['card.created', 'card.updated'],
    });
    const newcomer = `nora.${Date.now()}@import.example.com`;
    const csv = [
      'Name,Email,Position',
      `Nora New,${newcomer},Sales`,
      `Mia Member,${member.email},Lead designer`,
      'Bad Address,not-an-address,',
    ].join('\r\n');
    const check = (await teamImportCall(t.app, owner.cookie, 'check', csv)).json() as TeamImportCheck;
    if (!check.ok) throw new Error(JSON.stringify(check.problem));
    const run = await teamImportCall(t.app, owner.cookie, 'run', csv, check.plan);
    expect(run.statusCode, run.body).toBe(200);
    const done = teamImportEvents(run).find(
      (event): event is TeamImportEvent & { type: 'done' } => event.type === 'done',
    );
    expect(done?.counts).toMatchObject({ invited: 1, updated: 1, error: 1 });

    const newCard = await t.db
      .selectFrom('vcards')
      .select('id')
      .where('user_id', '=', memberCard.accountId)
      .where('invitee_email', '=', newcomer)
      .executeTakeFirstOrThrow();
    const events = await queuedEvents<{ id: string; name: string }>(t.db, endpoint);
    expect(events.map(({ type, data }) => ({ type, id: data.id, name: data.name }))).toEqual([
      { type: 'card.created', id: newCard.id, name: 'Nora New' },
      { type: 'card.updated', id: memberCard.vcardId, name: 'Mia Member' },
    ]);
  });
});

describe('clearing the test data', () => {
  it('sends card.deleted for each card and link.deleted for each link deleted; a card takes its own QR code', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await endpointOf(t.db, owner.userId, {
      url: receiver.url,
      events: ['card.deleted', 'link.deleted'],
    });
    const card = await addVcard(t.db, owner.userId, { name: 'Test card' });
    await addLink(t.db, owner.userId, { kind: 'qr', vcard_id: card });
    const qrCode = await addLink(t.db, owner.userId, { kind: 'qr' });
    const profileLink = await addLink(t.db, owner.userId);

    const cleared = await trpcMutate(t.app, 'profile.clearTestData', owner.cookie);
    expect(cleared.statusCode, cleared.body).toBe(200);
    const events = await queuedEvents(t.db, endpoint);
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'card.deleted', data: { id: card } },
        { type: 'link.deleted', data: { id: qrCode.id } },
        { type: 'link.deleted', data: { id: profileLink.id } },
      ]),
    );
  });
});

describe('reordering profile links', () => {
  it('sends link.updated, as the other link events carry it, for each link whose place changed', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['link.updated'] });
    const first = await addLink(t.db, owner.userId, { title: 'First', order_index: 0 });
    const second = await addLink(t.db, owner.userId, { title: 'Second', order_index: 1 });
    const third = await addLink(t.db, owner.userId, { title: 'Third', order_index: 2 });

    const reordered = await trpcMutate(t.app, 'links.reorderProfileLinks', owner.cookie, {
      ids: [second.id, first.id, third.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const events = await queuedEvents<{ id: string; title: string; shortUrl: string }>(t.db, endpoint.id);
    expect(
      events
        .map(({ type, data }) => ({ type, id: data.id, title: data.title }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      { type: 'link.updated', id: first.id, title: 'First' },
      { type: 'link.updated', id: second.id, title: 'Second' },
    ]);
    expect(events[0]?.data.shortUrl).toMatch(/\/l\//);

    // the same order again moves nothing and sends nothing
    await trpcMutate(t.app, 'links.reorderProfileLinks', owner.cookie, {
      ids: [second.id, first.id, third.id],
    });
    expect(await queuedEvents(t.db, endpoint.id)).toHaveLength(2);
  });
});

describe('team.member_joined', () => {
  it('is queued once for an accepted invitation: by the acceptance, and not again by the round', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'Joined Once', slug: `joined-once-${Date.now()}` });
    const endpoint = await createEndpoint(t, owner.cookie, {
      owner: 'team',
      url: receiver.url,
      events: ['team.member_joined'],
    });
    const invitee = await createSignedInOwner(t, { plan: 'free' });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'member' });
    await joinTeam(t.app, invitee.cookie, invitation.id);

    expect(await queuedEvents(t.db, endpoint.id)).toHaveLength(1);
    expect(await queueOwedMemberJoined(t.db, (await depsOf(t)).webhooks)).toBe(0);
    expect(await queuedEvents(t.db, endpoint.id)).toHaveLength(1);
  });

  it('whose queueing after the acceptance was lost is queued by the webhook round', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const member = await createSignedInOwner(t, { plan: 'free' });
    // as better-auth leaves an acceptance whose process stopped before our hook queued the event
    const { teamId } = await addTeam(
      t.db,
      [
        { userId: owner.userId, role: 'owner' },
        { userId: member.userId, role: 'member' },
      ],
      { name: 'Lost Hook' },
    );
    const { accountId } = await addTeamCard(t.db, teamId, { memberId: owner.userId });
    const endpoint = await endpointOf(t.db, accountId, { url: receiver.url, events: ['team.member_joined'] });
    await addTeamInvitation(t.db, {
      teamId,
      inviterId: owner.userId,
      email: member.email,
      status: 'accepted',
    });

    await vi.waitFor(async () => expect(await queuedEvents(t.db, endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
    const [event] = await queuedEvents<unknown>(t.db, endpoint);
    expect(event).toMatchObject({
      type: 'team.member_joined',
      data: { team: { id: teamId, name: 'Lost Hook' }, member: { userId: member.userId, role: 'member' } },
    });
    expect(await queueOwedMemberJoined(t.db, (await depsOf(t)).webhooks)).toBe(0);
  });
});

describe('a round of counted events', () => {
  it('sends the counts of owners whose plan includes webhooks, and drops the others, read together', async () => {
    const business = await createSignedInOwner(t, { plan: 'business' });
    const movedToPro = await createSignedInOwner(t, { plan: 'business' });
    const sent = await endpointOf(t.db, business.userId, { url: receiver.url, events: ['link.scanned'] });
    const dropped = await endpointOf(t.db, movedToPro.userId, {
      url: receiver.url,
      events: ['link.scanned'],
    });
    await setPlan(t.db, movedToPro.userId, 'pro');
    const link = await addLink(t.db, business.userId, { kind: 'qr' });
    const otherLink = await addLink(t.db, movedToPro.userId, { kind: 'qr' });
    // one batch of scans of both owners: the same round takes them
    await t.db.transaction().execute((trx) =>
      addWebhookCounts(trx, 'link.scanned', [
        { userId: business.userId, itemId: link.id, count: 2 },
        { userId: movedToPro.userId, itemId: otherLink.id, count: 3 },
      ]),
    );
    await vi.waitFor(
      async () =>
        expect(
          await t.db
            .selectFrom('webhook_event_counts')
            .select('id')
            .where('endpoint_id', 'in', [sent, dropped])
            .execute(),
        ).toEqual([]),
      { timeout: 20_000, interval: 200 },
    );
    const events = await queuedEvents<{ total: number }>(t.db, sent);
    expect(events.map(({ type, data }) => ({ type, total: data.total }))).toEqual([
      { type: 'link.scanned', total: 2 },
    ]);
    expect(await queuedEvents(t.db, dropped)).toEqual([]);
  });
});
