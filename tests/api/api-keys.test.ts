import { PROBLEM_CONTENT_TYPE, problemType } from '../../server/lib/problem.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT,
  API_KEYS_PER_ACCOUNT_MAX,
  type CreateApiKeyValues,
} from '../../src/api-keys.ts';
import type { ApiKeyItem, CreatedApiKey } from '../../server/api-keys/service.ts';
import { createLocalChangeBus, type ChangeTopic } from '../../server/lib/changes.ts';
import { cardAccount } from '../../server/access/team-access.ts';
import { createSignedInOwner, endPaidPlan } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { captureLogs, WARN } from '../support/logs.ts';
import { reopen, sharedDatabase } from '../support/shared-database.ts';
import { addTeam, addTeamCard, addTeamOfFour, teamAccountOf } from '../support/teams.ts';

// API keys (a Business feature): made, listed and revoked from the dashboard's procedures; a key opens
// /api/v1 only, within its scopes, its expiry, its rate limit and its account's plan.

let t: TestApp;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** The app's change notices, heard here as the live streams of the dashboard hear them. */
const changes = createLocalChangeBus();

beforeAll(async () => {
  t = await buildTestApp({}, { changes });
});

/** The topics announced to `userId` from now on (in this process a notice is delivered at once). */
function topicsHeardBy(userId: string): { topics: ChangeTopic[]; stop: () => void } {
  const topics: ChangeTopic[] = [];
  const stop = changes.subscribe((change) => {
    if (change.userId === userId) topics.push(change.topic);
  });
  return { topics, stop };
}

afterAll(async () => {
  await t?.close();
});

const readWrite: CreateApiKeyValues = { name: 'CRM sync', scopes: ['read', 'write'], expiry: 'never' };

async function createKey(cookie: string, input: CreateApiKeyValues = readWrite): Promise<CreatedApiKey> {
  const response = await trpcMutate(t.app, 'apiKeys.create', cookie, input);
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<CreatedApiKey>(response);
}

async function listKeys(cookie: string): Promise<ApiKeyItem[]> {
  return trpcData<ApiKeyItem[]>(await trpcQuery(t.app, 'apiKeys.list', cookie));
}

