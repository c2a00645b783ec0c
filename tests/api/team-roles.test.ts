import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProcedureMeta } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/app-router.ts';
import { recordTeamEvent } from '../../server/team-records/audit.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { hasTeamRole, TEAM_ROLES, type TeamRole } from '../../src/teams.ts';
import { addLead, createOwner, createSignedInOwner } from '../support/factories.ts';
import { uniqueDomain } from '../support/domains.ts';
import {
  buildTestApp,
  cookieFrom,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import {
  addTeam,
  addTeamCard,
  addTeamInvitation,
  organizationCall,
  teamTemplateInput,
} from '../support/teams.ts';

// Who may do what in a team, for every caller: the owner, an admin and a member of the team, someone of
// another team and a stranger in no team. The tRPC side is read from the router's `teamRole` meta, so a new
// team procedure is in the matrix by declaring its role; the organization plugin's endpoints have one row
// each below, and the table must name every endpoint the plugin mounts.

type Actor = TeamRole | 'otherTeam' | 'stranger';
const ACTORS: readonly Actor[] = [...TEAM_ROLES, 'otherTeam', 'stranger'];

interface Fixture {
  teamId: string;
  /** A member of the team who is none of the actors: the one the member actions act on. */
  targetMemberId: string;
  invitationId: string;
  /** An invitation of the team addressed to the stranger. */
  strangersInvitationId: string;
  /** The target member's user id, and their team card. */
  targetUserId: string;
  targetCardId: string;
  /** A lead left on the target's team card (the team's account's). */
  leadId: string;
}

interface EndpointCase {
  method: 'GET' | 'POST';
  input: (fixture: Fixture) => Record<string, unknown>;
  allowed: readonly Actor[];
  /** The endpoint reads the session's active team: the caller makes the team active first (if it may). */
  active?: true;
}

const TEAM = ['owner', 'admin', 'member'] as const;
const MANAGERS = ['owner', 'admin'] as const;

/** Every endpoint of the organization plugin over HTTP, and who may call it on the team. */
const ORGANIZATION_ENDPOINTS: Record<string, EndpointCase> = {
  create: {
    method: 'POST',
    input: () => ({ name: 'New team', slug: `new-${Date.now()}` }),
    allowed: ['stranger'],
  },
  update: {
    method: 'POST',
    input: (f) => ({ organizationId: f.teamId, data: { name: 'Renamed' } }),
    allowed: MANAGERS,
  },
  delete: { method: 'POST', input: (f) => ({ organizationId: f.teamId }), allowed: ['owner'] },
  'set-active': { method: 'POST', input: (f) => ({ organizationId: f.teamId }), allowed: TEAM },
  'get-organization': { method: 'GET', input: (f) => ({ organizationId: f.teamId }), allowed: TEAM },
  'get-full-organization': { method: 'GET', input: (f) => ({ organizationId: f.teamId }), allowed: TEAM },
  // each caller's own teams
  list: { method: 'GET', input: () => ({}), allowed: ACTORS },
  'invite-member': {
    method: 'POST',
    input: (f) => ({ organizationId: f.teamId, email: `invited-${Date.now()}@example.com`, role: 'member' }),
    allowed: MANAGERS,
  },
  'cancel-invitation': {
    method: 'POST',
    input: (f) => ({ invitationId: f.invitationId }),
    allowed: MANAGERS,
  },
  'accept-invitation': {
    method: 'POST',
    input: (f) => ({ invitationId: f.strangersInvitationId }),
    allowed: ['stranger'],
  },
  'reject-invitation': {
    method: 'POST',
    input: (f) => ({ invitationId: f.strangersInvitationId }),
    allowed: ['stranger'],
  },
  'get-invitation': { method: 'GET', input: (f) => ({ id: f.strangersInvitationId }), allowed: ['stranger'] },
  'list-members': { method: 'GET', input: (f) => ({ organizationId: f.teamId }), allowed: TEAM },
  'list-invitations': { method: 'GET', input: (f) => ({ organizationId: f.teamId }), allowed: MANAGERS },
  // each caller's own invitations
  'list-user-invitations': { method: 'GET', input: () => ({}), allowed: ACTORS },
  'get-active-member': { method: 'GET', input: () => ({}), allowed: TEAM, active: true },
  'get-active-member-role': { method: 'GET', input: (f) => ({ organizationId: f.teamId }), allowed: TEAM },
  // whether a slug is free: any signed-in person choosing one
  'check-slug': { method: 'POST', input: () => ({ slug: `free-${Date.now()}` }), allowed: ACTORS },
  'remove-member': {
    method: 'POST',
    input: (f) => ({ organizationId: f.teamId, memberIdOrEmail: f.targetMemberId }),
    allowed: MANAGERS,
  },
  'update-member-role': {
    method: 'POST',
    input: (f) => ({ organizationId: f.teamId, memberId: f.targetMemberId, role: 'admin' }),
    allowed: MANAGERS,
  },
  // the owner hands the team on first
  leave: { method: 'POST', input: (f) => ({ organizationId: f.teamId }), allowed: ['admin', 'member'] },
  'has-permission': {
    method: 'POST',
    input: (f) => ({ organizationId: f.teamId, permissions: { member: ['create'] } }),
    allowed: TEAM,
  },
};

let t: TestApp;
const cookies = {} as Record<Actor, string>;
const userIds = {} as Record<Actor, string>;
let fixture: Fixture;

beforeAll(async () => {
  t = await buildTestApp();
  for (const actor of ACTORS) {
    const person = await createSignedInOwner(t, { plan: 'business' });
    cookies[actor] = person.cookie;
    userIds[actor] = person.userId;
  }
  await addTeam(t.db, [{ userId: userIds.otherTeam, role: 'owner' }], { name: 'Another team' });
});

afterAll(async () => {
  await t?.close();
});

/** A fresh team of the three team actors and a target member, with two pending invitations. */
beforeEach(async () => {
  const teamActors = [userIds.owner, userIds.admin, userIds.member];
  await t.db.deleteFrom('team_members').where('user_id', 'in', teamActors).execute();
  await t.db.deleteFrom('team_members').where('user_id', '=', userIds.stranger).execute();
  // a member who could own the team: the team's cards run on its owner's plan
  const target = await createOwner(t.db, { plan: 'business' });
  const { teamId, memberIds } = await addTeam(t.db, [
    { userId: userIds.owner, role: 'owner' },
    { userId: userIds.admin, role: 'admin' },
    { userId: userIds.member, role: 'member' },
    { userId: target.id, role: 'member' },
  ]);
  const strangerEmail = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userIds.stranger)
    .executeTakeFirstOrThrow();
  const targetCard = await addTeamCard(t.db, teamId, { memberId: target.id });
  fixture = {
    teamId,
    targetMemberId: memberIds[3] ?? '',
    targetUserId: target.id,
    targetCardId: targetCard.vcardId,
    leadId: await addLead(t.db, { userId: targetCard.accountId, vcardId: targetCard.vcardId }),
    invitationId: await addTeamInvitation(t.db, {
      teamId,
      inviterId: userIds.owner,
      email: 'someone@example.com',
    }),
    strangersInvitationId: await addTeamInvitation(t.db, {
      teamId,
      inviterId: userIds.owner,
      email: strangerEmail.email,
    }),
  };
});

