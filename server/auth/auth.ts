import type { BetterAuthOptions } from 'better-auth';
import type { TwoFactorOptions } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { EMAIL_LINK_VALIDITY_HOURS, HOUR_IN_SECONDS } from '../../src/email-links.ts';
import { localeFromAcceptLanguage } from '../../src/i18n.ts';
import { paths } from '../../src/routes.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/schemas/auth.ts';
import type { Config } from '../config.ts';
import type { ChangeBus } from '../lib/changes.ts';
import {
  accountExists,
  changeEmail,
  confirmNewEmail,
  resetPassword,
  verifyEmail,
} from '../mail/templates.ts';
import type { Mailer } from '../mail/types.ts';
import { apiKeyPlugin, isRefusedApiKeyLog } from '../api-keys/auth-plugin.ts';
import { passkeyPlugins } from '../passkeys/auth-plugin.ts';
import { createProfileForUser, syncProfileEmail } from '../profile/service.ts';
import { getProfileLanguage } from '../access/profile-language.ts';
import { teamPlugin } from '../teams/auth-plugin.ts';
import { companySignInPlugin, isCompanySignInPath } from '../company-sign-in/auth-plugin.ts';
import { outboxWithoutQueue, type WebhookOutbox } from '../webhooks/delivery.ts';
import { CLIENT_IP_HEADER } from '../lib/request-headers.ts';
import { passwordHasherFor } from './password-hashing.ts';
import { createAfterHook, createBeforeHook } from './hooks.ts';

/**
 * Per client address (the socket's, or the trusted proxy's X-Forwarded-For: see CLIENT_IP_HEADER),
 * stored in the database so the limits hold across processes. Other auth paths keep better-auth's default.
 */
const RATE_LIMIT_RULES = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  // company sign-in: each start looks up the address's domain
  '/sign-in/sso': { window: 60, max: 10 },
  '/request-password-reset': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 5 },
  '/two-factor/verify-totp': { window: 60, max: 10 },
  '/two-factor/verify-backup-code': { window: 60, max: 10 },
  '/change-email': { window: 60, max: 5 },
  // the team endpoints of the organization plugin: an invitation sends an e-mail (and each address has a
  // daily limit of its own: INVITATION_MAILS_PER_ADDRESS_PER_DAY); the first rule that matches applies
  '/organization/invite-member': { window: 60, max: 20 },
  '/organization/*': { window: 60, max: 60 },
};

const AUTH_BASE_PATH = '/api/auth';

/** How long a confirmation link (sign-up, or a change of address) stays valid, in seconds. */
const VERIFY_EMAIL_EXPIRES_IN = EMAIL_LINK_VALIDITY_HOURS.verifyEmail * HOUR_IN_SECONDS;
const CHANGE_EMAIL_EXPIRES_IN = EMAIL_LINK_VALIDITY_HOURS.changeEmail * HOUR_IN_SECONDS;

/**
 * better-auth is the heaviest module of the server (about 0.6 s to load). It is imported here on demand,
 * and app.ts starts that import while the database opens, so the two overlap at start-up.
 */
export function loadAuthModule() {
  return Promise.all([
    import('better-auth'),
    import('better-auth/api'),
    import('better-auth/plugins'),
    import('better-auth/crypto'),
  ]);
}

type AuthModules = Awaited<ReturnType<typeof loadAuthModule>>;

/** What the account e-mails (confirmations, password resets, changes of address) are made and sent with. */
interface AuthMailDeps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  logger: FastifyBaseLogger;
  mailer: Mailer;
}

