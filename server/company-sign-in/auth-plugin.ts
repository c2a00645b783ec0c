import type { BetterAuthPlugin } from 'better-auth';
import type * as BetterAuthApi from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { COMPANY_SIGN_IN_REQUIRED } from '../../src/company-sign-in.ts';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { localeFromAcceptLanguage } from '../../src/i18n.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';
import { paths } from '../../src/routes.ts';
import {
  companyForEmail,
  resolveCompanyIdentity,
  teamPlanAllows,
  welcomeCompanyPerson,
  type IdentityLookups,
} from './identities.ts';

// Company sign-in through better-auth's sso plugin (@better-auth/sso), on our tables, with our rules
// (docs/decisions/028-company-sign-in.md):
// - Only its sign-in (/sign-in/sso) and the provider's answer (/sso/callback/:providerId) are mounted:
//   providers are written by the team's Single sign-on page (server/company-sign-in/service.ts), which
//   proves the domain with our own DNS record, so the plugin's registration, listing and domain
//   verification endpoints are left out, and so are its hooks (one adds social sign-ins to an
//   organization by their address's domain, past our one-team rule).
// - The plugin's domain verification is on, so it refuses a provider whose domain_verified is false; the
//   service sets that column from the team's proof.
// - Who signs in is decided by resolveCompanyIdentity: the provider and subject, the address only on an
//   identity's first sign-in within the proved domain. The plugin's organization provisioning is off: a
//   first sign-in joins the team through welcomeCompanyPerson, under the team's limit.

interface CompanySignInDeps {
  db: Kysely<Database>;
  logger: FastifyBaseLogger;
  /** Tells the team's open pages that someone joined. */
  changes: ChangeBus;
}

/** Whether an auth path (after /api/auth) is company sign-in's: its start, or a provider's answer. */
export function isCompanySignInPath(path: string): boolean {
  return path === '/sign-in/sso' || path.startsWith('/sso/callback/');
}

type AuthApi = typeof BetterAuthApi;

/** The sso plugin's transaction adapter, as much of it as the lookups use. */
interface TransactionAdapter {
  findOne<T>(data: { model: string; where: { field: string; value: string }[] }): Promise<T | null>;
}

/** resolveCompanyIdentity's reads, through the plugin's transaction (better-auth's model and field names). */
function lookupsThrough(database: TransactionAdapter): IdentityLookups {
  return {
    linkedUser: async (providerId, subject) =>
      (
        await database.findOne<{ userId: string }>({
          model: 'account',
          where: [
            { field: 'providerId', value: providerId },
            { field: 'accountId', value: subject },
          ],
        })
      )?.userId ?? null,
    provider: async (providerId) => {
      const row = await database.findOne<{ organizationId: string; domain: string; domainVerified: boolean }>(
        {
          model: 'ssoProvider',
          where: [{ field: 'providerId', value: providerId }],
        },
      );
      return row
        ? { teamId: row.organizationId, domain: row.domain, domainVerified: row.domainVerified }
        : null;
    },
    userByEmail: async (email) => {
      const user = await database.findOne<{ id: string; emailVerified: boolean }>({
        model: 'user',
        where: [{ field: 'email', value: email }],
      });
      if (!user) return null;
      const member = await database.findOne<{ organizationId: string }>({
        model: 'member',
        where: [{ field: 'userId', value: user.id }],
      });
      return { id: user.id, emailVerified: user.emailVerified, teamId: member?.organizationId ?? null };
    },
    hasIdentity: async (providerId, userId) =>
      (await database.findOne({
        model: 'account',
        where: [
          { field: 'providerId', value: providerId },
          { field: 'userId', value: userId },
        ],
      })) !== null,
  };
}

/** Where a first sign-in was decided to join the team, until the plugin's provisioning call reads it. */
type PendingWelcomes = Map<string, { teamId: string; email: string; expires: number }>;
const WELCOME_WAIT_MS = 60_000;