/** A Cookie header with `newer`'s cookies in place of those of the same name. */
function withCookies(cookie: string, newer: string): string {
  const jar = new Map<string, string>();
  for (const pair of `${cookie}; ${newer}`.split('; ').filter(Boolean)) {
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * What a refused call must leave as it was: the team, its members, its invitations, its template, its
 * cards, its leads and their settings.
 */
async function teamSnapshot(teamId: string) {
  const [team, members, invitations, template] = await Promise.all([
    t.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst(),
    t.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    t.db.selectFrom('team_invitations').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    t.db.selectFrom('team_templates').selectAll().where('team_id', '=', teamId).executeTakeFirst(),
  ]);
  const strangersTeams = await t.db
    .selectFrom('team_members')
    .select('team_id')
    .where('user_id', '=', userIds.stranger)
    .execute();
  const cards = await t.db
    .selectFrom('vcards')
    .innerJoin('teams', 'teams.account_id', 'vcards.user_id')
    .selectAll('vcards')
    .where('teams.id', '=', teamId)
    .orderBy('vcards.id')
    .execute();
  const leads = await t.db
    .selectFrom('leads')
    .innerJoin('teams', 'teams.account_id', 'leads.user_id')
    .select('leads.id')
    .where('teams.id', '=', teamId)
    .orderBy('leads.id')
    .execute();
  const leadSettings = await t.db
    .selectFrom('profiles')
    .innerJoin('teams', 'teams.account_id', 'profiles.id')
    .select(['profiles.lead_notification', 'profiles.lead_retention_days'])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  const [companySignIn, ssoProvider] = await Promise.all([
    t.db.selectFrom('team_sso').selectAll().where('team_id', '=', teamId).executeTakeFirst(),
    t.db.selectFrom('sso_providers').selectAll().where('organization_id', '=', teamId).executeTakeFirst(),
  ]);
  return {
    team,
    members,
    invitations,
    template,
    strangersTeams,
    cards,
    leads,
    leadSettings,
    companySignIn,
    ssoProvider,
  };
}

describe('the organization endpoints', () => {
  it('are each in the table', async () => {
    const { organization } = await import('better-auth/plugins');
    const mounted = Object.values(organization({ teams: { enabled: false } }).endpoints)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === 'string')
      .map((path) => path.replace('/organization/', ''));
    expect(new Set(Object.keys(ORGANIZATION_ENDPOINTS))).toEqual(new Set(mounted));
  });

  for (const [endpoint, rule] of Object.entries(ORGANIZATION_ENDPOINTS)) {
    for (const actor of ACTORS) {
      const allowed = rule.allowed.includes(actor);
      it(`${endpoint}: ${actor} is ${allowed ? 'allowed' : 'refused, and nothing changes'}`, async () => {
        let cookie = cookies[actor];
        if (rule.active) {
          const activation = await organizationCall(t.app, cookie, 'set-active', {
            organizationId: fixture.teamId,
          });
          // the session, with its active team, is kept in a signed cookie too: the answer sets its new one
          cookie = withCookies(cookie, cookieFrom(activation));
        }
        const before = await teamSnapshot(fixture.teamId);
        const response = await organizationCall(t.app, cookie, endpoint, rule.input(fixture), rule.method);
        if (allowed) {
          expect(response.statusCode, response.body).toBe(200);
          return;
        }
        expect([400, 401, 403, 404, 409], response.body).toContain(response.statusCode);
        expect((response.json() as { code?: string }).code ?? '').not.toMatch(/^VALIDATION/);
        expect(await teamSnapshot(fixture.teamId)).toEqual(before);
      });
    }
  }

  it('refuses a stranger the members of another team with 403, never a validation error', async () => {
    const response = await organizationCall(
      t.app,
      cookies.stranger,
      'list-members',
      { organizationId: fixture.teamId },
      'GET',
    );
    expect(response.statusCode).toBe(403);
  });
});

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: ProcedureMeta;
}

