import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ssoProviderIdOf, type SsoIssuerProblem } from '../../src/company-sign-in.ts';
import {
  isDomainCheckFailure,
  verificationRecordName,
  verificationRecordValue,
  type DomainCheckFailure,
} from '../../src/domains.ts';
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { serverPaths } from '../../src/routes.ts';
import type {
  OidcProviderInput,
  SsoDomainInput,
  SsoRequiredInput,
} from '../../src/schemas/company-sign-in.ts';
import type { TeamMembership } from '../access/team-access.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { verificationFailure } from '../domains/dns.ts';
import { recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { teamPlanAllows } from './identities.ts';

// A team's company sign-in (docs/decisions/028-company-sign-in.md), set by its owner on the team's Single
// sign-on page: the team's e-mail domain, proved by the TXT record custom domains use
// (`_tapcard-verify.{domain}`; a custom domain of the team's proved with the same name proves it too), its
// OIDC provider (the issuer's discovery read at save, the client secret kept on the server), and whether
// the domain's people must sign in through it. Sign-in itself is the sso plugin's
// (server/company-sign-in/auth-plugin.ts).

export interface CompanySignInView {
  /** The team's plan includes teams (Business): company sign-in works only then. */
  available: boolean;
  domain: {
    name: string;
    recordName: string;
    recordValue: string;
    verifiedAt: Date | null;
    lastCheckedAt: Date | null;
    lastCheckError: DomainCheckFailure | null;
  } | null;
  /** The provider, without its client secret (kept on the server only). */
  provider: { issuer: string; clientId: string } | null;
  /** The address to register at the provider as the client's redirect (callback) URI. */
  redirectUri: string;
  required: boolean;
}

interface StoredOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  [key: string]: unknown;
}

function storedOidcConfig(json: string | null): StoredOidcConfig | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<StoredOidcConfig>;
    return typeof value.clientId === 'string' && typeof value.clientSecret === 'string'
      ? (value as StoredOidcConfig)
      : null;
  } catch {
    return null;
  }
}

/** The team's company sign-in as its owner's page shows it. */
export async function companySignIn(ctx: ServiceContext, team: TeamMembership): Promise<CompanySignInView> {
  const [row, provider, available] = await Promise.all([
    ctx.db.selectFrom('team_sso').selectAll().where('team_id', '=', team.teamId).executeTakeFirst(),
    ctx.db
      .selectFrom('sso_providers')
      .select(['issuer', 'oidc_config'])
      .where('organization_id', '=', team.teamId)
      .executeTakeFirst(),
    teamPlanAllows(ctx.db, team.teamId),
  ]);
  const oidc = storedOidcConfig(provider?.oidc_config ?? null);
  return {
    available,
    domain: row
      ? {
          name: row.domain,
          recordName: verificationRecordName(row.domain),
          recordValue: verificationRecordValue(row.token),
          verifiedAt: row.verified_at,
          lastCheckedAt: row.last_checked_at,
          lastCheckError: isDomainCheckFailure(row.last_check_error) ? row.last_check_error : null,
        }
      : null,
    provider: provider && oidc ? { issuer: provider.issuer, clientId: oidc.clientId } : null,
    redirectUri: `${ctx.config.publicUrl}${serverPaths.auth}/sso/callback/${ssoProviderIdOf(team.teamId)}`,
    required: row?.required ?? false,
  };
}

async function requireTeamPlan(db: Kysely<Database>, teamId: string): Promise<void> {
  if (!(await teamPlanAllows(db, teamId))) throw new AppError('plan_required', { feature: 'teamAccess' });
}

