import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import { recordTeamEvent, type TeamEventView } from '../../server/team-records/audit.ts';
import type { InvitationPreview, TeamView } from '../../server/teams/service.ts';
import { paths, TEAM_INVITATION_PARAM } from '../../src/routes.ts';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  TEAM_EVENTS_PAGE_SIZE,
  TEAM_INVITATION_DAYS,
} from '../../src/teams.ts';
import { createSignedInOwner, setPlan } from '../support/factories.ts';
import {
  buildMailingTestApp,
  injectFromApp,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type MailingTestApp,
} from '../support/harness.ts';
import { linkIn } from '../support/mail-receiver.ts';
import { createTeam, inviteToTeam, joinTeam, organizationCall } from '../support/teams.ts';

// Teams (docs/decisions/021-teams.md): better-auth's organization plugin on our tables, with our rules:
// Business creates, one team per person, one owner, invitations valid 7 days and told apart when they no
// longer work.

const DAY = 24 * 60 * 60 * 1000;

let t: MailingTestApp;
/** Every change notice the app published, in order. */
const notices: Change[] = [];

beforeAll(async () => {
  const changes = createLocalChangeBus();
  changes.subscribe((change) => notices.push(change));
  t = await buildMailingTestApp({}, { changes });
});

afterAll(async () => {
  await t.close();
});

const mine = async (cookie: string) =>
  trpcData<TeamView | null>(await trpcQuery(t.app, 'teams.mine', cookie));
const preview = async (invitationId: string, cookie = '') =>
  trpcData<InvitationPreview>(await trpcQuery(t.app, 'teams.invitation', cookie, { invitationId }));
const codeOf = (response: LightMyRequestResponse) => (response.json() as { code?: string }).code;

describe('creating a team', () => {
  it('is part of the Business plan: a Pro account is refused and no team is made', async () => {
    const pro = await createSignedInOwner(t, { plan: 'pro' });
    const response = await organizationCall(t.app, pro.cookie, 'create', { name: 'Acme', slug: 'acme-pro' });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('PLAN_REQUIRED');
    expect(await mine(pro.cookie)).toBeNull();
    expect(await t.db.selectFrom('teams').where('slug', '=', 'acme-pro').selectAll().execute()).toEqual([]);
  });

  it('makes the Business account its owner, and the team page shows it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Acme Studio', slug: 'acme-studio' });
    const view = await mine(owner.cookie);
    expect(view).toMatchObject({
      id: team.id,
      name: 'Acme Studio',
      slug: 'acme-studio',
      me: { role: 'owner' },
    });
    expect(view?.members).toEqual([expect.objectContaining({ name: 'Olga Owner', role: 'owner' })]);
  });

  it('refuses a slug of the wrong shape with its message, and a taken one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (const [slug, message] of [
      ['Acme', 'validation.team.slug_format'],
      ['xn--acme', 'validation.team.slug_lookalike'],
    ]) {
      const response = await organizationCall(t.app, owner.cookie, 'create', { name: 'Acme', slug });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    await createTeam(t.app, owner.cookie, { name: 'Taken', slug: 'taken-slug' });
    const other = await createSignedInOwner(t, { plan: 'business' });
    const taken = await organizationCall(t.app, other.cookie, 'create', {
      name: 'Taken too',
      slug: 'taken-slug',
    });
    expect(taken.statusCode).toBe(400);
    expect(codeOf(taken)).toBe('ORGANIZATION_ALREADY_EXISTS');
  });

  it('allows one team per person: a second one is refused', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'First', slug: 'first-team' });
    const second = await organizationCall(t.app, owner.cookie, 'create', {
      name: 'Second',
      slug: 'second-team',
    });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('ALREADY_IN_TEAM');
  });
});