/** A request of an API client: the key in the Authorization header, no cookie, no Origin. */
function callApi(
  key: string | null,
  options: {
    method?: 'GET' | 'PATCH';
    url?: string;
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
  app: FastifyInstance = t.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'GET',
    url: options.url ?? '/api/v1/me',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

async function keyRows(userId: string) {
  return t.db.selectFrom('api_keys').selectAll().where('reference_id', '=', userId).execute();
}

describe('creating, listing and revoking keys', () => {
  it('shows the whole key once, keeps only its hash, and lists name, start, scopes and dates', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie, { name: '  Zapier  ', scopes: ['read'], expiry: '30' });
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.name).toBe('Zapier');
    expect(created.scopes).toEqual(['read']);
    const days = (created.expiresAt!.getTime() - created.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const [row] = await keyRows(owner.userId);
    expect(row?.key).not.toBe(created.key);
    expect(row?.key).not.toContain(created.key.slice(API_KEY_PREFIX.length));
    expect(created.key.startsWith(row?.start ?? '-')).toBe(true);

    const listed = await listKeys(owner.cookie);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Zapier',
        start: row?.start,
        scopes: ['read'],
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it('records the last use, and a revoked key is gone from the list and answers 401', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    expect((await callApi(created.key)).statusCode).toBe(200);
    const [used] = await listKeys(owner.cookie);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);

    const revoked = await trpcMutate(t.app, 'apiKeys.revoke', owner.cookie, { id: created.id });
    expect(revoked.statusCode).toBe(200);
    expect(await listKeys(owner.cookie)).toEqual([]);
    const refused = await callApi(created.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'unauthenticated' });
  });

  it('announces a key made, renamed and revoked to the account’s open API keys page', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const heard = topicsHeardBy(owner.userId);
    const created = await createKey(owner.cookie);
    await trpcMutate(t.app, 'apiKeys.rename', owner.cookie, { id: created.id, name: 'Billing' });
    await trpcMutate(t.app, 'apiKeys.revoke', owner.cookie, { id: created.id });
    heard.stop();
    expect(heard.topics).toEqual(['apiKeys', 'apiKeys', 'apiKeys']);
  });

  it('renames a key', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    const renamed = await trpcMutate(t.app, 'apiKeys.rename', owner.cookie, {
      id: created.id,
      name: 'Billing',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await listKeys(owner.cookie))[0]?.name).toBe('Billing');
  });

  it('treats another account’s key as unknown, and changes nothing of it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const other = await createSignedInOwner(t, { plan: 'business' });
    const theirs = await createKey(other.cookie);
    for (const [path, input] of [
      ['apiKeys.revoke', { id: theirs.id }],
      ['apiKeys.rename', { id: theirs.id, name: 'Mine now' }],
    ] as const) {
      const response = await trpcMutate(t.app, path, owner.cookie, input);
      expect(response.statusCode, path).toBe(404);
      expect(trpcError(response).data.reason, path).toBe('not_found');
    }
    expect(await listKeys(owner.cookie)).toEqual([]);
    expect((await listKeys(other.cookie)).map((key) => key.name)).toEqual([readWrite.name]);
    expect((await callApi(theirs.key)).statusCode).toBe(200);
  });

  it(`refuses a key beyond ${API_KEYS_PER_ACCOUNT_MAX} with limit_reached`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (let index = 0; index < API_KEYS_PER_ACCOUNT_MAX; index += 1) await createKey(owner.cookie);
    const refused = await trpcMutate(t.app, 'apiKeys.create', owner.cookie, readWrite);
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'limit_reached',
      meta: { resource: 'api_keys', limit: API_KEYS_PER_ACCOUNT_MAX },
    });
    expect(await keyRows(owner.userId)).toHaveLength(API_KEYS_PER_ACCOUNT_MAX);
  });

  it('refuses bad input with the field and its reason, and stores nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const cases: [unknown, string][] = [
      [{ ...readWrite, name: '   ' }, 'name'],
      [{ ...readWrite, name: 'x'.repeat(65) }, 'name'],
      [{ ...readWrite, scopes: [] }, 'scopes'],
      [{ ...readWrite, scopes: ['admin'] }, 'scopes.0'],
      [{ ...readWrite, scopes: ['read', 'read'] }, 'scopes'],
      [{ ...readWrite, expiry: '7' }, 'expiry'],
      [{ ...readWrite, expiry: 30 }, 'expiry'],
      [{ ...readWrite, permissions: { api: ['read'] } }, 'permissions'],
    ];
    for (const [input, field] of cases) {
      const response = await trpcMutate(t.app, 'apiKeys.create', owner.cookie, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      const error = trpcError(response).data;
      expect(error.reason).toBe('validation_failed');
      expect(error.fieldErrors?.map((fieldError) => fieldError.path)).toContain(field);
    }
    expect(await keyRows(owner.userId)).toEqual([]);
  });

  it('refuses a key to a Pro account with plan_required, naming apiAccess and Business, and stores nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const refused = await trpcMutate(t.app, 'apiKeys.create', owner.cookie, readWrite);
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'apiAccess', plan: 'business' },
    });
    expect(await keyRows(owner.userId)).toEqual([]);
    expect(await listKeys(owner.cookie)).toEqual([]);
  });

  it('lets an account whose Business plan ended list and revoke its keys, but not make one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    await endPaidPlan(t.db, owner.userId, {
      plan: 'business',
      endedAt: new Date(Date.now() - 60_000),
      by: 'webhook',
    });
    expect((await listKeys(owner.cookie)).map((key) => key.id)).toEqual([created.id]);
    const refused = await trpcMutate(t.app, 'apiKeys.create', owner.cookie, readWrite);
    expect(trpcError(refused).data.reason).toBe('plan_required');
    const revoked = await trpcMutate(t.app, 'apiKeys.revoke', owner.cookie, { id: created.id });
    expect(revoked.statusCode).toBe(200);
    expect(await keyRows(owner.userId)).toEqual([]);
  });

  it('keeps the API key plugin’s own endpoints out of reach over HTTP', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const paths = ['create', 'verify', 'list', 'get', 'update', 'delete', 'delete-all-expired-api-keys'];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await injectFromApp(t.app, {
          method,
          url: `/api/auth/api-key/${path}`,
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          ...(method === 'POST'
            ? { payload: { name: 'Around the plan', permissions: { api: ['write'] } } }
            : {}),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    expect(await keyRows(owner.userId)).toEqual([]);
  });
});

