import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockedFlags, type SaveTeamTemplateValues } from '../../src/schemas/team-template.ts';
import type { LockableTemplateField } from '../../src/team-template.ts';
import { emptyPostalAddress } from '../../src/postal-address.ts';
import { serverPaths } from '../../src/routes.ts';
import { DEFAULT_CARD_COLOURS } from '../../src/schemas/vcard.ts';
import { TEAM_INVITATION_DAYS, type InvitableTeamRole, type TeamRole } from '../../src/teams.ts';
import { teamAccountFor } from '../../server/access/team-account.ts';
import type { TeamCardView } from '../../server/teams/cards.ts';
import type { TeamImportEvent } from '../../server/teams/import.ts';
import { addLink, addVcard, createSignedInOwner, type VcardFields } from './factories.ts';
import { injectFromApp, trpcData, trpcMutate, trpcQuery, type TestApp } from './harness.ts';

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

/** An invitation (pending unless told) written straight into the database, valid for TEAM_INVITATION_DAYS. */
export async function addTeamInvitation(
  db: Kysely<Database>,
  fields: {
    teamId: string;
    inviterId: string;
    email: string;
    role?: InvitableTeamRole;
    /** 'accepted': as better-auth leaves it once the invitee joined (their membership is the caller's). */
    status?: 'pending' | 'accepted';
  },
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
      status: fields.status ?? 'pending',
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
  fields: {
    memberId?: string | null;
    name?: string;
    inviteeEmail?: string;
    card?: Partial<VcardFields>;
  } = {},
): Promise<{ vcardId: string; linkId: string; code: string; accountId: string }> {
  const accountId = await db.transaction().execute((trx) => teamAccountFor(trx, teamId));
  const vcardId = await addVcard(db, accountId, {
    name: fields.name ?? 'Team Card',
    member_id: fields.memberId ?? null,
    invitee_email: fields.inviteeEmail ?? null,
    ...fields.card,
  });
  const { id: linkId, code } = await addLink(db, accountId, {
    kind: 'qr',
    vcard_id: vcardId,
    url: `http://127.0.0.1/vcard/${vcardId}`,
  });
  return { vcardId, linkId, code, accountId };
}

/** The team's account (whose cards, keys and endpoints are the team's), null before its first. */
export async function teamAccountOf(db: Kysely<Database>, teamId: string): Promise<string | null> {
  const team = await db.selectFrom('teams').select('account_id').where('id', '=', teamId).executeTakeFirst();
  return team?.account_id ?? null;
}

/**
 * A read-and-write API key of the team that `adminCookie`'s person owns or administers, named `name`, and
 * a REST call made with it.
 */
export async function teamKeyCaller(t: TestApp, adminCookie: string, name = 'Team CRM') {
  const created = await trpcMutate(t.app, 'apiKeys.create', adminCookie, {
    name,
    scopes: ['read', 'write'],
    expiry: 'never',
    owner: 'team',
  });
  const { key } = trpcData<{ key: string }>(created);
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
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

/**
 * What the template form saves (teams.saveTemplate): the default template (nothing set, nothing locked)
 * unless overridden, with the `locked` fields locked, edited from `baseVersion` (1: a team that never
 * saved one).
 */
export function teamTemplateInput(
  {
    locked = [],
    ...overrides
  }: Partial<Omit<SaveTeamTemplateValues, 'locked'>> & { locked?: LockableTemplateField[] } = {},
  baseVersion = 1,
): SaveTeamTemplateValues {
  return {
    layout: 'centred',
    font: 'system',
    ...DEFAULT_CARD_COLOURS,
    logo: null,
    company: '',
    website: '',
    address: emptyPostalAddress(),
    ...overrides,
    locked: lockedFlags(locked),
    baseVersion,
  };
}

/** The CSV import's dry run (`check`) or import (`run`, with the dry run's plan) of `file`, as the browser sends it. */
export function teamImportCall(
  app: FastifyInstance,
  cookie: string,
  step: 'check' | 'run',
  file: string | Uint8Array,
  plan?: string,
): Promise<LightMyRequestResponse> {
  const query = plan === undefined ? '' : `?${new URLSearchParams({ plan }).toString()}`;
  return injectFromApp(app, {
    method: 'POST',
    url: `${serverPaths.teamImport}/${step}${query}`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: typeof file === 'string' ? Buffer.from(file, 'utf8') : Buffer.from(file),
  });
}

/** The import's answer read as its JSON lines. */
export function teamImportEvents(response: LightMyRequestResponse): TeamImportEvent[] {
  return response.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as TeamImportEvent);
}

/** The team cards an admin manages (`teams.cards`), or the signed-in member's own (`teams.myCards`). */
export type TeamCardsProcedure = 'teams.cards' | 'teams.myCards';

export async function teamCardsOf(
  app: FastifyInstance,
  cookie: string,
  procedure: TeamCardsProcedure = 'teams.cards',
): Promise<TeamCardView[]> {
  return trpcData<TeamCardView[]>(await trpcQuery(app, procedure, cookie));
}

/** Turns a team's white label switch on or off straight in the database (server/teams/white-label.ts). */
export async function setTeamWhiteLabel(
  db: Kysely<Database>,
  teamId: string,
  whiteLabel: boolean,
): Promise<void> {
  await db.updateTable('teams').set({ white_label: whiteLabel }).where('id', '=', teamId).execute();
}