/** Whether another team proved `domain` for its company sign-in. */
async function provedByAnotherTeam(db: Kysely<Database>, teamId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_sso')
    .select('team_id')
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .where('team_id', '!=', teamId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the team's own account holds `domain` as a verified custom domain: that record proves it too. */
async function provedAsCustomDomain(db: Kysely<Database>, teamId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('custom_domains')
    .innerJoin('teams', 'teams.account_id', 'custom_domains.user_id')
    .select('custom_domains.id')
    .where('teams.id', '=', teamId)
    .where('custom_domains.domain', '=', domain)
    .where('custom_domains.status', '=', 'verified')
    .where('custom_domains.removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The owner sets the team's e-mail domain. A new domain starts unproved with a new token: company sign-in
 * stops (the provider keeps its settings, and `required` is turned off) until its record is found. The same
 * domain again changes nothing. plan_required off Business; sso_domain_taken when another team proved it.
 */
export async function setSsoDomain(
  ctx: ServiceContext,
  team: TeamMembership,
  input: SsoDomainInput,
): Promise<CompanySignInView> {
  await requireTeamPlan(ctx.db, team.teamId);
  if (await provedByAnotherTeam(ctx.db, team.teamId, input.domain)) throw new AppError('sso_domain_taken');
  const current = await ctx.db
    .selectFrom('team_sso')
    .select('domain')
    .where('team_id', '=', team.teamId)
    .executeTakeFirst();
  if (current?.domain !== input.domain) {
    const provedAlready = await provedAsCustomDomain(ctx.db, team.teamId, input.domain);
    const verifiedAt = provedAlready ? new Date() : null;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const values = {
          domain: input.domain,
          token: randomBytes(18).toString('base64url'),
          verified_at: verifiedAt,
          last_checked_at: verifiedAt,
          last_check_error: null,
          required: false,
        };
        await trx
          .insertInto('team_sso')
          .values({ team_id: team.teamId, ...values })
          .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
          .execute();
        await trx
          .updateTable('sso_providers')
          .set({ domain: input.domain, domain_verified: verifiedAt !== null })
          .where('organization_id', '=', team.teamId)
          .execute();
        await recordTeamEvent(trx, {
          teamId: team.teamId,
          actor: teamActorOf(ctx),
          action: 'sso_domain_set',
          subject: input.domain,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('sso_domain_taken');
      throw error;
    }
  }
  return companySignIn(ctx, team);
}

/**
 * Checks the domain's TXT record now (nothing to check without a domain) (or a custom domain of the team's proved with that name). Found: the
 * domain is proved, and sign-in through the provider opens. Not found: the reason is kept and shown; a
 * domain proved before stays proved (its lost record is the schedule's, decision 028).
 */
export async function checkSsoDomain(ctx: ServiceContext, team: TeamMembership): Promise<CompanySignInView> {
  await requireTeamPlan(ctx.db, team.teamId);
  const row = await ctx.db
    .selectFrom('team_sso')
    .select(['domain', 'token', 'verified_at'])
    .where('team_id', '=', team.teamId)
    .executeTakeFirst();
  if (!row) return companySignIn(ctx, team);
  const failure = (await provedAsCustomDomain(ctx.db, team.teamId, row.domain))
    ? null
    : await verificationFailure(ctx.resolveTxt, row.domain, row.token);
  const now = new Date();
  if (failure) {
    await ctx.db
      .updateTable('team_sso')
      .set({ last_checked_at: now, last_check_error: failure })
      .where('team_id', '=', team.teamId)
      .where('domain', '=', row.domain)
      .execute();
    return companySignIn(ctx, team);
  }
  if (await provedByAnotherTeam(ctx.db, team.teamId, row.domain)) throw new AppError('sso_domain_taken');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('team_sso')
        .set({ verified_at: row.verified_at ?? now, last_checked_at: now, last_check_error: null })
        .where('team_id', '=', team.teamId)
        .where('domain', '=', row.domain)
        .execute();
      await trx
        .updateTable('sso_providers')
        .set({ domain_verified: true })
        .where('organization_id', '=', team.teamId)
        .where('domain', '=', row.domain)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('sso_domain_taken');
    throw error;
  }
  return companySignIn(ctx, team);
}

/** What a DiscoveryError of the sso plugin says, as the closed problem the page explains. */
const ISSUER_PROBLEM_OF: Record<string, SsoIssuerProblem> = {
  discovery_timeout: 'unreachable',
  discovery_unexpected_error: 'unreachable',
  discovery_not_found: 'unreachable',
  oidc_endpoint_redirect: 'unreachable',
  discovery_invalid_json: 'not_discovery',
  discovery_incomplete: 'not_discovery',
  issuer_mismatch: 'issuer_mismatch',
  discovery_invalid_url: 'not_allowed',
  discovery_untrusted_origin: 'not_allowed',
  discovery_private_host: 'not_allowed',
};

const FirstSecretSchema = z.object({ clientSecret: z.string().min(1, M.ssoClientSecretRequired) });

/** How long the issuer has to answer its discovery document at save. */
const DISCOVERY_TIMEOUT_MS = 8_000;

/**
 * The issuer's discovery document read now (`{issuer}/.well-known/openid-configuration`), through the sso
 * plugin's own fetch (no redirect followed, private addresses refused unless SSO_PRIVATE_ORIGINS lists
 * them), checked as the plugin checks it (the issuer it names, the endpoints sign-in needs), as the
 * endpoints to store. sso_issuer_unusable, with the problem and the library's English detail, otherwise.
 */
async function discoverIssuer(ctx: ServiceContext, issuer: string) {
  const {
    computeDiscoveryUrl,
    fetchDiscoveryDocument,
    normalizeDiscoveryUrls,
    selectTokenEndpointAuthMethod,
    validateDiscoveryDocument,
    DiscoveryError,
  } = await import('@better-auth/sso');
  const { isPublicRoutableHost } = await import('@better-auth/core/utils/host');
  const privateAllowed = (url: string) => ctx.config.ssoPrivateOrigins.includes(new URL(url).origin);
  try {
    const discoveryUrl = computeDiscoveryUrl(issuer);
    const document = await fetchDiscoveryDocument(discoveryUrl, DISCOVERY_TIMEOUT_MS, privateAllowed);
    validateDiscoveryDocument(document, issuer);
    // each endpoint's literal host checked here; the plugin checks what it resolves to before each call
    const endpoints = normalizeDiscoveryUrls(
      document,
      issuer,
      (url) => isPublicRoutableHost(new URL(url).hostname) || privateAllowed(url),
    );
    return {
      issuer,
      discoveryEndpoint: discoveryUrl,
      authorizationEndpoint: endpoints.authorization_endpoint,
      tokenEndpoint: endpoints.token_endpoint,
      jwksEndpoint: endpoints.jwks_uri,
      userInfoEndpoint: endpoints.userinfo_endpoint,
      tokenEndpointAuthentication: selectTokenEndpointAuthMethod(endpoints),
    };
  } catch (error) {
    if (!(error instanceof DiscoveryError)) throw error;
    throw new AppError('sso_issuer_unusable', {
      problem: ISSUER_PROBLEM_OF[error.code] ?? 'unreachable',
      detail: `${error.message} (${computeDiscoveryUrl(issuer)})`,
    });
  }
}

/**
 * The owner saves the team's OIDC provider: the domain must be proved first (sso_domain_unverified), the
 * issuer must answer its discovery document (sso_issuer_unusable, with why), and the first save needs the
 * client secret (a later one left empty keeps it). Nothing is written unless all of it holds.
 */
export async function saveOidcProvider(
  ctx: ServiceContext,
  team: TeamMembership,
  input: OidcProviderInput,
): Promise<CompanySignInView> {
  await requireTeamPlan(ctx.db, team.teamId);
  const domain = await ctx.db
    .selectFrom('team_sso')
    .select(['domain', 'verified_at'])
    .where('team_id', '=', team.teamId)
    .executeTakeFirst();
  if (!domain?.verified_at) throw new AppError('sso_domain_unverified');
  const existing = await ctx.db
    .selectFrom('sso_providers')
    .select(['id', 'oidc_config'])
    .where('organization_id', '=', team.teamId)
    .executeTakeFirst();
  const clientSecret = input.clientSecret || storedOidcConfig(existing?.oidc_config ?? null)?.clientSecret;
  // the first save needs a secret: refused as the form's field (a parse's error, which is an Error as a
  // constructed ZodError is not, so tRPC keeps it as the cause)
  const secretCheck = FirstSecretSchema.safeParse({ clientSecret: clientSecret ?? '' });
  if (!secretCheck.success) throw secretCheck.error;
  const endpoints = await discoverIssuer(ctx, input.issuer);
  const oidcConfig = JSON.stringify({
    ...endpoints,
    clientId: input.clientId,
    clientSecret: secretCheck.data.clientSecret,
    pkce: true,
    scopes: ['openid', 'email', 'profile'],
  } satisfies StoredOidcConfig);
  const values = {
    issuer: input.issuer,
    oidc_config: oidcConfig,
    user_id: ctx.user.id,
    domain: domain.domain,
    domain_verified: true,
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      await trx.updateTable('sso_providers').set(values).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('sso_providers')
        .values({
          id: randomUUID(),
          provider_id: ssoProviderIdOf(team.teamId),
          organization_id: team.teamId,
          ...values,
        })
        .execute();
    }
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: 'sso_provider_saved',
      subject: input.issuer,
    });
  });
  return companySignIn(ctx, team);
}