describe('invitations', () => {
  it('are mailed in the team name, and accepting joins as the role invited, skipping the plan step', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Mail Team', slug: 'mail-team' });
    const invitee = await signUp(t.app, { name: 'Ina Invitee' });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'admin' });

    const mail = await t.mail.waitFor((m) => m.to.includes(invitee.email) && m.subject.includes('invited'));
    expect(mail.subject).toBe('Olga Owner invited you to join Mail Team on Tapcard');
    const link = linkIn(mail.body, paths.team);
    expect(link.searchParams.get(TEAM_INVITATION_PARAM)).toBe(invitation.id);
    expect(mail.body).toContain(`${TEAM_INVITATION_DAYS} days`);

    expect(await preview(invitation.id)).toMatchObject({
      state: 'pending',
      teamName: 'Mail Team',
      inviterName: 'Olga Owner',
      email: invitee.email,
      role: 'admin',
    });
    const expiresIn = new Date(invitation.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(TEAM_INVITATION_DAYS * DAY - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(TEAM_INVITATION_DAYS * DAY);

    await joinTeam(t.app, invitee.cookie, invitation.id);
    expect(await mine(invitee.cookie)).toMatchObject({ id: team.id, me: { role: 'admin' } });
    const profile = await t.db
      .selectFrom('profiles')
      .select(['plan_chosen', 'initialized'])
      .where('id', '=', invitee.userId)
      .executeTakeFirstOrThrow();
    // joining finishes onboarding: no plan to choose, no personal card to make (the card is the team's)
    expect(profile).toEqual({ plan_chosen: true, initialized: true });
    const me = trpcData<{ onboarding_step: string }>(await trpcQuery(t.app, 'profile.me', invitee.cookie));
    expect(me.onboarding_step).toBe('done');
    expect(await preview(invitation.id)).toMatchObject({ state: 'accepted' });
  });

  it('refuse the invitation e-mail past the daily limit of one address, whatever the team, writing nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'Cannon', slug: 'cannon-team' });
    const other = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, other.cookie, { name: 'Other Cannon', slug: 'other-cannon' });
    const email = `Target-${Date.now()}@example.com`;
    const invite = (cookie: string, resend: boolean) =>
      organizationCall(t.app, cookie, 'invite-member', { email, role: 'member', resend });
    expect((await invite(owner.cookie, false)).statusCode).toBe(200);
    for (let resend = 1; resend < INVITATION_MAILS_PER_ADDRESS_PER_DAY - 1; resend += 1) {
      expect((await invite(owner.cookie, true)).statusCode, `resend ${resend}`).toBe(200);
    }
    // another team's invitation counts for the same address, in any case
    const others = await organizationCall(t.app, other.cookie, 'invite-member', {
      email: email.toLowerCase(),
      role: 'member',
    });
    expect(others.statusCode).toBe(200);
    const { expires_at: before } = await t.db
      .selectFrom('team_invitations')
      .select('expires_at')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .orderBy('created_at')
      .executeTakeFirstOrThrow();

    const refused = await invite(owner.cookie, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_MAIL_LIMIT' });
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'team_invitation')
      .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase()))
      .execute();
    expect(mails).toHaveLength(INVITATION_MAILS_PER_ADDRESS_PER_DAY);
    // the refused resend extended nothing
    const { expires_at: after } = await t.db
      .selectFrom('team_invitations')
      .select('expires_at')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('limit invitations per client address, apart from the other auth endpoints', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Burst', slug: 'burst-team' });
    const invite = (index: number, remoteAddress: string) =>
      injectFromApp(t.app, {
        method: 'POST',
        url: '/api/auth/organization/invite-member',
        remoteAddress,
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: `burst-${index}@example.com`,
          role: 'member',
          organizationId: team.id,
        }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1)
      statuses.push((await invite(index, '198.51.100.21')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(statuses[20]).toBe(429);
    // another client address is not held back
    expect((await invite(21, '198.51.100.22')).statusCode).toBe(200);
  });

  it('tell apart expired, revoked, reused and other-account invitations, and a resend extends one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'States', slug: 'states-team' });
    const invitee = await signUp(t.app);
    const stranger = await signUp(t.app);

    const expired = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'member' });
    await t.db
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    expect(await preview(expired.id, invitee.cookie)).toMatchObject({ state: 'expired' });
    const refused = await organizationCall(t.app, invitee.cookie, 'accept-invitation', {
      invitationId: expired.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(await mine(invitee.cookie)).toBeNull();

    const resent = await organizationCall(t.app, owner.cookie, 'invite-member', {
      email: invitee.email,
      role: 'member',
      resend: true,
    });
    expect(resent.statusCode).toBe(200);
    const fresh = resent.json() as { id: string };
    expect(await preview(fresh.id, invitee.cookie)).toMatchObject({ state: 'pending' });
    // the team's list shows the address once: the invitation resent, not the expired one beside it
    const listedInvitations = (await mine(owner.cookie))?.invitations.filter(
      (invitation) => invitation.email.toLowerCase() === invitee.email.toLowerCase(),
    );
    expect(listedInvitations).toEqual([expect.objectContaining({ id: fresh.id, state: 'pending' })]);
    expect(await preview(fresh.id, stranger.cookie)).toMatchObject({ state: 'other_account' });
    const notYours = await organizationCall(t.app, stranger.cookie, 'accept-invitation', {
      invitationId: fresh.id,
    });
    expect(notYours.statusCode).toBe(403);

    const cancelled = await organizationCall(t.app, owner.cookie, 'cancel-invitation', {
      invitationId: fresh.id,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await preview(fresh.id, invitee.cookie)).toMatchObject({ state: 'canceled' });

    const again = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'member' });
    await joinTeam(t.app, invitee.cookie, again.id);
    const reused = await organizationCall(t.app, invitee.cookie, 'accept-invitation', {
      invitationId: again.id,
    });
    expect(reused.statusCode).toBe(400);
    expect(await preview(again.id, invitee.cookie)).toMatchObject({ state: 'accepted' });
    expect(await preview('no-such-invitation')).toMatchObject({ state: 'not_found', teamName: null });
  });

  it('cannot make a second owner, and a member of another team cannot accept', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'One owner', slug: 'one-owner' });
    const asOwner = await organizationCall(t.app, owner.cookie, 'invite-member', {
      email: 'new-owner@example.com',
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(403);

    const otherOwner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, otherOwner.cookie, { name: 'Other', slug: 'other-team-x' });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: otherOwner.email, role: 'member' });
    const joining = await organizationCall(t.app, otherOwner.cookie, 'accept-invitation', {
      invitationId: invitation.id,
    });
    expect(joining.statusCode).toBe(409);
    expect(codeOf(joining)).toBe('ALREADY_IN_TEAM');
  });
});

