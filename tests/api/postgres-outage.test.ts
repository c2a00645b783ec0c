import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { linkCounts } from '../support/counts.ts';
import { addLink, createOwner } from '../support/factories.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../support/harness.ts';
import { freePort, startServerOrFail, type ServerProcess } from '../support/server-process.ts';
import { proxyTo, type TcpProxy } from '../support/tcp-proxy.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Fault test: PostgreSQL goes away and comes back while two servers answer a short link under load. Every
// follow answered with a redirect must be counted exactly once: the batches the database could not take
// are kept and retried (one server also holds so little in memory that it spills to its DATA_DIR and
// replays the file), and a retry after a lost commit counts nothing twice. The outage is a loopback proxy
// in front of PostgreSQL that resets every connection and refuses new ones, as a restart does, so the
// PostgreSQL the other test files use keeps running. PostgreSQL runs only.

const onPostgres = Boolean(process.env.DATABASE_URL);

const LOAD_MS = 7_000;
const OUTAGE_STARTS_MS = 1_500;
const OUTAGE_MS = 3_000;
const CLIENTS = 8;

let database: TestDatabase;
let handle: DatabaseHandle;
let proxy: TcpProxy;
/** DATABASE_URL of the test database, reached through the proxy. */
let proxiedUrl: string;
const started: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  handle = await openTestDatabase(database.config);
  ({ proxy, url: proxiedUrl } = await proxyTo(
    database.config.kind === 'postgres' ? database.config.url : '',
  ));
});

afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  if (!onPostgres) return;
  await proxy.close();
  await handle.close();
  await database.drop();
});

async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-outage-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServerOrFail(
    {
      DATABASE_URL: proxiedUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      ...extraEnv,
    },
    started,
  );
  return { server, origin, spillDir: path.join(dataDir, 'count-spill') };
}

describe.skipIf(!onPostgres)('a PostgreSQL outage during short-link load on two servers', () => {
  it('loses no count and counts none twice', { timeout: 120_000 }, async () => {
    const owner = await createOwner(handle.db);
    const link = await addLink(handle.db, owner.id);
    const servers = [await startServer(), await startServer({ COUNT_QUEUE_GROUPS: '100' })];
    const [, spilling] = servers;

    let redirects = 0;
    let redirectsDuringOutage = 0;
    let otherAnswers = 0;
    let outage = false;
    let spilledDuringOutage = false;
    const loadEnds = Date.now() + LOAD_MS;
    const client = async (index: number) => {
      for (let request = 0; Date.now() < loadEnds; request++) {
        const { origin } = servers[(index + request) % servers.length] ?? servers[0]!;
        const response = await fetch(`${origin}/l/${link.code}`, {
          redirect: 'manual',
          // many referring hosts: many groups a second, so the small queue fills and spills
          headers: { 'user-agent': IPHONE_SAFARI, referer: `https://site-${request % 400}.example/` },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.status === 302) {
          redirects += 1;
          if (outage) redirectsDuringOutage += 1;
        } else otherAnswers += 1;
      }
    };
    const outageDone = (async () => {
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_STARTS_MS));
      await proxy.cut();
      outage = true;
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      spilledDuringOutage = readdirSync(spilling?.spillDir ?? '').length > 0;
      outage = false;
      await proxy.restore();
    })();
    await Promise.all([...Array.from({ length: CLIENTS }, (_, index) => client(index)), outageDone]);

    // the redirects went on while the database was away, from the cached link
    expect(redirectsDuringOutage).toBeGreaterThan(0);
    expect(otherAnswers).toBe(0);
    expect(spilledDuringOutage).toBe(true);
    // every redirect counted, while the servers still run: kept batches are written once it answers again
    const clicks = async () => (await linkCounts(handle.db, link.id)).clicks;
    await vi.waitFor(async () => expect(await clicks()).toBe(redirects), { timeout: 30_000, interval: 250 });
    await vi.waitFor(() => expect(readdirSync(spilling?.spillDir ?? '')).toEqual([]), { timeout: 10_000 });

    for (const { server } of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map(({ server }) => server.exited))).toEqual([0, 0]);
    expect(await linkCounts(handle.db, link.id)).toEqual({ scans: 0, clicks: redirects, events: redirects });
    const logs = servers.map(({ server }) => server.stdout()).join('\n');
    expect(logs).toContain('kept and retried until the database answers');
  });
});