/**
 * The owner requires company sign-in for the domain's people, or stops requiring it. Requiring needs the
 * proved domain and a provider (sso_domain_unverified otherwise), so nobody is locked out by a half-set
 * sign-in; stopping always works.
 */
export async function setSsoRequired(
  ctx: ServiceContext,
  team: TeamMembership,
  input: SsoRequiredInput,
): Promise<CompanySignInView> {
  if (input.required) {
    await requireTeamPlan(ctx.db, team.teamId);
    const ready = await ctx.db
      .selectFrom('team_sso')
      .innerJoin('sso_providers', 'sso_providers.organization_id', 'team_sso.team_id')
      .select('team_sso.team_id')
      .where('team_sso.team_id', '=', team.teamId)
      .where('team_sso.verified_at', 'is not', null)
      .executeTakeFirst();
    if (!ready) throw new AppError('sso_domain_unverified');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('team_sso')
      .set({ required: input.required })
      .where('team_id', '=', team.teamId)
      .where('required', '!=', input.required)
      .returning('domain')
      .executeTakeFirst();
    if (changed) {
      await recordTeamEvent(trx, {
        teamId: team.teamId,
        actor: teamActorOf(ctx),
        action: input.required ? 'sso_required_on' : 'sso_required_off',
        subject: changed.domain,
      });
    }
  });
  return companySignIn(ctx, team);
}

/** The owner removes the team's provider: sign-in through it stops, and nothing is required any more. */
export async function removeOidcProvider(
  ctx: ServiceContext,
  team: TeamMembership,
): Promise<CompanySignInView> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('sso_providers')
      .where('organization_id', '=', team.teamId)
      .returning('issuer')
      .executeTakeFirst();
    await trx.updateTable('team_sso').set({ required: false }).where('team_id', '=', team.teamId).execute();
    if (removed) {
      await recordTeamEvent(trx, {
        teamId: team.teamId,
        actor: teamActorOf(ctx),
        action: 'sso_provider_removed',
        subject: removed.issuer,
      });
    }
  });
  return companySignIn(ctx, team);
}