describe('ownership', () => {
  it('is transferred in one step, and an owner deletes the account only after handing the team on', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'Handover', slug: 'handover' });
    const admin = await signUp(t.app);
    await joinTeam(
      t.app,
      admin.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: admin.email, role: 'admin' })).id,
    );

    const deletion = await trpcMutate(t.app, 'account.delete', owner.cookie, { confirmation: 'DELETE' });
    expect(trpcError(deletion).data.reason).toBe('owner_must_transfer');

    const demote = await organizationCall(t.app, admin.cookie, 'update-member-role', {
      memberId: (await mine(owner.cookie))?.me.memberId,
      role: 'member',
    });
    expect(demote.statusCode).toBe(403);

    const adminMember = (await mine(owner.cookie))?.members.find((m) => m.userId === admin.userId);
    const refused = await trpcMutate(t.app, 'teams.transferOwnership', admin.cookie, {
      memberId: adminMember?.id,
    });
    expect(trpcError(refused).data).toMatchObject({ reason: 'team_role_required', meta: { role: 'owner' } });

    // the team's cards run on its owner's plan: a new owner without Business is refused, nothing changes
    const withoutBusiness = await trpcMutate(t.app, 'teams.transferOwnership', owner.cookie, {
      memberId: adminMember?.id,
    });
    expect(trpcError(withoutBusiness).data).toMatchObject({
      reason: 'new_owner_plan_required',
      meta: { plan: 'business' },
    });
    expect((await mine(owner.cookie))?.me.role).toBe('owner');
    expect((await mine(admin.cookie))?.me.role).toBe('admin');

    await setPlan(t.db, admin.userId, 'business');
    const transfer = await trpcMutate(t.app, 'teams.transferOwnership', owner.cookie, {
      memberId: adminMember?.id,
    });
    expect(transfer.statusCode).toBe(200);
    expect((await mine(admin.cookie))?.me.role).toBe('owner');
    expect((await mine(owner.cookie))?.me.role).toBe('admin');

    const afterTransfer = await trpcMutate(t.app, 'account.delete', owner.cookie, { confirmation: 'DELETE' });
    expect(afterTransfer.statusCode).toBe(200);
    expect((await mine(admin.cookie))?.members.map((m) => m.userId)).toEqual([admin.userId]);
  });
});

