import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  API_KEY_AUTH_SCHEME,
  API_KEY_RATE_LIMIT,
  type ApiKeyOwner,
  type ApiKeyScope,
} from '../../src/api-keys.ts';
import type { Auth } from '../auth/auth.ts';
import { requireFeature } from '../access/plan-gate.ts';
import type { SessionUser } from '../lib/app-deps.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { AppError } from '../lib/errors.ts';
import { apiKeyOwnerOf, KEY_START_LENGTH } from './auth-plugin.ts';
import { scopesOf } from './permissions.ts';

/** A key's rate limit after a request, for the RateLimit-* headers (IETF draft "RateLimit header fields"). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the count starts again. */
  resetSeconds: number;
}

/**
 * Who calls /api/v1: the key's account and whose it is (`kind`: a person's, or a team's, whose cards it acts
 * on as the team's own account does), that account's user row (a service's `ctx.user`), the key and what
 * the key may do.
 */
export interface ApiCaller {
  account: { kind: ApiKeyOwner; id: string };
  user: SessionUser;
  keyId: string;
  /** The key's name as its owner gave it (its start when it has none): how the team's log names it. */
  keyName: string;
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

const WINDOW_MS = API_KEY_RATE_LIMIT.windowSeconds * 1000;

/**
 * The caller of an /api/v1 request, from its API key (only: a session cookie never counts here), checked by
 * the API key plugin (hash, expiry; its own rate limit is off) and counted against the key's rate limit, a
 * fixed window of the clock (`now`) counted on the key's row; the first request of a window announces the
 * key's new last use ('apiKeys'). Throws:
 * - unauthenticated: no key, or an unknown, revoked or expired one;
 * - rate_limited, with meta.rateLimit for the headers, when the key is over its limit in this window;
 * - plan_required (meta.feature apiAccess, meta.plan business) when the account's plan in effect no
 *   longer includes API access (the plan ended, or was changed, after the key was made).
 */
export async function authenticateApiKey(
  deps: { auth: Auth; db: Kysely<Database>; changes: ChangeBus },
  request: FastifyRequest,
  now: Date = new Date(),
): Promise<ApiCaller> {
  const key = bearerKey(request);
  if (!key) throw new AppError('unauthenticated');
  const result = await deps.auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) {
    // the client's mistake, not the server's: at info, with the key's start only (never the key, nor most
    // of a short one)
    const { code } = (result.error ?? {}) as { code?: string };
    const start = key.length >= 2 * KEY_START_LENGTH ? key.slice(0, KEY_START_LENGTH) : null;
    request.log.info({ apiKey: { start, code } }, 'API key refused');
    throw new AppError('unauthenticated');
  }
  const apiKey = result.key;
  // the plan, and the account read by the request's count: every API request waits for both side by side
  const [, counted] = await Promise.all([
    requireFeature(deps, apiKey.referenceId, 'apiAccess'),
    countRequest(deps.db, apiKey.id, now),
  ]);
  if (!counted) throw new AppError('unauthenticated');
  const { limit, requests, windowEnd } = counted;
  // the key's last use changed (the plugin's verification set it): an open API keys page shows it. Once per
  // window is enough for a time shown to the minute, and keeps a busy key from a notice per request.
  if (requests === 1) deps.changes.publish({ userId: counted.user.id, topic: 'apiKeys' });
  const rateLimit: RateLimitState = {
    limit,
    remaining: Math.max(0, limit - requests),
    // at least 1: a reset of 0 would invite a retry within the same window
    resetSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  };
  if (requests > limit) throw new AppError('rate_limited', { rateLimit });
  return {
    account: { kind: apiKeyOwnerOf(apiKey.configId), id: counted.user.id },
    user: counted.user,
    keyId: apiKey.id,
    keyName: apiKey.name ?? apiKey.start ?? apiKey.id,
    scopes: scopesOf(apiKey.permissions),
    rateLimit,
  };
}

/**
 * Counts a request in the key's window with one atomic UPDATE ... RETURNING on its row (so two processes
 * count together), which also reads the key's account; undefined when the key or its account is gone. A
 * refused request counts too, so a client that keeps trying stays refused until the window ends.
 */
async function countRequest(db: Kysely<Database>, keyId: string, now: Date) {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const row = await db
    .updateTable('api_keys')
    .from('users')
    .set({
      // a window another process's clock has already moved on to keeps counting; an older one starts at 1
      rate_window_requests: sql<number>`case when api_keys.rate_window_start >= ${windowStart}
        then api_keys.rate_window_requests + 1 else 1 end`,
      rate_window_start: sql<Date>`greatest(api_keys.rate_window_start, ${windowStart})`,
    })
    .whereRef('users.id', '=', 'api_keys.reference_id')
    .where('api_keys.id', '=', keyId)
    .returning([
      'users.id',
      'users.email',
      'users.name',
      'api_keys.rate_window_start',
      'api_keys.rate_window_requests',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    user: { id: row.id, email: row.email, name: row.name } satisfies SessionUser,
    limit: API_KEY_RATE_LIMIT.max,
    requests: row.rate_window_requests,
    windowEnd: new Date((row.rate_window_start ?? windowStart).getTime() + WINDOW_MS),
  };
}

/** Refuses a request whose key lacks the scope (403 forbidden, meta.scope: the one it needs). */
export function requireScope(caller: ApiCaller, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) throw new AppError('forbidden', { scope });
}

/**
 * Refuses a team's key (403 forbidden, meta.owner: the kind it needs) on what only a person's account has,
 * such as its personal details: the team's account stands for the team's cards, its name is the team's.
 */
export function requirePersonalKey(caller: ApiCaller): void {
  if (caller.account.kind !== 'user') throw new AppError('forbidden', { owner: 'user' });
}
