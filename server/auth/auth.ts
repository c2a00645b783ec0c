import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import type { Database } from '../../db/schema.ts';
import { EMAIL_LINK_VALIDITY_HOURS, HOUR_IN_SECONDS } from '../../src/email-links.ts';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { localeFromAcceptLanguage } from '../../src/i18n.ts';
import {
  NameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordSchema,
} from '../../src/schemas/auth.ts';
import type { Config } from '../config.ts';
import { changeEmail, resetPassword, verifyEmail } from '../mail/templates.ts';
import type { Mailer } from '../mail/types.ts';
import { passkeyPlugins } from '../passkeys/auth-plugin.ts';
import { createProfileForUser, getProfileLanguage, syncProfileEmail } from '../profile/service.ts';
import { CLIENT_IP_HEADER } from './headers.ts';
import { sendWatched } from './mail-failures.ts';
import { claimTotpCode } from './totp-replay.ts';

/**
 * Per client address (the socket's, or the trusted proxy's X-Forwarded-For: see CLIENT_IP_HEADER),
 * stored in the database so the limits hold across processes. Other auth paths keep better-auth's default.
 */
const RATE_LIMIT_RULES = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  '/request-password-reset': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 5 },
  '/two-factor/verify-totp': { window: 60, max: 10 },
  '/two-factor/verify-backup-code': { window: 60, max: 10 },
};

/** The shared rules (src/schemas/auth.ts) checked on the server for every path that takes a password. */
const BODY_RULES: Record<string, Record<string, ZodType>> = {
  '/sign-up/email': { name: NameSchema, password: PasswordSchema },
  '/reset-password': { newPassword: PasswordSchema },
  '/change-password': { newPassword: PasswordSchema },
};

/**
 * better-auth is the heaviest module of the server (about 0.6 s to load). It is imported here on demand,
 * and app.ts starts that import while the database opens, so the two overlap at start-up.
 */
export function loadAuthModule() {
  return Promise.all([import('better-auth'), import('better-auth/api'), import('better-auth/plugins')]);
}

export async function createAuth({
  db,
  config,
  secret,
  logger,
  mailer,
}: {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  logger: FastifyBaseLogger;
  mailer: Mailer;
}) {
  const [{ betterAuth }, { APIError, createAuthMiddleware, getSessionFromCtx }, { twoFactor }] =
    await loadAuthModule();
  const localeOf = (userId: string) => getProfileLanguage(db, userId);

  return betterAuth({
    appName: 'Tapcard',
    // Every link in an e-mail is built from PUBLIC_URL, never from the request's Host or X-Forwarded-Host.
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    trustedOrigins: [config.publicUrl, ...(config.oauth.apple ? ['https://appleid.apple.com'] : [])],
    telemetry: { enabled: false },
    // into the app's log (with its level and format) instead of better-auth's own console output
    logger: {
      log: (level, message, ...args) => logger[level]({ details: args }, message),
    },
    advanced: {
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
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: EMAIL_LINK_VALIDITY_HOURS.resetPassword * HOUR_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          ...resetPassword(await localeOf(user.id), { name: user.name, url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_VALIDITY_HOURS.verifyEmail * HOUR_IN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        const mail = verifyEmail(await localeOf(user.id), { name: user.name, url });
        await sendWatched(mailer, { to: user.email, ...mail });
      },
    },
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.apple ? { apple: config.oauth.apple } : {}),
    },
    plugins: [
      twoFactor({
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
      }),
      ...(await passkeyPlugins({ db, config })),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/verify-email') {
          // better-auth sends a second click on a confirmation link to the page without a word; the
          // person is told the link was already used instead (spec section 8, 'Link already used')
          const query = (ctx.query ?? {}) as Record<string, unknown>;
          const email = emailOfToken(query.token);
          if (email && (await emailConfirmed(db, email))) {
            throw ctx.redirect(withError(query.callbackURL, AUTH_ERROR_CODES.linkAlreadyUsed));
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp') {
          // better-auth accepts a valid code any number of times within its window: once only here.
          // Whose code: the signed-in user (enrolment), or the person half-way through signing in, named
          // by better-auth's signed two_factor cookie.
          const session = await getSessionFromCtx(ctx).catch(() => null);
          const pendingId = session
            ? null
            : await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
          const pending = pendingId
            ? await ctx.context.internalAdapter.findVerificationValue(pendingId)
            : null;
          const userId = session?.user.id ?? pending?.value;
          if (userId && !(await claimTotpCode(db, userId, String(body.code ?? '')))) {
            throw new APIError('UNAUTHORIZED', {
              code: AUTH_ERROR_CODES.totpCodeAlreadyUsed,
              message: 'This code was already used. Wait for the next one.',
            });
          }
          return;
        }
        const rules = BODY_RULES[ctx.path];
        if (!rules) return;
        // Spec section 8 answers a sign-up for a registered address with 'Account exists'. better-auth
        // would answer as if it worked (it hides existing accounts when confirmation is required).
        if (
          ctx.path === '/sign-up/email' &&
          typeof body.email === 'string' &&
          (await emailTaken(db, body.email))
        ) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: AUTH_ERROR_CODES.userAlreadyExists,
            message: 'User already exists. Use another email.',
          });
        }
        for (const [field, schema] of Object.entries(rules)) {
          const result = schema.safeParse(body[field]);
          if (!result.success) {
            // the message is a validation id of src/messages.ts; the client translates it
            throw new APIError('BAD_REQUEST', {
              code: AUTH_ERROR_CODES.validationFailed,
              message: result.error.issues[0]?.message ?? 'validation.invalid',
            });
          }
        }
      }),
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mailer.send({
            to: user.email,
            ...changeEmail(await localeOf(user.id), { name: user.name, newEmail, url }),
          });
        },
      },
    },
    // Our tables and columns are snake_case (STYLE.md naming); better-auth's own names are mapped here.
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
    databaseHooks: {
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
    },
  });
}

/** The address a confirmation token names (read only to choose a message: nothing is granted on it). */
function emailOfToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
    };
    // a change of address (updateTo) is a different flow: better-auth answers it itself
    return typeof payload.email === 'string' && payload.updateTo === undefined ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

async function emailConfirmed(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_verified')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.email_verified === true;
}

/** A same-site callback path with an error code added; anything else falls back to /onboarding. */
function withError(callbackURL: unknown, error: string): string {
  const path = typeof callbackURL === 'string' && /^\/(?!\/)/.test(callbackURL) ? callbackURL : '/onboarding';
  return `${path}${path.includes('?') ? '&' : '?'}error=${error}`;
}

async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
