import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../config.ts';
import { createProfileForUser } from '../profile/service.ts';

/** Sign-up password minimum (spec section 5); the full policy is checked by the shared schema. */
const MIN_PASSWORD_LENGTH = 12;

/**
 * better-auth is the heaviest module of the server (about 0.6 s to load). It is imported here on demand,
 * and app.ts starts that import while the database opens, so the two overlap at start-up.
 */
export function loadAuthModule() {
  return import('better-auth');
}

export async function createAuth({
  db,
  config,
  secret,
  logger,
}: {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  logger: FastifyBaseLogger;
}) {
  const { betterAuth } = await loadAuthModule();
  return betterAuth({
    appName: 'Tapcard',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // into the app's log (with its level and format) instead of better-auth's own console output
    logger: {
      log: (level, message, ...args) => logger[level]({ details: args }, message),
    },
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH },
    advanced: { useSecureCookies: config.publicUrl.startsWith('https:') },
    // Our tables and columns are snake_case (STYLE.md naming); better-auth's own names are mapped here.
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
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
          // Every new user gets a profile row (spec section 3: profiles keyed by the user id).
          after: async (user) => {
            await createProfileForUser(db, { id: user.id, name: user.name, email: user.email });
          },
        },
      },
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