describe('an admin who deletes their account', () => {
  it("leaves the team's pending invitations they sent open, the owner standing in as their inviter", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
    await createTeam(t.app, owner.cookie, { name: 'Lasting', slug: 'lasting-invites' });
    const admin = await signUp(t.app, { name: 'Ada Admin' });
    await joinTeam(
      t.app,
      admin.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: admin.email, role: 'admin' })).id,
    );
    const invitee = await signUp(t.app, { name: 'Ivo Invitee' });
    const sent = await inviteToTeam(t.app, admin.cookie, { email: invitee.email, role: 'member' });
    expect(await preview(sent.id, invitee.cookie)).toMatchObject({ inviterName: 'Ada Admin' });

    const deletion = await trpcMutate(t.app, 'account.delete', admin.cookie, { confirmation: 'DELETE' });
    expect(deletion.statusCode).toBe(200);

    expect(await preview(sent.id, invitee.cookie)).toMatchObject({
      state: 'pending',
      inviterName: 'Olga Owner',
    });
    await joinTeam(t.app, invitee.cookie, sent.id);
    expect((await mine(owner.cookie))?.members.map((m) => m.userId).sort()).toEqual(
      [owner.userId, invitee.userId].sort(),
    );
  });
});

describe('the audit log', () => {
  const events = async (cookie: string, before?: string) =>
    trpcData<{ events: TeamEventView[]; more: boolean }>(
      await trpcQuery(t.app, 'teams.events', cookie, before ? { before } : {}),
    );

  it('records who changed which member, invitation or setting, newest first', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Logged', slug: 'logged-team' });
    const ana = await signUp(t.app, { name: 'Ana Admin' });
    const mia = await signUp(t.app, { name: 'Mia Member' });
    await joinTeam(
      t.app,
      ana.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: ana.email, role: 'member' })).id,
    );
    await joinTeam(
      t.app,
      mia.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: mia.email, role: 'member' })).id,
    );
    const withdrawn = await inviteToTeam(t.app, owner.cookie, { email: 'gone@example.com', role: 'admin' });
    await organizationCall(t.app, owner.cookie, 'invite-member', {
      organizationId: team.id,
      email: 'gone@example.com',
      role: 'admin',
      resend: true,
    });
    await organizationCall(t.app, owner.cookie, 'cancel-invitation', { invitationId: withdrawn.id });
    const members = (await mine(owner.cookie))?.members ?? [];
    const anaMember = members.find((m) => m.userId === ana.userId);
    await organizationCall(t.app, owner.cookie, 'update-member-role', {
      organizationId: team.id,
      memberId: anaMember?.id,
      role: 'admin',
    });
    await organizationCall(t.app, owner.cookie, 'update', {
      organizationId: team.id,
      data: { name: 'Logged Inc' },
    });
    await organizationCall(t.app, mia.cookie, 'leave', { organizationId: team.id });
    await setPlan(t.db, ana.userId, 'business');
    await trpcMutate(t.app, 'teams.transferOwnership', owner.cookie, { memberId: anaMember?.id });

    const { events: log, more } = await events(ana.cookie);
    expect(more).toBe(false);
    expect(log.map(({ actorName, action, subject, role }) => ({ actorName, action, subject, role }))).toEqual(
      [
        {
          actorName: 'Olga Owner',
          action: 'ownership_transferred',
          subject: `Ana Admin <${ana.email}>`,
          role: 'owner',
        },
        {
          actorName: 'Mia Member',
          action: 'member_left',
          subject: `Mia Member <${mia.email}>`,
          role: 'member',
        },
        { actorName: 'Olga Owner', action: 'team_renamed', subject: 'Logged Inc', role: null },
        {
          actorName: 'Olga Owner',
          action: 'member_role_changed',
          subject: `Ana Admin <${ana.email}>`,
          role: 'admin',
        },
        {
          actorName: 'Olga Owner',
          action: 'invitation_withdrawn',
          subject: 'gone@example.com',
          role: 'admin',
        },
        { actorName: 'Olga Owner', action: 'invitation_resent', subject: 'gone@example.com', role: 'admin' },
        { actorName: 'Olga Owner', action: 'member_invited', subject: 'gone@example.com', role: 'admin' },
        { actorName: 'Mia Member', action: 'invitation_accepted', subject: mia.email, role: 'member' },
        { actorName: 'Olga Owner', action: 'member_invited', subject: mia.email, role: 'member' },
        { actorName: 'Ana Admin', action: 'invitation_accepted', subject: ana.email, role: 'member' },
        { actorName: 'Olga Owner', action: 'member_invited', subject: ana.email, role: 'member' },
        { actorName: 'Olga Owner', action: 'team_created', subject: 'Logged', role: null },
      ],
    );
    // a refused change is no entry
    await organizationCall(t.app, mia.cookie, 'update', {
      organizationId: team.id,
      data: { name: 'Hijacked' },
    });
    expect((await events(ana.cookie)).events).toHaveLength(log.length);
  });

  it('comes in pages, each continuing where the last one ended', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Busy', slug: 'busy-team' });
    for (let index = 0; index < TEAM_EVENTS_PAGE_SIZE + 5; index += 1) {
      await recordTeamEvent(t.db, {
        teamId: team.id,
        actor: { id: owner.userId, name: 'Olga' },
        action: 'member_invited',
        subject: `person-${index}@example.com`,
      });
    }
    // every entry in one millisecond, microseconds apart: the column keeps what a JavaScript Date drops
    await sql`
      update team_events set created_at = timestamptz '2026-11-24 10:00:00.123+00' + numbered.n * interval '7 microseconds'
      from (select id, row_number() over (order by subject) as n from team_events where team_id = ${team.id}) as numbered
      where team_events.id = numbered.id`.execute(t.db);
    const first = await events(owner.cookie);
    expect(first.events).toHaveLength(TEAM_EVENTS_PAGE_SIZE);
    expect(first.more).toBe(true);
    const last = first.events.at(-1);
    const second = await events(owner.cookie, last?.id);
    expect(second.more).toBe(false);
    const subjects = [...first.events, ...second.events].map((event) => event.subject);
    expect(new Set(subjects).size).toBe(TEAM_EVENTS_PAGE_SIZE + 6);
  });
});