/** Every procedure that declares a team role, read from the router itself. */
function teamProcedures(): { path: string; type: ProcedureDef['type']; role: TeamRole }[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).flatMap(([path, procedure]) => {
    const role = procedure._def.meta?.teamRole;
    return role ? [{ path, type: procedure._def.type, role }] : [];
  });
}

/** Written into the fixture team's log: what the owner of another team must never read. */
const FIXTURE_SECRET = 'fixture-team-secret';

/**
 * Each team procedure's valid input on the fixture's team. A caller of the team with the role succeeds;
 * the owner of another team passes the role check in their own team, so the procedure acts there: a
 * change finds nothing of this team (`not_found`), a read answers with their own team only.
 */
const TEAM_PROCEDURES: Record<
  string,
  {
    input: (fixture: Fixture) => unknown;
    otherTeam: 'not_found' | 'own';
    /** What a caller with the role is answered instead of 200: the procedure's own refusal, past the role check. */
    refusedPastRole?: string;
  }
> = {
  'teams.transferOwnership': { input: (f) => ({ memberId: f.targetMemberId }), otherTeam: 'not_found' },
  'teams.events': { input: () => ({}), otherTeam: 'own' },
  'teams.cards': { input: () => undefined, otherTeam: 'own' },
  'teams.myCards': { input: () => undefined, otherTeam: 'own' },
  'teams.createCard': {
    input: (f) => ({
      holder: { userId: f.targetUserId },
      card: { ...emptyVcardForm(), name: 'New Card' },
    }),
    otherTeam: 'not_found',
  },
  'teams.assignCard': { input: (f) => ({ vcardId: f.targetCardId, userId: null }), otherTeam: 'not_found' },
  // a publish of another team's draft finds nothing, and changes nothing
  'teams.publishCard': { input: (f) => ({ vcardId: f.targetCardId }), otherTeam: 'not_found' },
  'teams.setCardPaused': {
    input: (f) => ({ vcardId: f.targetCardId, paused: true }),
    otherTeam: 'not_found',
  },
  // the owner of another team removes their own team's logo
  'teams.setLogo': { input: () => ({ logo: null }), otherTeam: 'own' },
  // the owner of another team turns white label off for their own team (allowed on any plan)
  'teams.setWhiteLabel': { input: () => ({ whiteLabel: false }), otherTeam: 'own' },
  // the owner of another team prints their own team's codes with the main address
  'teams.setPrintedDomain': { input: () => ({ domain: '' }), otherTeam: 'own' },
  'teams.template': { input: () => undefined, otherTeam: 'own' },
  // the owner of another team saves their own team's template (its first save: version 1)
  'teams.saveTemplate': {
    input: () => teamTemplateInput({ company: 'Acme', locked: ['company'] }),
    otherTeam: 'own',
  },
  // the owner of another team counts their own team's members with a card (none: no account yet)
  'cardKit.teamBackgrounds': { input: () => undefined, otherTeam: 'own' },
  // the owner of another team reads their own team's analytics
  'analytics.team': { input: () => ({ timeZone: 'UTC', range: '30d' }), otherTeam: 'own' },
  'analytics.teamBreakdowns': { input: () => ({ timeZone: 'UTC', range: '30d' }), otherTeam: 'own' },
  'analytics.myTeamCards': { input: () => ({ timeZone: 'UTC', range: '30d' }), otherTeam: 'own' },
  // the owner of another team reads and erases their own team's leads (it has none: no account yet)
  'leads.team.list': { input: () => ({ filter: {} }), otherTeam: 'own' },
  'leads.team.cards': { input: () => undefined, otherTeam: 'own' },
  'leads.team.get': { input: (f) => ({ id: f.leadId }), otherTeam: 'not_found' },
  'leads.team.erase': { input: (f) => ({ id: f.leadId }), otherTeam: 'not_found' },
  'leads.team.eraseAll': { input: () => ({}), otherTeam: 'own' },
  'leads.team.settings': { input: () => undefined, otherTeam: 'own' },
  'leads.team.updateSettings': {
    input: () => ({ notification: 'digest', retentionDays: 30 }),
    otherTeam: 'not_found',
  },
  // company sign-in (server/company-sign-in/): the owner of another team sets their own team's
  'companySignIn.get': { input: () => undefined, otherTeam: 'own' },
  'companySignIn.setDomain': { input: () => ({ domain: uniqueDomain() }), otherTeam: 'own' },
  'companySignIn.checkDomain': { input: () => undefined, otherTeam: 'own' },
  // a provider needs the domain proved, which no DNS record here does
  'companySignIn.saveOidc': {
    input: () => ({ issuer: 'https://sso.example.com', clientId: 'tapcard', clientSecret: 'secret' }),
    otherTeam: 'own',
    refusedPastRole: 'sso_domain_unverified',
  },
  'companySignIn.removeProvider': { input: () => undefined, otherTeam: 'own' },
  'companySignIn.setRequired': { input: () => ({ required: false }), otherTeam: 'own' },
};