describe('a key on /api/v1', () => {
  it('answers its account, plan and scopes to GET /api/v1/me, with the rate-limit headers', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Ada Lovelace' });
    const created = await createKey(owner.cookie, { ...readWrite, scopes: ['read'] });
    const response = await callApi(created.key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: owner.userId, plan: 'business', scopes: ['read'] });
    expect(response.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.max));
    expect(response.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.max - 1));
    const reset = Number(response.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(API_KEY_RATE_LIMIT.windowSeconds);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a write key change the name through PATCH /api/v1/me with no Origin, and refuses a read key with 403', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const reader = await createKey(owner.cookie, { ...readWrite, scopes: ['read'] });
    const writer = await createKey(owner.cookie, { ...readWrite, scopes: ['write', 'read'] });
    const { version } = (await callApi(writer.key)).json<{ version: number }>();
    const change = { firstName: 'Grace', lastName: 'Hopper', baseVersion: version };

    const refused = await callApi(reader.key, { method: 'PATCH', payload: change });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
    expect(refused.json()).toMatchObject({
      reason: 'forbidden',
      status: 403,
      type: problemType('forbidden'),
    });
    const unchanged = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(unchanged.name).not.toBe('Grace Hopper');

    const saved = await callApi(writer.key, { method: 'PATCH', payload: change });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Grace Hopper', version: version + 1 });
    const user = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Grace Hopper');
  });

  it('refuses a bad PATCH body with validation_failed and changes nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const writer = await createKey(owner.cookie);
    const { version, name } = (await callApi(writer.key)).json<{ version: number; name: string }>();
    const refusals = [
      { payload: { firstName: '', lastName: 'X', baseVersion: version }, field: 'firstName' },
      // a partial update: what it sends is checked, the version it edits too when it names one
      { payload: { lastName: 42, baseVersion: version }, field: 'lastName' },
      { payload: { firstName: 'Grace', baseVersion: 'one' }, field: 'baseVersion' },
    ];
    for (const { payload, field } of refusals) {
      const response = await callApi(writer.key, { method: 'PATCH', payload });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
      const problem = response.json<{ reason: string; errors: { field: string }[] }>();
      expect(problem.reason).toBe('validation_failed');
      expect(problem.errors.map((error) => error.field)).toContain(field);
    }
    const malformed = await callApi(writer.key, {
      method: 'PATCH',
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ reason: 'validation_failed' });
    expect((await callApi(writer.key)).json()).toMatchObject({ name, version });
  });

  it('refuses no key, an unknown key, a malformed header and a session cookie alone with 401', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    const attempts = [
      callApi(null),
      callApi(`${API_KEY_PREFIX}${'x'.repeat(64)}`),
      callApi(null, { headers: { authorization: `Basic ${created.key}` } }),
      callApi(null, { headers: { 'x-api-key': created.key } }),
      callApi(null, { headers: { cookie: owner.cookie } }),
      injectFromApp(t.app, { method: 'GET', url: '/api/v1/me', headers: { cookie: owner.cookie } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ reason: 'unauthenticated' });
    }
  });

  it('never lets a key stand for a session: the dashboard’s router and better-auth see no one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    for (const headers of [{ authorization: `Bearer ${created.key}` }, { 'x-api-key': created.key }]) {
      const session = await injectFromApp(t.app, { method: 'GET', url: '/api/auth/get-session', headers });
      expect(session.json()).toBeNull();
      const procedure = await t.app.inject({ method: 'GET', url: '/api/trpc/apiKeys.list', headers });
      expect(procedure.statusCode).toBe(401);
    }
  });

  it('logs a refused key at info with its start only, never the key, and nothing at warning or above', async () => {
    const logs = captureLogs();
    const logged = await buildTestApp({}, { logger: { level: 'info', stream: logs.stream } });
    try {
      const owner = await createSignedInOwner(logged, { plan: 'business' });
      const created = trpcData<CreatedApiKey>(
        await trpcMutate(logged.app, 'apiKeys.create', owner.cookie, readWrite),
      );
      await logged.db
        .updateTable('api_keys')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', created.id)
        .execute();
      const unknown = `${API_KEY_PREFIX}${'y'.repeat(64)}`;
      for (const key of [created.key, unknown]) {
        expect((await callApi(key, {}, logged.app)).statusCode).toBe(401);
      }
      const refusals = logs.lines.filter((line) => line.msg === 'API key refused');
      expect(refusals.map((line) => [line.level, line.apiKey])).toEqual([
        [30, { start: created.key.slice(0, 9), code: 'KEY_EXPIRED' }],
        [30, { start: unknown.slice(0, 9), code: 'INVALID_API_KEY' }],
      ]);
      expect(logs.lines.filter((line) => (line.level ?? 0) >= WARN)).toEqual([]);
      const text = JSON.stringify(logs.lines);
      for (const key of [created.key, unknown]) expect(text).not.toContain(key.slice(9));
    } finally {
      await logged.close();
    }
  });

  it('refuses an expired key with 401', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie, { ...readWrite, expiry: '30' });
    expect((await callApi(created.key)).statusCode).toBe(200);
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.id)
      .execute();
    const refused = await callApi(created.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'unauthenticated' });
  });

  it('answers plan_required to a key whose account’s Business plan ended', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    await endPaidPlan(t.db, owner.userId, {
      plan: 'business',
      endedAt: new Date(Date.now() - 60_000),
      by: 'webhook',
    });
    const refused = await callApi(created.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'plan_required' });
  });
});

