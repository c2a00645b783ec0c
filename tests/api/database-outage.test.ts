import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { viewCount } from '../support/counts.ts';
import { addVcard, createOwner } from '../support/factories.ts';
import {
  buildTestApp,
  createTestDatabase,
  readinessAsOperator,
  signUp,
  TEST_METRICS_TOKEN,
  trpcError,
  type TestApp,
  type TestDatabase,
} from '../support/harness.ts';
import { proxyTo, type TcpProxy } from '../support/tcp-proxy.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { needsPostgres } from '../support/postgres.ts';
import { withPgClient } from '../../server/lib/pg-client.ts';

// A PostgreSQL restart must never crash the process: requests during the outage get a clear 503, public
// pages are still served from memory with their views kept, /health/ready says what is wrong (while
// /health, liveness, stays 200) and the app recovers by itself. The database is reached through a TCP
// proxy the test can cut and restore.

describe('database outage (PostgreSQL)', needsPostgres(), () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    let url: string;
    ({ proxy, url } = await proxyTo(database.config.kind === 'postgres' ? database.config.url : ''));
    t = await buildTestApp({ database: { kind: 'postgres', url }, metricsToken: TEST_METRICS_TOKEN });
    ({ cookie } = await signUp(t.app));
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 while the database is away, keeps pages and their views, and recovers when it is back', async () => {
    const ready = () => readinessAsOperator(t.app);
    expect((await ready()).statusCode).toBe(200);
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id);
    const page = () =>
      t.app.inject({ method: 'GET', url: `/${owner.username}`, headers: { 'user-agent': IPHONE_SAFARI } });
    expect((await page()).statusCode).toBe(200);

    await proxy.cut();
    // alive, not ready: it says what is wrong
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      status: 'not ready',
      checks: { database: expect.stringMatching(/^unreachable: /) },
    });
    // anyone else is told the status alone: no host, port or error text of the database
    const anonymous = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(anonymous.statusCode).toBe(503);
    expect(anonymous.json()).toEqual({ status: 'not ready' });

    const query = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(query.statusCode).toBe(503);
    expect(trpcError(query).data.reason).toBe('database_unavailable');
    expect(query.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat \//);
    // better-auth's routes too: a sign-in is told the same, never a bare 500
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: { email: owner.email, password: 'Not-The-One-1' },
    });
    expect(signIn.statusCode).toBe(503);
    // in better-auth's shape, which the sign-in form reads
    expect(signIn.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(signIn.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat \//);

    // the page is served from memory; its view waits for the database
    expect((await page()).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect((await ready()).json().checks['counts.views']).toMatch(/^not written: /),
      { timeout: 10_000 },
    );

    await proxy.restore();
    await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 10_000 });
    const again = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(again.statusCode).toBe(200);

    // a connection the database ends in the middle of better-auth's own work (here its insert of a new
    // person: a restart, or an administrator ending sessions) is told as the database's absence, never a
    // bare 500, and leaves no one half made
    const url = database.config.kind === 'postgres' ? database.config.url : '';
    await withPgClient(url, (client) =>
      client.query(`
        create function end_own_connection() returns trigger language plpgsql as $$
          begin perform pg_terminate_backend(pg_backend_pid()); return new; end $$;
        create trigger end_own_connection before insert on accounts
          for each row execute function end_own_connection();`),
    );
    const email = `ended-${owner.id}@example.com`;
    const signUpEnded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: { name: 'Ended', email, password: 'A-Good-Password-1' },
    });
    expect(signUpEnded.statusCode).toBe(503);
    expect(signUpEnded.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    await withPgClient(url, (client) => client.query('drop trigger end_own_connection on accounts'));
    expect(await t.db.selectFrom('users').where('email', '=', email).select('id').execute()).toEqual([]);
    await vi.waitFor(async () => expect(await viewCount(t.db, owner.id)).toBe(2), { timeout: 10_000 });
  });
});
