import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import { publishPlanChange } from '../../server/billing/apply.ts';
import { cleanUp } from '../../server/cleanup/service.ts';
import { emptyVcardForm, type VcardFormValues } from '../../src/schemas/vcard.ts';
import { linkCounts } from '../support/counts.ts';
import { addVcard, createSignedInOwner, endPaidPlan, setPlan } from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import {
  addTeamCard,
  addTeamInvitation,
  addTeamOfFour,
  joinTeam,
  organizationCall,
  teamAccountOf,
  teamCardsOf,
  type TeamCardsProcedure,
} from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';

// A team's cards (docs/decisions/021-teams.md): they belong to the team's account, so the card, its short
// link, its printed QR code and its counts stay with the team when the person it shows leaves; the team's
// plan is its owner's; who may see and change a card is server/access/team-access.ts cardAccount.

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
/** The app's change bus, and every change notice the app published, in order. */
const changes = createLocalChangeBus();
const notices: Change[] = [];

beforeAll(async () => {
  changes.subscribe((change) => notices.push(change));
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
});

const visit = (url: string) => visitOnPhone(t.app, url);

const card = (overrides: Partial<VcardFormValues> = {}): VcardFormValues => ({
  ...emptyVcardForm(),
  name: 'Mia Member',
  ...overrides,
});

const teamOfFour = () => addTeamOfFour(t);

const cardsOf = (cookie: string, procedure?: TeamCardsProcedure) => teamCardsOf(t.app, cookie, procedure);