describe('the rate limit of a key', () => {
  const windowMs = API_KEY_RATE_LIMIT.windowSeconds * 1000;

  /** Freezes the clock `into` ms after the start of a window of the rate limit a minute from now. */
  function freezeClockInWindow(into: number): Date {
    const start = Math.ceil((Date.now() + 60_000) / windowMs) * windowMs;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + into);
    return new Date(start);
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sends the key's whole allowance of the window, each answer 200 with one fewer remaining. */
  async function useWholeWindow(key: string, app: FastifyInstance = t.app, from = 0): Promise<void> {
    for (let index = from; index < API_KEY_RATE_LIMIT.max; index += 1) {
      const response = await callApi(key, {}, app);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.max - index - 1));
    }
  }

  it(`answers 429 with RateLimit-* and Retry-After after ${API_KEY_RATE_LIMIT.max} requests in a window`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    const other = await createKey(owner.cookie);
    freezeClockInWindow(2_500);
    await useWholeWindow(created.key);
    const refused = await callApi(created.key);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
    expect(refused.json()).toMatchObject({ reason: 'rate_limited' });
    expect(refused.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.max));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // the seconds left of the window: 10 - 2.5, rounded up
    const reset = String(Math.ceil((windowMs - 2_500) / 1000));
    expect(refused.headers['ratelimit-reset']).toBe(reset);
    expect(refused.headers['retry-after']).toBe(reset);
    // the limit is the key's own
    expect((await callApi(other.key)).statusCode).toBe(200);
  });

  it('accepts the key again in the next window, however steadily it was used', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    const start = freezeClockInWindow(0);
    await useWholeWindow(created.key);
    vi.setSystemTime(start.getTime() + windowMs - 1);
    expect((await callApi(created.key)).statusCode).toBe(429);
    // a client that never paused: the next window opens all the same
    vi.setSystemTime(start.getTime() + windowMs);
    const accepted = await callApi(created.key);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.max - 1));
    expect(accepted.headers['ratelimit-reset']).toBe(String(API_KEY_RATE_LIMIT.windowSeconds));
  });

  it('announces the key’s last use once a window, not once a request', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createKey(owner.cookie);
    const heard = topicsHeardBy(owner.userId);
    const start = freezeClockInWindow(0);
    for (let index = 0; index < 3; index += 1) expect((await callApi(created.key)).statusCode).toBe(200);
    expect(heard.topics).toEqual(['apiKeys']);
    vi.setSystemTime(start.getTime() + windowMs);
    expect((await callApi(created.key)).statusCode).toBe(200);
    heard.stop();
    expect(heard.topics).toEqual(['apiKeys', 'apiKeys']);
  });

  it('is one count for two apps on one database', async () => {
    const shared = await sharedDatabase();
    const first = await buildTestApp(shared.overrides);
    let second: FastifyInstance | undefined;
    try {
      const owner = await createSignedInOwner(first, { plan: 'business' });
      const created = trpcData<CreatedApiKey>(
        await trpcMutate(first.app, 'apiKeys.create', owner.cookie, readWrite),
      );
      freezeClockInWindow(1_000);
      const half = API_KEY_RATE_LIMIT.max / 2;
      for (let index = 0; index < half; index += 1) {
        expect((await callApi(created.key, {}, first.app)).statusCode).toBe(200);
      }
      // PGlite's data directory opens in one process at a time: the second app follows the first there
      if (!onPostgres) await first.app.close();
      second = await reopen(first.config);
      await useWholeWindow(created.key, second, half);
      expect((await callApi(created.key, {}, second)).statusCode).toBe(429);
      if (onPostgres) expect((await callApi(created.key, {}, first.app)).statusCode).toBe(429);
    } finally {
      vi.useRealTimers();
      await second?.close();
      await first.close();
      await shared.drop();
    }
  });
});

