import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { emailDomain, type SsoSignInError } from '../../src/company-sign-in.ts';
import { can } from '../../src/plans.ts';
import { TEAM_MEMBERS_MAX } from '../../src/teams.ts';
import type { Locale } from '../../src/i18n.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import { createProfileForUser } from '../profile/service.ts';
import { personLabel, recordTeamEvent } from '../team-records/audit.ts';

// Who a sign-in through a team's provider is (docs/decisions/028-company-sign-in.md): the identity is the
// provider and the subject it names (accounts.provider_id + account_id), never the address alone. The
// address is read once, on the identity's first sign-in, and only within the team's proved domain.

/** Whether the plan in effect of `teamId`'s owner includes teams (Business): company sign-in is part of it. */
export async function teamPlanAllows(db: Kysely<Database>, teamId: string): Promise<boolean> {
  const owner = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  return owner !== undefined && can(await planInEffectOf({ db }, owner.user_id), 'teamAccess');
}

/**
 * The team whose provider the people of `email`'s domain sign in through: a proved domain with a provider,
 * on a plan that includes teams. Null for any other address.
 */
export async function companyForEmail(
  db: Kysely<Database>,
  email: string,
): Promise<{ teamId: string; providerId: string; required: boolean } | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const row = await db
    .selectFrom('team_sso')
    .innerJoin('sso_providers', 'sso_providers.organization_id', 'team_sso.team_id')
    .select(['team_sso.team_id', 'team_sso.required', 'sso_providers.provider_id'])
    .where('team_sso.domain', '=', domain)
    .where('team_sso.verified_at', 'is not', null)
    .executeTakeFirst();
  if (!row || !(await teamPlanAllows(db, row.team_id))) return null;
  return { teamId: row.team_id, providerId: row.provider_id, required: row.required };
}

/** What a sign-in through a team's provider signs in to. */
export type CompanyIdentity =
  /** the identity's account (linked before), or an account of the team's domain linked now */
  | { kind: 'account'; userId: string; joins: false }
  | { kind: 'account'; userId: string; joins: boolean; teamId: string }
  /** nobody has the address: a new account, which joins the team */
  | { kind: 'new'; teamId: string }
  | { kind: 'refused'; error: SsoSignInError };

/**
 * What resolveCompanyIdentity reads. It runs inside the sso plugin's transaction, so it reads through that
 * transaction's adapter (server/company-sign-in/auth-plugin.ts): a query of its own would wait on the
 * embedded database's one connection, which the transaction holds.
 */
export interface IdentityLookups {
  /** The user an identity (provider, subject) is linked to. */
  linkedUser(providerId: string, subject: string): Promise<string | null>;
  /** The provider's team and domain, and whether the domain is proved. */
  provider(providerId: string): Promise<{ teamId: string; domain: string; domainVerified: boolean } | null>;
  /** The account of an address, with whether it is confirmed and its team. */
  userByEmail(email: string): Promise<{ id: string; emailVerified: boolean; teamId: string | null } | null>;
  /** Whether the user has an identity of the provider already. */
  hasIdentity(providerId: string, userId: string): Promise<boolean>;
}

/**
 * Who the provider's identity (`subject`, vouching for `email`) is:
 * - the account already linked to that provider and subject, whatever address the provider now gives;
 * - otherwise, on the identity's first sign-in, the account of `email` when the address is in the team's
 *   proved domain and confirmed, the account is in the team or in none (it joins), and it has no other
 *   identity of this provider; a new account when nobody has the address;
 * - refused otherwise: an address outside the domain, an account of another team or not confirmed, or a
 *   second subject for an account already linked (the provider's answer, not the address, names a person).
 */
export async function resolveCompanyIdentity(
  lookups: IdentityLookups,
  input: { providerId: string; subject: string; email: string },
): Promise<CompanyIdentity> {
  const linked = await lookups.linkedUser(input.providerId, input.subject);
  if (linked) return { kind: 'account', userId: linked, joins: false };
  const provider = await lookups.provider(input.providerId);
  if (!provider?.domainVerified) return { kind: 'refused', error: 'sso_failed' };
  const email = input.email.trim().toLowerCase();
  if (emailDomain(email) !== provider.domain) return { kind: 'refused', error: 'sso_wrong_domain' };
  const user = await lookups.userByEmail(email);
  if (!user) return { kind: 'new', teamId: provider.teamId };
  if (user.teamId !== null && user.teamId !== provider.teamId)
    return { kind: 'refused', error: 'sso_other_team' };
  if (!user.emailVerified) return { kind: 'refused', error: 'sso_account_exists' };
  if (await lookups.hasIdentity(input.providerId, user.id))
    return { kind: 'refused', error: 'sso_account_exists' };
  return { kind: 'account', userId: user.id, joins: user.teamId === null, teamId: provider.teamId };
}

/**
 * After a first sign-in through the team's provider: the account's address counts as confirmed (the
 * domain's own provider vouched for it), onboarding is finished as a member's is, and the person joins the
 * team as a member unless they are in a team already or the team is full.
 */
export async function welcomeCompanyPerson(
  db: Kysely<Database>,
  input: { userId: string; teamId: string; email: string; language: Locale },
): Promise<{ joined: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', input.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return { joined: false };
    // a provider that sends no name: the address's local part until the person writes theirs
    const name = user.name.trim() === '' ? user.email.slice(0, user.email.indexOf('@')) : user.name;
    await trx
      .updateTable('users')
      .set({ email_verified: true, name })
      .where('id', '=', input.userId)
      .execute();
    // a new account's profile, in the language of the sign-in (better-auth's hook may not have run yet)
    await createProfileForUser(trx, { id: input.userId, name, email: user.email, language: input.language });
    await trx
      .updateTable('profiles')
      .set({ plan_chosen: true, initialized: true })
      .where('id', '=', input.userId)
      .execute();
    // the team's row locked: two people joining at once are counted one after the other
    await trx.selectFrom('teams').select('id').where('id', '=', input.teamId).forUpdate().execute();
    const inTeam = await trx
      .selectFrom('team_members')
      .select('id')
      .where('user_id', '=', input.userId)
      .executeTakeFirst();
    if (inTeam) return { joined: false };
    const [members, invitations] = await Promise.all([
      trx
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('team_id', '=', input.teamId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('team_invitations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('team_id', '=', input.teamId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(members.count) + Number(invitations.count) >= TEAM_MEMBERS_MAX) return { joined: false };
    await trx
      .insertInto('team_members')
      .values({ id: randomUUID(), team_id: input.teamId, user_id: input.userId, role: 'member' })
      .execute();
    await recordTeamEvent(trx, {
      teamId: input.teamId,
      actor: { id: input.userId, name },
      action: 'member_joined_by_sso',
      subject: await personLabel(trx, input.userId),
      role: 'member',
    });
    return { joined: true };
  });
}
