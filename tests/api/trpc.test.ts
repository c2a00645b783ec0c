import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '../../src/api.ts';
import {
  buildTestApp,
  injectFromApp,
  signUp,
  trpcData,
  trpcError,
  type TestApp,
} from '../support/harness.ts';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie, userId } = await signUp(t.app, { name: 'Ana Pérez' }));
});

afterAll(async () => {
  await t?.close();
});

const setLanguageBody = (language: string) => JSON.stringify(superjson.serialize({ language }));

describe('tRPC context and session', () => {
  it('refuses a signed-in procedure without a session, with the reason', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me' });
    expect(response.statusCode).toBe(401);
    expect(trpcError(response).data.reason).toBe('unauthenticated');
  });

  it('creates a profile for every new user and reads it with the session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const profile = trpcData<{ id: string; name: string; plan_type: string; language: string }>(response);
    expect(profile).toMatchObject({ id: userId, name: 'Ana Pérez', plan_type: 'free', language: 'en' });
  });

  it('runs a mutation posted from the app origin', async () => {
    const response = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, 'content-type': 'application/json' },
      payload: setLanguageBody('es'),
    });
    expect(response.statusCode).toBe(200);
    const row = await t.app
      .inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } })
      .then((r) => trpcData<{ language: string }>(r));
    expect(row.language).toBe('es');
  });

  it('rejects bad input with validation_failed and field errors, changing nothing', async () => {
    const response = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, 'content-type': 'application/json' },
      payload: setLanguageBody('fr'),
    });
    expect(response.statusCode).toBe(400);
    const error = trpcError(response);
    expect(error.data.reason).toBe('validation_failed');
    expect(error.data.fieldErrors?.[0]?.path).toBe('language');
  });
});

describe('request hygiene', () => {
  it('refuses a mutation without an Origin or Referer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, 'content-type': 'application/json' },
      payload: setLanguageBody('en'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'bad_origin' });
  });

  it('refuses a mutation from a foreign origin whatever its content type', async () => {
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/trpc/profile.setLanguage',
        headers: { cookie, origin: 'https://evil.example', 'content-type': contentType },
        payload: setLanguageBody('en'),
      });
      expect(response.statusCode, contentType).toBe(403);
    }
  });

  it('accepts a same-origin Referer when no Origin is sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, referer: `${t.config.publicUrl}/dashboard`, 'content-type': 'application/json' },
      payload: setLanguageBody('en'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('never runs a mutation sent with GET', async () => {
    const input = encodeURIComponent(setLanguageBody('es'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/profile.setLanguage?input=${input}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(405);
    const row = await t.app
      .inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } })
      .then((r) => trpcData<{ language: string }>(r));
    expect(row.language).toBe('en');
  });

  it('caps the number of calls in one batch', async () => {
    const calls = (n: number) => Array.from({ length: n }, () => 'profile.me').join(',');
    const input = (n: number) =>
      encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/${calls(TRPC_MAX_BATCH_SIZE)}?batch=1&input=${input(TRPC_MAX_BATCH_SIZE)}`,
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(200);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/${calls(TRPC_MAX_BATCH_SIZE + 1)}?batch=1&input=${input(TRPC_MAX_BATCH_SIZE + 1)}`,
      headers: { cookie },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses a body over the size limit', async () => {
    const response = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { language: 'en', padding: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).not.toMatch(/\bat \/|node_modules|\.ts:\d+/);
  });
});