describe('team keys', () => {
  const teamKey: CreateApiKeyValues = { ...readWrite, owner: 'team', name: 'Team CRM' };

  async function listTeamKeys(cookie: string): Promise<ApiKeyItem[]> {
    return trpcData<ApiKeyItem[]>(await trpcQuery(t.app, 'apiKeys.list', cookie, { owner: 'team' }));
  }

  it('lets an admin make a key of the team on its owner’s plan, which acts as the team’s account', async () => {
    // the admin's own plan is Free: a team key has the team's plan, its owner's Business
    const { teamId, owner, admin } = await addTeamOfFour(t);
    const { vcardId, accountId } = await addTeamCard(t.db, teamId);
    const created = await createKey(admin.cookie, teamKey);
    expect((await listTeamKeys(owner.cookie)).map((key) => key.id)).toEqual([created.id]);
    expect(await listKeys(admin.cookie)).toEqual([]);

    const me = await callApi(created.key);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: accountId, kind: 'team', plan: 'business' });
    // the team's account is the one the dashboard's access check lets act on the team's cards
    expect(await cardAccount(t.db, accountId, vcardId, 'manage')).toBe(accountId);
    // a team's account has no personal details to change
    const patch = await callApi(created.key, {
      method: 'PATCH',
      payload: { firstName: 'Team', lastName: 'Name', baseVersion: 1 },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ reason: 'forbidden' });
    // the team's key reads its own team, though its account is no member of it
    const members = await callApi(created.key, { url: '/api/v1/team/members' });
    expect(members.statusCode, members.body).toBe(200);
    // in joining order, and these four joined in the same instant
    const listed = members.json<{ items: { name: string; role: string }[] }>().items;
    expect(listed.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      expect.objectContaining({ name: 'Adam Admin', role: 'admin' }),
      expect.objectContaining({ name: 'Mia Member', role: 'member' }),
      expect.objectContaining({ name: 'Olga Owner', role: 'owner' }),
      expect.objectContaining({ name: 'Sam Successor', role: 'member' }),
    ]);
  });

  it('refuses a member, who can neither make nor see the team’s keys', async () => {
    const { admin, member } = await addTeamOfFour(t);
    await createKey(admin.cookie, teamKey);
    const refused = await trpcMutate(t.app, 'apiKeys.create', member.cookie, teamKey);
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data).toMatchObject({ reason: 'team_role_required', meta: { role: 'admin' } });
    const listed = await trpcQuery(t.app, 'apiKeys.list', member.cookie, { owner: 'team' });
    expect(trpcError(listed).data.reason).toBe('team_role_required');
  });

  it('refuses a team key when the team’s owner is not on Business, and stores nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const admin = await createSignedInOwner(t, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: admin.userId, role: 'admin' },
    ]);
    const refused = await trpcMutate(t.app, 'apiKeys.create', admin.cookie, teamKey);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'apiAccess' },
    });
    expect(await listTeamKeys(admin.cookie)).toEqual([]);
    // not even the team's account, which a first key makes
    expect(await teamAccountOf(t.db, teamId)).toBeNull();
  });

  it('keeps a team key working when the admin who made it leaves, and lets another admin revoke it', async () => {
    const { owner, admin } = await addTeamOfFour(t);
    const created = await createKey(admin.cookie, teamKey);
    await t.db.deleteFrom('team_members').where('user_id', '=', admin.userId).execute();
    expect((await callApi(created.key)).statusCode).toBe(200);
    // a person's key list and revoke never reach the team's keys
    const asOwn = await trpcMutate(t.app, 'apiKeys.revoke', owner.cookie, { id: created.id });
    expect(trpcError(asOwn).data.reason).toBe('not_found');
    const revoked = await trpcMutate(t.app, 'apiKeys.revoke', owner.cookie, {
      owner: 'team',
      id: created.id,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await listTeamKeys(owner.cookie)).toEqual([]);
    expect((await callApi(created.key)).statusCode).toBe(401);
  });
});
