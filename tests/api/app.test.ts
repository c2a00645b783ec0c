import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrations } from '../../db/migrations/index.ts';
import { buildTestApp, readinessAsOperator, TEST_METRICS_TOKEN, type TestApp } from '../support/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TEST_METRICS_TOKEN });
});

afterAll(async () => {
  await t?.close();
});

describe('start and health', () => {
  it('answers /health while the process runs, and /health/ready with every check to the operator', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    // anyone else gets the status alone, also with a wrong token
    for (const authorization of [undefined, `Bearer ${TEST_METRICS_TOKEN}x`, TEST_METRICS_TOKEN]) {
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/health/ready',
        headers: authorization ? { authorization } : {},
      });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ status: 'ready' });
      expect(anonymous.headers['cache-control']).toBe('no-store');
    }
    const ready = await readinessAsOperator(t.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        listener: 'ok',
        mail: 'ok',
        'counts.visitors': 'ok',
        'counts.views': 'ok',
        'counts.hits': 'ok',
        storage: 'ok',
      },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration this code knows is not applied, and says which', async () => {
    const [name] = Object.keys(migrations).slice(-1);
    const { rows } = await sql<{ name: string; timestamp: string }>`
      delete from kysely_migration where name = ${name} returning name, timestamp`.execute(t.db);
    try {
      const anonymous = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'not ready' });
      const ready = await readinessAsOperator(t.app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.migrations).toBe(`not applied: ${name}`);
    } finally {
      for (const row of rows) {
        await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
          t.db,
        );
      }
    }
  });
});

describe('client and 404', () => {
  it('serves the client for every client path', async () => {
    for (const url of [
      '/',
      '/login',
      '/auth',
      '/onboarding',
      '/goodbye',
      '/dashboard',
      '/dashboard/qr-codes/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('redirects a client path typed in another case to its lowercase path, keeping the query', async () => {
    for (const [url, location] of [
      ['/Login', '/login'],
      ['/DASHBOARD/Account', '/dashboard/account'],
      ['/Onboarding?checkout=success', '/onboarding?checkout=success'],
      ['/dashboard/QR-Codes/', '/dashboard/qr-codes/'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    // not an app path in any case: still the 404
    expect((await t.app.inject({ method: 'GET', url: '/Dashboard/Nope' })).statusCode).toBe(404);
  });

  it('answers an unknown path with HTTP 404 and the client, which shows the 404 page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ reason: 'not_found' });
  });

  it('serves hashed assets with a long cache and their type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-test1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("serves an asset's Brotli or gzip copy to a browser that accepts it, the same bytes once decoded", async () => {
    const get = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-test1234.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const plain = (await get('identity')).rawPayload;
    const cases = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const;
    for (const [acceptEncoding, encoding, decode] of cases) {
      const response = await get(acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(response.rawPayload).equals(plain)).toBe(true);
    }
    expect(plain.toString()).toContain('Tapcard test client');
  });

  it("sends the HTML shell compressed, never cached for long, in the browser's language", async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/dashboard', headers });
    const spanish = await get({
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'es-ES,es;q=0.9',
    });
    expect(spanish.headers['content-encoding']).toBe('br');
    expect(spanish.headers['cache-control']).toBe('no-cache');
    expect(String(spanish.headers['vary'])).toMatch(/accept-language.*accept-encoding/);
    expect(brotliDecompressSync(spanish.rawPayload).toString()).toContain('<html lang="es">');

    const english = await get({ 'accept-encoding': 'gzip', 'accept-language': 'en-GB,en;q=0.8' });
    expect(english.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(english.rawPayload).toString()).toContain('<html lang="en">');

    // the landing page comes rendered in the shell's language (built by scripts/prerender.mjs); other paths
    // get the empty shell the client fills
    const landing = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } });
    expect(landing.body).toContain('<div id="root"><main><h1>Tapcard página de prueba</h1></main></div>');
    expect(gunzipSync(english.rawPayload).toString()).toContain('<div id="root"></div>');

    // no Accept-Language: the default language; no Accept-Encoding: plain
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="en">');
    expect(plain.body).toContain('<div id="root">');
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the other helmet headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