describe('team cards', () => {
  it("an admin makes a member's card: the team owns it, the member edits it, nobody else sees it", async () => {
    const { teamId, owner, admin, member, successor } = await teamOfFour();
    const created = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: member.userId },
      card: card({ position: 'Designer', department: 'Studio' }),
    });
    const { id } = trpcData<{ id: string }>(created);
    const accountId = await teamAccountOf(t.db, teamId);
    const stored = await t.db.selectFrom('vcards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: accountId, member_id: member.userId });
    expect(await cardsOf(owner.cookie)).toEqual([
      expect.objectContaining({
        id,
        name: 'Mia Member',
        department: 'Studio',
        member: { userId: member.userId, name: 'Mia Member', email: member.email },
        paused: false,
      }),
    ]);
    expect((await cardsOf(member.cookie, 'teams.myCards')).map((row) => row.id)).toEqual([id]);
    expect(await cardsOf(successor.cookie, 'teams.myCards')).toEqual([]);

    // the member edits it; its page is live on the team's (owner's Business) plan
    const update = await trpcMutate(t.app, 'vcards.update', member.cookie, {
      ...card({ position: 'Lead designer' }),
      id,
      baseVersion: stored.version,
    });
    expect(update.statusCode, update.body).toBe(200);
    const page = await visit(`/vcard/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lead designer');
    expect(notices).toContainEqual({ userId: accountId, topic: 'cards' });

    // another member and a stranger read nothing; the member may not delete it, and is told who may
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    for (const cookie of [successor.cookie, stranger.cookie]) {
      expect(trpcError(await trpcQuery(t.app, 'vcards.get', cookie, { id })).data.reason).toBe('not_found');
      const edit = await trpcMutate(t.app, 'vcards.update', cookie, {
        ...card({ name: 'X' }),
        id,
        baseVersion: 2,
      });
      expect(trpcError(edit).data.reason).toBe('not_found');
    }
    const deletion = await trpcMutate(t.app, 'vcards.delete', member.cookie, { id });
    expect(trpcError(deletion).data).toMatchObject({ reason: 'team_role_required', meta: { role: 'admin' } });
    expect(await t.db.selectFrom('vcards').select('name').where('id', '=', id).executeTakeFirst()).toEqual({
      name: 'Mia Member',
    });
    // an admin may edit and delete it; the team's log says who deleted which card, and whose it was
    expect((await trpcQuery(t.app, 'vcards.get', admin.cookie, { id })).statusCode).toBe(200);
    expect((await trpcMutate(t.app, 'vcards.delete', admin.cookie, { id })).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('vcards').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const log = await t.db
      .selectFrom('team_events')
      .select(['actor_name', 'action', 'subject', 'fields'])
      .where('team_id', '=', teamId)
      .where('action', 'in', ['card_edited', 'card_deleted'])
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      {
        actor_name: 'Mia Member',
        action: 'card_edited',
        subject: `Mia Member → Mia Member <${member.email}>`,
        // the fields the edit changed, by their paths in the form
        fields: 'department,position',
      },
      {
        actor_name: 'Adam Admin',
        action: 'card_deleted',
        subject: `Mia Member → Mia Member <${member.email}>`,
        fields: null,
      },
    ]);
    expect(notices).toContainEqual({ userId: member.userId, topic: 'team' });
  });

  it('a card made for someone invited becomes theirs when they join', async () => {
    const { teamId, owner, admin } = await teamOfFour();
    const invitee = await createSignedInOwner(t, { plan: 'free', name: 'Ivy Invitee' });
    const invitationId = await addTeamInvitation(t.db, {
      teamId,
      inviterId: owner.userId,
      email: invitee.email.toUpperCase(),
    });
    const { id } = trpcData<{ id: string }>(
      await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
        holder: { invitationId },
        card: card({ name: 'Ivy Invitee' }),
      }),
    );
    expect(await cardsOf(admin.cookie)).toEqual([
      expect.objectContaining({ id, member: null, inviteeEmail: invitee.email.toLowerCase() }),
    ]);
    await joinTeam(t.app, invitee.cookie, invitationId);
    expect(await cardsOf(invitee.cookie, 'teams.myCards')).toEqual([
      expect.objectContaining({
        id,
        member: expect.objectContaining({ userId: invitee.userId }),
        inviteeEmail: null,
      }),
    ]);
  });

  it('refuses a card for someone outside the team, or for an invitation that no longer stands', async () => {
    const { teamId, owner, admin } = await teamOfFour();
    const outsider = await createSignedInOwner(t, { plan: 'free' });
    const before = await cardsOf(admin.cookie);
    const forOutsider = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: outsider.userId },
      card: card(),
    });
    expect(trpcError(forOutsider).data.reason).toBe('not_found');
    const invitationId = await addTeamInvitation(t.db, {
      teamId,
      inviterId: owner.userId,
      email: 'x@example.com',
    });
    await t.db
      .updateTable('team_invitations')
      .set({ status: 'canceled' })
      .where('id', '=', invitationId)
      .execute();
    const forWithdrawn = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { invitationId },
      card: card(),
    });
    expect(trpcError(forWithdrawn).data.reason).toBe('invitation_unavailable');
    const invalid = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: owner.userId },
      card: card({ name: '' }),
    });
    expect(trpcError(invalid).data.reason).toBe('validation_failed');
    for (const holder of [{}, { userId: owner.userId, invitationId }]) {
      const unclear = await trpcMutate(t.app, 'teams.createCard', admin.cookie, { holder, card: card() });
      expect(trpcError(unclear).data.reason).toBe('validation_failed');
    }
    expect(await cardsOf(admin.cookie)).toEqual(before);
  });

  it('offboarding keeps the card, its printed code and its counts with the team, and hands it on', async () => {
    const { teamId, admin, member, successor } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const scan = await visit(`/l/${printed.code}?qr`);
    expect(scan.statusCode).toBe(302);
    await vi.waitFor(async () => expect((await linkCounts(t.db, printed.linkId)).scans).toBe(1), {
      timeout: 5_000,
    });

    const removal = await organizationCall(t.app, admin.cookie, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: teamId,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(await cardsOf(admin.cookie)).toEqual([
      expect.objectContaining({ id: printed.vcardId, member: null }),
    ]);
    expect(await cardsOf(member.cookie, 'teams.myCards').catch(() => [])).toEqual([]);
    expect(
      trpcError(await trpcQuery(t.app, 'vcards.get', member.cookie, { id: printed.vcardId })).data.reason,
    ).toBe('not_found');
    expect((await visit(`/vcard/${printed.vcardId}`)).statusCode).toBe(200);

    const handover = await trpcMutate(t.app, 'teams.assignCard', admin.cookie, {
      vcardId: printed.vcardId,
      userId: successor.userId,
    });
    expect(handover.statusCode, handover.body).toBe(200);
    expect((await cardsOf(successor.cookie, 'teams.myCards')).map((row) => row.id)).toEqual([
      printed.vcardId,
    ]);
    // the successor puts their name on it: the printed code opens it, and the counts go on from 1
    const stored = await t.db
      .selectFrom('vcards')
      .select('version')
      .where('id', '=', printed.vcardId)
      .executeTakeFirstOrThrow();
    const rename = await trpcMutate(t.app, 'vcards.update', successor.cookie, {
      ...card({ name: 'Sam Successor' }),
      id: printed.vcardId,
      baseVersion: stored.version,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const again = await visit(`/l/${printed.code}?qr`);
    expect(again.headers.location).toBe(`http://127.0.0.1/vcard/${printed.vcardId}`);
    expect((await visit(`/vcard/${printed.vcardId}`)).body).toContain('Sam Successor');
    await vi.waitFor(async () => expect((await linkCounts(t.db, printed.linkId)).scans).toBe(2), {
      timeout: 5_000,
    });
    const log = await t.db.selectFrom('team_events').select('action').where('team_id', '=', teamId).execute();
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['member_removed', 'card_handed_over']),
    );
  });

  it("a member's deleted account leaves their team card live with the team", async () => {
    const { teamId, member } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId });
    const deletion = await trpcMutate(t.app, 'account.delete', member.cookie, { confirmation: 'DELETE' });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const stored = await t.db
      .selectFrom('vcards')
      .selectAll()
      .where('id', '=', printed.vcardId)
      .executeTakeFirst();
    expect(stored).toMatchObject({ member_id: null });
    expect((await visit(`/vcard/${printed.vcardId}`)).statusCode).toBe(200);
    expect((await visit(`/l/${printed.code}?qr`)).statusCode).toBe(302);
  });

  it("the team's cards have the owner's plan: when their Business ends, team cards pause, personal ones do not", async () => {
    const { teamId, owner, member } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId });
    const personal = await addVcard(t.db, member.userId, { name: 'Mia Personal' });
    expect((await visit(`/vcard/${printed.vcardId}`)).body).not.toContain('<title>Paused</title>');

    await endPaidPlan(t.db, owner.userId, {
      plan: 'business',
      endedAt: new Date(Date.now() - DAY),
      by: 'webhook',
    });
    // as the webhook that ended it tells the app's caches
    const deps = { ...(await depsOf(t)), changes };
    await publishPlanChange(deps, owner.userId);
    const paused = await visit(`/vcard/${printed.vcardId}`);
    expect(paused.body).toContain('<title>Paused</title>');
    expect((await visit(`/l/${printed.code}?qr`)).statusCode).toBe(200);
    expect(await cardsOf(owner.cookie)).toEqual([expect.objectContaining({ paused: true })]);
    // the owner's billing page and banner name the team's paused cards, not "Nothing is paused"
    const billing = trpcData<{ ended_plan: { paused_team: unknown } | null }>(
      await trpcQuery(t.app, 'billing.status', owner.cookie),
    );
    expect(billing.ended_plan?.paused_team).toEqual({ name: 'Fixture Team', cards: 1 });
    // the member's own card follows the member's own (Free, trial running) plan
    expect((await visit(`/vcard/${personal}`)).body).toContain('Mia Personal');

    // Pro is not Business: the team's cards stay paused
    await setPlan(t.db, owner.userId, 'pro');
    await publishPlanChange(deps, owner.userId);
    expect((await visit(`/vcard/${printed.vcardId}`)).body).toContain('<title>Paused</title>');
    await setPlan(t.db, owner.userId, 'business');
    await publishPlanChange(deps, owner.userId);
    expect((await visit(`/vcard/${printed.vcardId}`)).body).not.toContain('<title>Paused</title>');

    // a member's own plan that ended is theirs alone: the team is not theirs to renew, nor named
    await endPaidPlan(t.db, member.userId, {
      plan: 'pro',
      endedAt: new Date(Date.now() - DAY),
      by: 'webhook',
    });
    const members = trpcData<{ ended_plan: { paused_team: unknown } | null }>(
      await trpcQuery(t.app, 'billing.status', member.cookie),
    );
    expect(members.ended_plan).not.toBeNull();
    expect(members.ended_plan?.paused_team).toBeNull();
  });

  it('deleting the team deletes its account and cards; their short-link codes stay held', async () => {
    const { teamId, owner } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId);
    const deletion = await organizationCall(t.app, owner.cookie, 'delete', { organizationId: teamId });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', printed.accountId).execute()).toEqual(
      [],
    );
    expect((await visit(`/vcard/${printed.vcardId}`)).statusCode).toBe(404);
    expect((await visit(`/l/${printed.code}`)).statusCode).toBe(404);
  });

  it("the clean-up of unconfirmed accounts leaves a team's account alone", async () => {
    const { teamId } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId);
    // the schema's types never let created_at change (the product doesn't)
    await sql`update users set created_at = ${new Date(Date.now() - 365 * DAY)} where id = ${printed.accountId}`.execute(
      t.db,
    );
    await cleanUp(await depsOf(t), { dryRun: false });
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', printed.accountId).execute(),
    ).toHaveLength(1);
  });
});
