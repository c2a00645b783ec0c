import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHANGES_APPLICATION_NAME,
  createPostgresChangeBus,
  type ChangeBus,
} from '../../server/lib/changes.ts';
import { addLink, addVcard, createOwner } from '../support/factories.ts';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../support/harness.ts';
import { withPgClient } from '../../server/lib/pg-client.ts';
import { proxyTo, type TcpProxy } from '../support/tcp-proxy.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { needsPostgres } from '../support/postgres.ts';

// The caches of a process whose change listener is cut (server/lib/changes.ts, server/lib/owner-cache.ts):
// while it is away another process's change notices are lost, so a cached page or short link older than
// the stale cap is read again; the listener is back within about a second of the database answering
// again; and then every cached page and link is dropped. The listener reaches PostgreSQL through a relay
// the test makes refuse connections; the app's own queries go straight to the database, as another
// process's changes do (written here directly, with no notice).

/** The stale cap of the test app (CACHE_STALE_SECONDS, 5 s by default). */
const MAX_STALE_MS = 1_000;
/**
 * How long the listener stays away: long enough that an uncapped doubling wait (100 ms, 200 ms, … 1.6 s)
 * would pass the cap, so the timing below tells the cap apart.
 */
const OUTAGE_MS = 3_500;
/**
 * The requirement is a second: the next attempt comes at most a capped wait (1 s) after the database
 * answers again, and connecting over loopback adds a little.
 */
const RECONNECT_WITHIN_MS = 1_500;

describe('caches when the change listener is cut (PostgreSQL)', needsPostgres(), () => {
  let database: TestDatabase;
  let relay: TcpProxy;
  let bus: ChangeBus;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.config.kind === 'postgres' ? database.config.url : '';
    let relayUrl: string;
    ({ proxy: relay, url: relayUrl } = await proxyTo(url));
    bus = await createPostgresChangeBus(relayUrl, pino({ level: 'silent' }));
    t = await buildTestApp(
      { database: database.config, cache: { maxBytes: 8 * 1024 * 1024, maxStaleMs: MAX_STALE_MS } },
      { changes: bus },
    );
  });

  afterAll(async () => {
    await t?.close();
    await bus?.close();
    await relay?.close();
    await database?.drop();
  });

  const pageOf = async (username: string) =>
    (await t.app.inject({ method: 'GET', url: `/${username}`, headers: { 'user-agent': IPHONE_SAFARI } }))
      .body;
  const destinationOf = async (code: string) =>
    (await t.app.inject({ method: 'GET', url: `/l/${code}`, headers: { 'user-agent': IPHONE_SAFARI } }))
      .headers.location;

  /** What another process does: a new card name and link destination, whose notices this one never hears. */
  async function changeElsewhere(vcardId: string, linkId: string, version: string) {
    await t.db
      .updateTable('vcards')
      .set({ name: `Name ${version}` })
      .where('id', '=', vcardId)
      .execute();
    await t.db
      .updateTable('links')
      .set({ url: `https://${version}.example/` })
      .where('id', '=', linkId)
      .execute();
  }

  it('serves nothing older than the stale cap while cut off, listens again within a second, then drops every copy', async () => {
    const resets: number[] = [];
    bus.onReset(() => resets.push(performance.now()));
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, { name: 'Name first' });
    const link = await addLink(t.db, owner.id, { url: 'https://first.example/' });
    expect(await pageOf(owner.username)).toContain('Name first');
    expect(await destinationOf(link.code)).toBe('https://first.example/');
    const firstCachedBy = performance.now();

    // the listener's connection is ended and the database refuses it from then on
    relay.refuseNew();
    const cutAt = performance.now();
    const terminated = await withPgClient(
      database.config.kind === 'postgres' ? database.config.url : '',
      (client) =>
        client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [CHANGES_APPLICATION_NAME],
        ),
    );
    expect(terminated.rowCount).toBe(1);
    await vi.waitFor(() => expect(bus.connected).toBe(false));
    await changeElsewhere(vcardId, link.id, 'second');

    // once the copies are older than the cap they are read again, though no notice came
    await sleep(Math.max(0, firstCachedBy + MAX_STALE_MS + 50 - performance.now()));
    expect(await pageOf(owner.username)).toContain('Name second');
    expect(await destinationOf(link.code)).toBe('https://second.example/');
    expect(bus.connected).toBe(false);

    // changed again; nothing asks for the copies of 'second' until the listener is back
    await changeElsewhere(vcardId, link.id, 'third');
    await sleep(Math.max(0, cutAt + OUTAGE_MS - performance.now()));
    expect(bus.connected).toBe(false);
    const resetsBefore = resets.length;
    // back right after an attempt was refused: the worst case, the whole wait before the next one
    const refused = relay.refused;
    await vi.waitFor(() => expect(relay.refused).toBeGreaterThan(refused), { timeout: 5_000, interval: 5 });
    relay.acceptNew();
    const backAt = performance.now();
    await vi.waitFor(() => expect(resets.length).toBeGreaterThan(resetsBefore), {
      timeout: 5_000,
      interval: 10,
    });
    expect(bus.connected).toBe(true);
    expect(resets.at(-1)! - backAt).toBeLessThan(RECONNECT_WITHIN_MS);

    // connected, a copy is served whatever its age: these show 'third' only because the reset dropped them
    expect(await pageOf(owner.username)).toContain('Name third');
    expect(await destinationOf(link.code)).toBe('https://third.example/');
  });
});