describe('live updates', () => {
  const toldOfTeam = (since: number) =>
    new Set(
      notices
        .slice(since)
        .filter((notice) => notice.topic === 'team')
        .map((notice) => notice.userId),
    );

  it("tell every member's open pages of a change, and whoever it concerned who left", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Live', slug: 'live-team' });
    const ana = await signUp(t.app);
    const mia = await signUp(t.app);
    const outsider = await signUp(t.app);
    await joinTeam(
      t.app,
      ana.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: ana.email, role: 'member' })).id,
    );

    let since = notices.length;
    await joinTeam(
      t.app,
      mia.cookie,
      (await inviteToTeam(t.app, owner.cookie, { email: mia.email, role: 'member' })).id,
    );
    expect(toldOfTeam(since)).toEqual(new Set([owner.userId, ana.userId, mia.userId]));

    since = notices.length;
    const miaMember = (await mine(owner.cookie))?.members.find((m) => m.userId === mia.userId);
    await organizationCall(t.app, owner.cookie, 'remove-member', {
      organizationId: team.id,
      memberIdOrEmail: miaMember?.id,
    });
    expect(toldOfTeam(since)).toEqual(new Set([owner.userId, ana.userId, mia.userId]));

    since = notices.length;
    const anaMember = (await mine(owner.cookie))?.members.find((m) => m.userId === ana.userId);
    await setPlan(t.db, ana.userId, 'business');
    await trpcMutate(t.app, 'teams.transferOwnership', owner.cookie, { memberId: anaMember?.id });
    expect(toldOfTeam(since)).toEqual(new Set([owner.userId, ana.userId]));

    since = notices.length;
    await organizationCall(t.app, ana.cookie, 'delete', { organizationId: team.id });
    expect(toldOfTeam(since)).toEqual(new Set([owner.userId, ana.userId]));
    expect(toldOfTeam(0).has(outsider.userId)).toBe(false);
  });
});