describe('the team procedures', () => {
  it('each have a case here', () => {
    expect(
      teamProcedures()
        .map(({ path }) => path)
        .sort(),
    ).toEqual(Object.keys(TEAM_PROCEDURES).sort());
  });

  for (const { path, type, role } of teamProcedures()) {
    for (const actor of ACTORS) {
      const inTeam = actor !== 'otherTeam' && actor !== 'stranger';
      const allowed = inTeam && hasTeamRole(actor, role);
      it(`${path} (${role} and above): ${actor} is ${allowed ? 'allowed' : 'refused, and nothing changes'}`, async () => {
        await recordTeamEvent(t.db, {
          teamId: fixture.teamId,
          actor: { id: userIds.owner, name: 'Olga' },
          action: 'team_renamed',
          subject: FIXTURE_SECRET,
        });
        const before = await teamSnapshot(fixture.teamId);
        const procedure = TEAM_PROCEDURES[path];
        const input = procedure?.input(fixture);
        const response =
          type === 'query'
            ? await trpcQuery(t.app, path, cookies[actor], input)
            : await trpcMutate(t.app, path, cookies[actor], input);
        const answersAllowed = () => {
          if (procedure?.refusedPastRole) {
            expect(trpcError(response).data.reason, response.body).toBe(procedure.refusedPastRole);
          } else {
            expect(response.statusCode, response.body).toBe(200);
          }
        };
        if (allowed) {
          answersAllowed();
          return;
        }
        if (actor === 'otherTeam' && procedure?.otherTeam === 'own') {
          answersAllowed();
          expect(response.body).not.toContain(FIXTURE_SECRET);
          expect(response.body).not.toContain(fixture.teamId);
        } else if (actor === 'otherTeam') {
          expect(trpcError(response).data.reason).toBe('not_found');
        } else {
          expect(trpcError(response).data).toMatchObject({
            reason: 'team_role_required',
            meta: { role, inTeam },
          });
        }
        expect(await teamSnapshot(fixture.teamId)).toEqual(before);
      });
    }
  }
});
