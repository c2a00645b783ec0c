import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { API_KEY_AUTH_SCHEME, API_KEY_RATE_LIMIT, type ApiKeyScope } from '../../src/api-keys.ts';
import type { Auth } from '../auth/auth.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import type { SessionUser } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { scopesOf } from './permissions.ts';

/** A key's rate limit after a request, for the RateLimit-* headers (IETF draft "RateLimit header fields"). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the count starts again. */
  resetSeconds: number;
}

/** Who calls /api/v1: the key's account (its user), the key and what the key may do. */
export interface ApiCaller {
  userId: string;
  user: SessionUser;
  keyId: string;
  scopes: ApiKeyScope[];
  rateLimit: RateLimitState;
}

/** The headers a caller sets on every answer of a key's request (429 included: AppError meta.rateLimit). */
export function rateLimitHeaders(state: RateLimitState, refused: boolean): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
    ...(refused ? { 'Retry-After': String(state.resetSeconds) } : {}),
  };
}

/** The key of `Authorization: Bearer <key>`, or null. */
function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, key, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== API_KEY_AUTH_SCHEME.toLowerCase() || !key || rest.length > 0) return null;
  return key;
}

/**
 * The caller of an /api/v1 request, from its API key (only: a session cookie never counts here), checked by
 * the API key plugin (hash, expiry, the key's rate limit, which this request counts against). Throws:
 * - unauthenticated: no key, or an unknown, revoked or expired one;
 * - rate_limited, with meta.rateLimit for the headers, when the key is over its limit;
 * - plan_required (meta.feature apiAccess, meta.plan business) when the account's plan in effect no
 *   longer includes API access (the plan ended, or was changed, after the key was made).
 */
export async function authenticateApiKey(
  deps: { auth: Auth; db: Kysely<Database> },
  request: FastifyRequest,
): Promise<ApiCaller> {
  const key = bearerKey(request);
  if (!key) throw new AppError('unauthenticated');
  const result = await deps.auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) {
    const error = result.error as { code?: string; details?: { tryAgainIn?: number } } | null;
    if (error?.code === 'RATE_LIMITED') {
      const resetSeconds = Math.max(1, Math.ceil((error.details?.tryAgainIn ?? 0) / 1000));
      throw new AppError('rate_limited', {
        rateLimit: { limit: API_KEY_RATE_LIMIT.max, remaining: 0, resetSeconds } satisfies RateLimitState,
      });
    }
    throw new AppError('unauthenticated');
  }
  const apiKey = result.key;
  // the plan and the account are read side by side: every API request waits for both
  const [, user] = await Promise.all([
    requireFeature(deps, apiKey.referenceId, 'apiAccess'),
    deps.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('id', '=', apiKey.referenceId)
      .executeTakeFirst(),
  ]);
  if (!user) throw new AppError('unauthenticated');
  const limit = apiKey.rateLimitMax ?? API_KEY_RATE_LIMIT.max;
  return {
    userId: user.id,
    user,
    keyId: apiKey.id,
    scopes: scopesOf(apiKey.permissions),
    rateLimit: {
      limit,
      remaining: Math.max(0, limit - apiKey.requestCount),
      // the count starts again once a whole window passes without a request (the plugin's rule)
      resetSeconds: Math.ceil((apiKey.rateLimitTimeWindow ?? API_KEY_RATE_LIMIT.windowSeconds * 1000) / 1000),
    },
  };
}

/** Refuses a request whose key lacks the scope (403 forbidden, meta.scope: the one it needs). */
export function requireScope(caller: ApiCaller, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) throw new AppError('forbidden', { scope });
}
