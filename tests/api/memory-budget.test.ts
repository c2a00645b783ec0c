import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageNodeOptions } from '../../scripts/lib/docker-image.ts';
import { residentMemory, seedCards, visitCards, type SeededCard } from '../../scripts/lib/many-cards.ts';
import { CACHE_BUDGET_SHARES } from '../../server/lib/cache.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../support/harness.ts';
import { sample } from '../support/metrics.ts';
import { freePort, startServerOrFail, type ServerProcess } from '../support/server-process.ts';
import { needsPostgres, onPostgres } from '../support/postgres.ts';

// Fault test: one server with its page and short-link caches full stays under 256 MB resident, pass after
// pass. The built server runs as its own process the way the Docker image runs it (production, the image's
// NODE_OPTIONS heap cap) with a small CACHE_MB, so that every card's page and short links, requested once
// a pass, pass through the caches several times over within seconds; the kernel's figures are read from
// /proc (VmHWM, the peak so far, after each pass: a process that keeps growing shows it there first).
// With so few cards even an unbounded cache would stay under the bound: /metrics shows that the caches
// kept to their budget, and the RSS bound catches a heavier process (start-up, a leak per request,
// garbage the heap cap lets grow). The default budget with 5 000 cards over five passes: npm run
// bench:memory.
// PostgreSQL runs only: with the embedded database, PostgreSQL in WebAssembly puts the server at about
// 380 MB as it starts. Linux only: without /proc skipped with a message, and failed in CI.

const procMissing = !existsSync('/proc/self/status');
/** Without /proc the test is skipped with a message, except in CI, where it fails. */
const skipWithoutProc = procMissing && !process.env.CI;

const CACHE_MB = 4;
const CARDS = 600;
const PASSES = 3;
const RSS_LIMIT_MB = 256;
const NODE_OPTIONS = imageNodeOptions();
const METRICS_TOKEN = randomBytes(24).toString('hex');

if (onPostgres && skipWithoutProc) {
  console.warn('/proc is missing (not Linux): the resident-memory test is skipped.');
}

describe('one server with its caches filled past their budget', needsPostgres(skipWithoutProc), () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let cards: SeededCard[];
  let server: ServerProcess;
  let origin: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    if (procMissing) return; // the test fails, saying why
    database = await createTestDatabase();
    const handle = await openTestDatabase(database.config);
    cards = await seedCards(handle.db, CARDS).finally(() => handle.close());

    dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-memory-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServerOrFail(
      {
        NODE_ENV: 'production',
        NODE_OPTIONS,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        // production requires a mail server; nothing here sends mail
        SMTP_URL: 'smtp://127.0.0.1:25',
        CACHE_MB: String(CACHE_MB),
        METRICS_TOKEN,
        DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
      },
      started,
    );
  });

  afterAll(async () => {
    for (const { child } of started) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  // three passes of 600 cards' pages and short links: about 30 s alone, near a minute beside another file
  it('stays under 256 MB resident at the peak of every pass', { timeout: 180_000 }, async () => {
    if (procMissing) throw new Error('/proc is required in CI: the resident memory is read there');
    const pid = server.child.pid!;
    const atStart = await residentMemory(pid);
    const peaks: number[] = [];
    for (let pass = 1; pass <= PASSES; pass++) {
      await visitCards(origin, cards).catch((error: Error) => {
        throw new Error(`the load failed (${error.message}); the server's stderr:\n${server.stderr()}`);
      });
      // the views and follows of the last second are written after the answers
      await sleep(1_500);
      peaks.push((await residentMemory(pid)).peakMb);
    }

    const scrape = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    const metrics = await scrape.text();
    for (const cache of ['pages', 'links'] as const) {
      const budget = sample(metrics, `tapcard_cache_bytes{cache="${cache}",kind="budget"}`)!;
      const used = sample(metrics, `tapcard_cache_bytes{cache="${cache}",kind="used"}`)!;
      const misses = sample(metrics, `tapcard_cache_lookups_total{cache="${cache}",result="miss"}`)!;
      const evictions = sample(metrics, `tapcard_cache_evictions_total{cache="${cache}"}`)!;
      expect(budget).toBe(Math.floor(CACHE_MB * 1024 * 1024 * CACHE_BUDGET_SHARES[cache]));
      expect(used).toBeLessThanOrEqual(budget);
      expect(used).toBeGreaterThan(budget / 2);
      // each miss is stored, so misses - evictions is what it holds: it pushed out more than twice that,
      // its budget filled three times over
      expect(evictions, cache).toBeGreaterThan(2 * (misses - evictions));
    }

    const atEnd = await residentMemory(pid);
    console.log(
      `CACHE_MB=${CACHE_MB}, ${CARDS} cards, ${PASSES} passes, NODE_OPTIONS=${NODE_OPTIONS}: resident ${atStart.rssMb.toFixed(0)} MB at start, ${atEnd.rssMb.toFixed(0)} MB at the end, peaks after each pass ${peaks.map((peak) => peak.toFixed(0)).join(', ')} MB`,
    );
    expect(atEnd.rssMb, 'MB resident at the end').toBeLessThan(RSS_LIMIT_MB);
    peaks.forEach((peak, index) => {
      expect(peak, `MB resident at the peak after pass ${index + 1}`).toBeLessThan(RSS_LIMIT_MB);
    });
  });
});