export async function createAuth({
  db,
  config,
  secret,
  logger,
  mailer,
  changes,
  webhooks = outboxWithoutQueue(),
}: {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  changes: ChangeBus;
  /** The server's webhook outbox (team.member_joined); scripts and tests without a queue go without. */
  webhooks?: WebhookOutbox;
}) {
  const modules = await loadAuthModule();
  const [{ betterAuth }, { createAuthMiddleware }, { twoFactor }] = modules;
  const mailDeps = { db, config, secret, logger, mailer };
  const sendEmailChangeApproval = emailChangeApprovalSender(mailDeps);
  const hookDeps = { db, modules, emailChangeExpiresIn: CHANGE_EMAIL_EXPIRES_IN, sendEmailChangeApproval };

  return betterAuth({
    appName: 'Tapcard',
    // Every link in an e-mail is built from PUBLIC_URL, never from the request's Host or X-Forwarded-Host.
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // better-auth's writes of one request in one transaction (a sign-up's person and their password, an
    // OAuth sign-up's person and account): a database lost half-way leaves no one who cannot sign in; its
    // after-hooks (the profile row) run once that commits
    database: { db, type: 'postgres', transaction: true },
    // baseURL's origin is the only origin that may post, and the only place a redirect may lead
    // (callbackURL, redirectTo, errorCallbackURL, newUserCallbackURL: better-auth's own check, for every
    // spelling of a URL). Apple posts its sign-in answer from its own origin (form_post), so that origin
    // is trusted for that one request, never as a place to send people to.
    // A company's OIDC provider on a private network (SSO_PRIVATE_ORIGINS) is trusted for company sign-in's
    // two requests only, where the plugin calls it (better-auth refuses private addresses otherwise).
    trustedOrigins: (request) => {
      const path = request ? new URL(request.url).pathname : '';
      if (config.oauth.apple && path === `${AUTH_BASE_PATH}/callback/apple`)
        return ['https://appleid.apple.com'];
      if (isCompanySignInPath(path.slice(AUTH_BASE_PATH.length))) return config.ssoPrivateOrigins;
      return [];
    },
    telemetry: { enabled: false },
    // into the app's log (with its level and format) instead of better-auth's own console output; a refused
    // API key is the client's fault, logged at info by the API (server/api-keys/verify.ts)
    logger: {
      log: (level, message, ...args) => {
        if (!isRefusedApiKeyLog(message, args)) logger[level]({ details: args }, message);
      },
    },
    // an error of better-auth's own work that is not its answer (a database gone in the middle of a
    // sign-in) goes on to the auth routes' error handler (server/auth/routes.ts), which tells a lost
    // database as 503 DATABASE_UNAVAILABLE and anything else as the app's 500 (logged, with a body),
    // instead of better-auth's bare 500
    onAPIError: { throw: true },
    advanced: {
      // better-auth skips its origin checks when NODE_ENV is 'test': they run everywhere here
      disableOriginCheck: false,
      useSecureCookies: config.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      fields: { lastRequest: 'last_request' },
      customRules: RATE_LIMIT_RULES,
    },
    emailAndPassword: emailAndPasswordOptions(mailDeps, modules),
    emailVerification: emailVerificationOptions(mailDeps),
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.apple ? { apple: config.oauth.apple } : {}),
    },
    plugins: [
      twoFactor(TWO_FACTOR_OPTIONS),
      ...(await passkeyPlugins({ db, config })),
      await teamPlugin({ db, config, mailer, logger, changes, webhooks }),
      await apiKeyPlugin(),
      await companySignInPlugin({ db, logger, changes }),
    ],
    hooks: {
      before: createAuthMiddleware(createBeforeHook(hookDeps)),
      after: createAuthMiddleware(createAfterHook(hookDeps)),
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      changeEmail: { enabled: true, sendChangeEmailConfirmation: sendEmailChangeApproval },
    },
    ...SNAKE_CASE_MODELS,
    databaseHooks: profileDatabaseHooks(db),
  });
}

/** The two-factor plugin (authenticator codes and backup codes), on our tables. */
const TWO_FACTOR_OPTIONS = {
  issuer: 'Tapcard',
  schema: {
    user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
    twoFactor: {
      modelName: 'two_factors',
      fields: {
        userId: 'user_id',
        backupCodes: 'backup_codes',
        failedVerificationCount: 'failed_verification_count',
        lockedUntil: 'locked_until',
      },
    },
  },
} satisfies TwoFactorOptions;

/**
 * better-auth's sessions, accounts and verifications on our tables. Our tables and columns are snake_case
 * (STYLE.md naming); better-auth's own names are mapped here.
 */
