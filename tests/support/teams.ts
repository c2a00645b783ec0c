import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TEAM_INVITATION_DAYS, type InvitableTeamRole, type TeamRole } from '../../src/teams.ts';
import { teamAccountFor } from '../../server/teams/cards.ts';
import { addLink, addVcard, createSignedInOwner } from './factories.ts';
import { injectFromApp, type TestApp } from './harness.ts';

// Teams as the dashboard makes them: through the organization plugin's own endpoints
// (/api/auth/organization/*), as the signed-in browser calls them.

/** A call to one of the organization plugin's endpoints; GET sends `body` as the query. */
export function organizationCall(
  app: FastifyInstance,
  cookie: string,
  endpoint: string,
  body?: Record<string, unknown>,
  method: 'GET' | 'POST' = 'POST',
): Promise<LightMyRequestResponse> {
  const query =
    method === 'GET' && body ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : '';
  return injectFromApp(app, {
    method,
    url: `/api/auth/organization/${endpoint}${query}`,
    headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
}

function ok<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A team made by a Business account, which becomes its owner. */
export async function createTeam(
  app: FastifyInstance,
  ownerCookie: string,
  fields: { name: string; slug: string },
): Promise<{ id: string; slug: string }> {
  return ok(await organizationCall(app, ownerCookie, 'create', fields), 'creating a team');
}

/** An invitation to the inviter's team. */
export async function inviteToTeam(
  app: FastifyInstance,
  inviterCookie: string,
  fields: { email: string; role: InvitableTeamRole },
): Promise<{ id: string; expiresAt: string }> {
  const teamId = await teamIdOf(app, inviterCookie);
  return ok(
    await organizationCall(app, inviterCookie, 'invite-member', { ...fields, organizationId: teamId }),
    'inviting',
  );
}

/** Accepts an invitation as the signed-in invitee. */
export async function joinTeam(app: FastifyInstance, cookie: string, invitationId: string): Promise<void> {
  ok(await organizationCall(app, cookie, 'accept-invitation', { invitationId }), 'accepting');
}

async function teamIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const teams = ok<{ id: string }[]>(
    await organizationCall(app, cookie, 'list', undefined, 'GET'),
    'listing',
  );
  const team = teams[0];
  if (!team) throw new Error('the inviter is in no team');
  return team.id;
}

/** A team written straight into the database, its first member its owner (for fixtures many tests share). */
export async function addTeam(
  db: Kysely<Database>,
  members: { userId: string; role: TeamRole }[],
  fields: { name?: string } = {},
): Promise<{ teamId: string; memberIds: string[] }> {
  const teamId = randomUUID();
  await db
    .insertInto('teams')
    .values({
      id: teamId,
      name: fields.name ?? 'Fixture Team',
      slug: `team-${randomBytes(5).toString('hex')}`,
    })
    .execute();
  const memberIds = members.map(() => randomUUID());
  await db
    .insertInto('team_members')
    .values(
      members.map(({ userId, role }, index) => ({
        id: memberIds[index] ?? '',
        team_id: teamId,
        user_id: userId,
        role,
      })),
    )
    .execute();
  return { teamId, memberIds };
}

/** A pending invitation written straight into the database, valid for TEAM_INVITATION_DAYS. */
export async function addTeamInvitation(
  db: Kysely<Database>,
  fields: { teamId: string; inviterId: string; email: string; role?: InvitableTeamRole },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('team_invitations')
    .values({
      id,
      team_id: fields.teamId,
      inviter_id: fields.inviterId,
      email: fields.email,
      role: fields.role ?? 'member',
      status: 'pending',
      expires_at: new Date(Date.now() + TEAM_INVITATION_DAYS * 24 * 60 * 60 * 1000),
    })
    .execute();
  return id;
}

/**
 * A team card written straight into the database for `memberId` (or an invitee's address, or nobody): a vCard of the team's account
 * (made here when the team has none yet) with the QR code link it manages. Returns the card and its link.
 */
export async function addTeamCard(
  db: Kysely<Database>,
  teamId: string,
  fields: { memberId?: string | null; name?: string; inviteeEmail?: string } = {},
): Promise<{ vcardId: string; linkId: string; code: string; accountId: string }> {
  const accountId = await db.transaction().execute((trx) => teamAccountFor(trx, teamId));
  const vcardId = await addVcard(db, accountId, {
    name: fields.name ?? 'Team Card',
    member_id: fields.memberId ?? null,
    invitee_email: fields.inviteeEmail ?? null,
  });
  const { id: linkId, code } = await addLink(db, accountId, {
    kind: 'qr',
    vcard_id: vcardId,
    url: `http://127.0.0.1/vcard/${vcardId}`,
  });
  return { vcardId, linkId, code, accountId };
}

/** A Business owner's team with an admin and two members (Mia, whose card tests make, and Sam), each signed in. */
export async function addTeamOfFour(t: TestApp) {
  const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
  const admin = await createSignedInOwner(t, { plan: 'free', name: 'Adam Admin' });
  const member = await createSignedInOwner(t, { plan: 'free', name: 'Mia Member' });
  const successor = await createSignedInOwner(t, { plan: 'free', name: 'Sam Successor' });
  const { teamId } = await addTeam(t.db, [
    { userId: owner.userId, role: 'owner' },
    { userId: admin.userId, role: 'admin' },
    { userId: member.userId, role: 'member' },
    { userId: successor.userId, role: 'member' },
  ]);
  return { teamId, owner, admin, member, successor };
}