export async function companySignInPlugin({
  db,
  logger,
  changes,
}: CompanySignInDeps): Promise<BetterAuthPlugin> {
  const [{ sso }, api] = await Promise.all([import('@better-auth/sso'), import('better-auth/api')]);
  const { APIError, createAuthMiddleware } = api;
  /** The refusal of any other way in for the people of a domain whose team requires its provider. */
  const companySignInRequired = () =>
    new APIError('FORBIDDEN', {
      code: COMPANY_SIGN_IN_REQUIRED,
      message:
        "Your company requires signing in through its own provider: choose 'Sign in with your company'.",
    });
  const requiredFor = async (email: unknown) =>
    typeof email === 'string' && (await companyForEmail(db, email))?.required === true;
  const welcomes: PendingWelcomes = new Map();
  const welcomeKey = (providerId: string, subject: string) => `${providerId}\n${subject}`;

  const plugin = sso({
    domainVerification: { enabled: true },
    organizationProvisioning: { disabled: true },
    providersLimit: 0,
    resolveUser: async (input, { database }) => {
      const decision = await resolveCompanyIdentity(lookupsThrough(database), {
        providerId: input.providerId,
        subject: input.accountKey.accountId,
        email: input.providerUser.email,
      });
      if (decision.kind === 'refused') return { action: 'reject', code: decision.error };
      const now = Date.now();
      for (const [key, welcome] of welcomes) if (welcome.expires < now) welcomes.delete(key);
      if (decision.kind === 'new' || decision.joins) {
        welcomes.set(welcomeKey(input.providerId, input.accountKey.accountId), {
          teamId: decision.teamId,
          email: input.providerUser.email.trim().toLowerCase(),
          expires: now + WELCOME_WAIT_MS,
        });
      }
      return decision.kind === 'new'
        ? { action: 'continue' }
        : { action: 'link', userId: decision.userId, profile: 'preserve' };
    },
    provisionUserOnEveryLogin: true,
    // the account is made or linked: it is welcomed once the provider's answer is done (the hook below),
    // when the new account's profile row has been written
    provisionUser: ({ user, userInfo, provider }) => {
      const subject: unknown = userInfo.id;
      if (typeof subject !== 'string') return;
      const key = welcomeKey(provider.providerId, subject);
      const welcome = welcomes.get(key);
      welcomes.delete(key);
      if (welcome) welcomes.set(welcomeKey('user', user.id), welcome);
    },
    schema: {
      ssoProvider: {
        modelName: 'sso_providers',
        fields: {
          oidcConfig: 'oidc_config',
          samlConfig: 'saml_config',
          userId: 'user_id',
          providerId: 'provider_id',
          organizationId: 'organization_id',
          domainVerified: 'domain_verified',
        },
      },
    },
  });
  const { signInSSO, callbackSSO } = plugin.endpoints;
  return {
    id: plugin.id,
    init: async (ctx) => ({
      // the plugin's own: the SAML answer's paths skip the origin check
      ...(await (plugin as BetterAuthPlugin).init?.(ctx)),
      options: {
        databaseHooks: {
          session: {
            create: {
              // every way in but the provider's answer (a password, Google or Apple, a passkey, a confirmation
              // link's sign-in) is refused to the people of a domain whose team requires its provider. A
              // signed-in person's new session (a password change signing the others out) is no way in: it
              // is made inside better-auth's transaction, which a query of its own here would wait on for
              // ever on the embedded database's one connection
              before: async (session, context) => {
                if (context?.path.startsWith('/sso/') || context?.context.session) return;
                const user = await db
                  .selectFrom('users')
                  .select('email')
                  .where('id', '=', session.userId)
                  .executeTakeFirst();
                if (await requiredFor(user?.email)) throw companySignInRequired();
              },
            },
          },
        },
      },
    }),
    schema: plugin.schema,
    endpoints: { signInSSO, callbackSSO },
    hooks: {
      after: [
        {
          // a first sign-in through the provider: the person is welcomed (server/company-sign-in/identities.ts)
          matcher: (context) => context.path === '/sso/callback/:providerId',
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user;
            if (!user) return;
            const key = welcomeKey('user', user.id);
            const welcome = welcomes.get(key);
            welcomes.delete(key);
            if (!welcome) return;
            const { joined } = await welcomeCompanyPerson(db, {
              userId: user.id,
              teamId: welcome.teamId,
              email: welcome.email,
              language: localeFromAcceptLanguage(ctx.request?.headers.get('accept-language')),
            });
            if (joined) announceTeamChange(changes, await teamMemberIds(db, welcome.teamId));
            else {
              logger.info(
                { teamId: welcome.teamId },
                'company sign-in: the person did not join the full team',
              );
            }
          }),
        },
      ],
      before: refusalHooks(db, api, companySignInRequired, requiredFor),
    },
    options: plugin.options,
  } satisfies BetterAuthPlugin;
}

/**
 * What company sign-in refuses before an endpoint runs: a password sign-in or sign-up of a domain whose
 * team requires its provider, a provider's answer for a team whose plan no longer includes teams, and a
 * start that names its provider any other way than by the address's domain.
 */
function refusalHooks(
  db: Kysely<Database>,
  { APIError, createAuthMiddleware }: AuthApi,
  companySignInRequired: () => Error,
  requiredFor: (email: unknown) => Promise<boolean>,
): NonNullable<NonNullable<BetterAuthPlugin['hooks']>['before']> {
  return [
    {
      // refused before the password is even checked, so the person reads why at once
      matcher: (context) => context.path === '/sign-in/email' || context.path === '/sign-up/email',
      handler: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (await requiredFor(body.email)) throw companySignInRequired();
      }),
    },
    {
      // the provider's answer counts only while the team's plan includes teams (read here: the plugin's
      // transaction, where the identity is decided, holds the embedded database's one connection)
      matcher: (context) => context.path === '/sso/callback/:providerId',
      handler: createAuthMiddleware(async (ctx) => {
        const providerId = (ctx.params as Record<string, unknown> | undefined)?.providerId;
        const row =
          typeof providerId === 'string'
            ? await db
                .selectFrom('sso_providers')
                .select('organization_id')
                .where('provider_id', '=', providerId)
                .executeTakeFirst()
            : undefined;
        if (!row || !(await teamPlanAllows(db, row.organization_id))) {
          throw ctx.redirect(`${paths.auth}?error=sso_failed`);
        }
      }),
    },
    {
      // the address's domain picks the provider: no other way of naming one is taken from a browser
      matcher: (context) => context.path === '/sign-in/sso',
      handler: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (
          body.providerId !== undefined ||
          body.organizationSlug !== undefined ||
          body.domain !== undefined
        ) {
          throw new APIError('BAD_REQUEST', {
            code: AUTH_ERROR_CODES.validationFailed,
            message: 'validation.invalid',
          });
        }
        if (typeof body.email !== 'string' || !(await companyForEmail(db, body.email))) {
          throw new APIError('NOT_FOUND', {
            code: 'SSO_NOT_AVAILABLE',
            message: 'No team signs in through a company provider for this e-mail domain.',
          });
        }
      }),
    },
  ];
}