const SNAKE_CASE_MODELS = {
  session: {
    modelName: 'sessions',
    fields: {
      userId: 'user_id',
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      userId: 'user_id',
      accountId: 'account_id',
      providerId: 'provider_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
} satisfies Pick<BetterAuthOptions, 'session' | 'account' | 'verification'>;

/** Signing in with an address and a password: its rules, and the e-mails of a reset and a second sign-up. */
function emailAndPasswordOptions(deps: AuthMailDeps, modules: AuthModules) {
  const { db, config, mailer } = deps;
  const [, { createEmailVerificationToken }, , crypto] = modules;
  return {
    enabled: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    requireEmailVerification: true,
    password: passwordHasherFor(config.passwordHashing, {
      hash: crypto.hashPassword,
      verify: crypto.verifyPassword,
    }),
    resetPasswordTokenExpiresIn: EMAIL_LINK_VALIDITY_HOURS.resetPassword * HOUR_IN_SECONDS,
    revokeSessionsOnPasswordReset: true,
    // not awaited: the answer, and its time, must be the same whether or not the address has an account
    sendResetPassword: async ({ user, url }) => {
      const mail = resetPassword(await getProfileLanguage(db, user.id), { name: user.name, url });
      queueInBackground(deps, { to: user.email, ...mail }, { kind: 'reset_password', userId: user.id });
    },
    // Sign-up with a registered address answers as for a new one (better-auth does, as confirmation is
    // required), so the answer never tells whether an account exists; the owner of the address is told
    // by e-mail instead: a new confirmation link if it is not confirmed yet, otherwise that the account
    // exists, with the way to sign in.
    onExistingUserSignUp: async ({ user }) => {
      const locale = await getProfileLanguage(db, user.id);
      const mail = user.emailVerified
        ? accountExists(locale, { name: user.name, signInUrl: `${config.publicUrl}${paths.login}` })
        : verifyEmail(locale, {
            name: user.name,
            url: await confirmationUrl(deps, createEmailVerificationToken, user),
          });
      await mailer.send(
        { to: user.email, ...mail },
        { kind: user.emailVerified ? 'account_exists' : 'verify_email', userId: user.id },
      );
    },
  } satisfies BetterAuthOptions['emailAndPassword'];
}

/** Confirming an address: the link of a sign-up, and the second step of a change of address. */
function emailVerificationOptions(deps: AuthMailDeps) {
  const { db, mailer } = deps;
  return {
    sendOnSignUp: true,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    expiresIn: VERIFY_EMAIL_EXPIRES_IN,
    sendVerificationEmail: async ({ user, url, token }, request) => {
      const locale = await getProfileLanguage(db, user.id);
      // the second step of a change of address goes to the new address, with a text of its own
      const emailChange = isEmailChangeToken(token);
      const mail = emailChange
        ? confirmNewEmail(locale, { name: user.name, url })
        : verifyEmail(locale, { name: user.name, url });
      const message = { to: user.email, ...mail };
      const about = { kind: emailChange ? 'confirm_new_email' : 'verify_email', userId: user.id } as const;
      if (request && new URL(request.url).pathname.endsWith('/send-verification-email')) {
        // 'resend': better-auth answers it in the same time whether or not an account needs the link
        queueInBackground(deps, message, about);
        return;
      }
      await mailer.send(message, about);
    },
  } satisfies BetterAuthOptions['emailVerification'];
}

/** The first step of a change of address: the approval mailed to the current address. */
function emailChangeApprovalSender({ db, mailer }: AuthMailDeps) {
  return async ({
    user,
    newEmail,
    url,
  }: {
    user: { id: string; name: string; email: string };
    newEmail: string;
    url: string;
  }) => {
    const mail = changeEmail(await getProfileLanguage(db, user.id), { name: user.name, newEmail, url });
    await mailer.send({ to: user.email, ...mail }, { kind: 'change_email', userId: user.id });
  };
}

/**
 * Queues without making the request wait, for answers that must be the same (in time too) whether or
 * not an account was found: a reset request and a resend queue a message only for an account.
 */
function queueInBackground({ mailer, logger }: AuthMailDeps, ...args: Parameters<Mailer['send']>) {
  mailer.send(...args).catch((error: unknown) => logger.error({ err: error }, 'e-mail could not be queued'));
}

/** A new sign-up confirmation link, built as better-auth builds its own (it leads to /onboarding). */
async function confirmationUrl(
  { config, secret }: AuthMailDeps,
  createEmailVerificationToken: AuthModules[1]['createEmailVerificationToken'],
  user: { id: string; email: string },
) {
  const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFY_EMAIL_EXPIRES_IN, {
    userId: user.id,
  });
  const callbackURL = encodeURIComponent(paths.onboarding);
  return `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${callbackURL}`;
}

/** What a user's row brings to their profile: its creation, and a change of address. */
function profileDatabaseHooks(db: Kysely<Database>) {
  return {
    user: {
      create: {
        // Every new user gets a profile row (spec section 3), in the language the sign-up was made in
        // (the client sends its interface language as Accept-Language).
        after: async (user, ctx) => {
          const language = localeFromAcceptLanguage(ctx?.request?.headers.get('accept-language'));
          await createProfileForUser(db, { id: user.id, name: user.name, email: user.email, language });
        },
      },
      update: {
        // a confirmed change of address (better-auth /change-email) reaches the profile too
        after: async (user) => {
          await syncProfileEmail(db, user.id, user.email);
        },
      },
    },
  } satisfies BetterAuthOptions['databaseHooks'];
}

/** A link of the second step of a change of address (better-auth's token names the new address). */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && 'updateTo' in payload && !!payload.updateTo;
  } catch {
    return false;
  }
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
