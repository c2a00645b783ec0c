// npm run bench:memory: how much memory one server takes once its caches are full. Writes 5 000 cards (each
// with two profile links) into a temporary database, starts the built app on it (in production mode, with
// the Docker image's NODE_OPTIONS) once
// per cache budget (CACHE_MB 64, the default, then 1024, where every card fits), requests every card's
// page and both its short links twice over (with the default budget the cache holds fewer cards than
// there are, so the second pass misses on every card and evicts one for each), and reads the server's
// resident memory (Linux /proc) at start, after each pass and at its peak. Target: under 256 MB at the peak
// once the default budget is full (the script fails otherwise). On the embedded database by default, on PostgreSQL
// with DATABASE_URL (a temporary database beside it, dropped afterwards). BENCH_MEMORY_CARDS changes the
// number of cards, BENCH_MEMORY_BUDGETS the budgets (comma-separated megabytes), BENCH_PORTS the ports
// tried.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../server/lib/db.ts';
import { freePort, portRange, startBuiltApp, stop } from './lib/app-process.ts';
import { imageNodeOptions } from './lib/docker-image.ts';
import { residentMemory, seedCards, visitCards, type SeededCard } from './lib/many-cards.ts';
import { temporaryPostgresDatabase } from './lib/temporary-database.ts';

const CARDS = Number(process.env.BENCH_MEMORY_CARDS ?? 5_000);
const BUDGETS = (process.env.BENCH_MEMORY_BUDGETS ?? '64,1024').split(',').map(Number);
const DEFAULT_BUDGET_MB = 64;
const TARGET_RSS_MB = 256;
const PORTS = portRange('BENCH_PORTS', '3500-3599');
/** Node's options in the Docker image (its heap cap): the app is measured as deployed. */
const IMAGE_NODE_OPTIONS = imageNodeOptions();

interface Measured {
  budgetMb: number;
  startMb: number;
  afterFirstMb: number;
  afterSecondMb: number;
  peakMb: number;
  passSeconds: number;
}

/** The app's database settings: a temporary PostgreSQL database, or an embedded one in `dataDir`. */
async function temporaryDatabase(dataDir: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return {
      config: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const,
      env: { DATABASE_URL: '' },
      drop: async () => undefined,
    };
  }
  const { url, drop } = await temporaryPostgresDatabase(serverUrl);
  return { config: { kind: 'postgres', url } as const, env: { DATABASE_URL: url }, drop };
}

async function measure(
  budgetMb: number,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  cards: SeededCard[],
): Promise<Measured> {
  const port = await freePort(PORTS);
  // in production mode, as deployed: React's development build makes several times the garbage per page
  const app = startBuiltApp(port, dataDir, {
    ...env,
    NODE_ENV: 'production',
    NODE_OPTIONS: IMAGE_NODE_OPTIONS,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    CACHE_MB: String(budgetMb),
  });
  try {
    await app.started;
    const pid = app.child.pid!;
    await sleep(2_000);
    const start = await residentMemory(pid);
    const origin = `http://127.0.0.1:${port}`;
    const passStarted = performance.now();
    await visitCards(origin, cards);
    const passSeconds = (performance.now() - passStarted) / 1000;
    // the counted views and follows are written within a second
    await sleep(2_000);
    const afterFirst = await residentMemory(pid);
    await visitCards(origin, cards);
    await sleep(2_000);
    const afterSecond = await residentMemory(pid);
    return {
      budgetMb,
      startMb: start.rssMb,
      afterFirstMb: afterFirst.rssMb,
      afterSecondMb: afterSecond.rssMb,
      peakMb: afterSecond.peakMb,
      passSeconds,
    };
  } finally {
    await stop(app.child);
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-memory-'));
  const database = await temporaryDatabase(dataDir);
  try {
    console.log(`Writing ${CARDS} cards (${database.config.kind})…`);
    const handle = await openDatabase(database.config, pino({ level: 'silent' }));
    let cards: SeededCard[];
    try {
      await migrateToLatest(handle.db);
      cards = await seedCards(handle.db, CARDS);
    } finally {
      await handle.close();
    }
    const results: Measured[] = [];
    for (const budgetMb of BUDGETS) {
      console.log(`CACHE_MB=${budgetMb}: two passes over ${CARDS} pages and ${CARDS * 2} short links…`);
      results.push(await measure(budgetMb, dataDir, database.env, cards));
    }
    const mb = (value: number) => value.toFixed(0);
    console.log(
      [
        `| CACHE_MB | RSS at start | after the 1st pass | after the 2nd pass | peak | a pass (s) |`,
        '|---:|---:|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.budgetMb} | ${mb(r.startMb)} MB | ${mb(r.afterFirstMb)} MB | ${mb(r.afterSecondMb)} MB | ${mb(
              r.peakMb,
            )} MB | ${r.passSeconds.toFixed(1)} |`,
        ),
      ].join('\n'),
    );
    const verdict = results.find((result) => result.budgetMb === DEFAULT_BUDGET_MB);
    if (verdict) {
      // the peak too: a full cache that misses and evicts on every card is still a full cache
      const pass = verdict.peakMb < TARGET_RSS_MB;
      console.log(
        `${pass ? 'PASS' : 'FAIL'}: ${mb(verdict.afterFirstMb)} MB once the default budget is full, ${mb(
          verdict.peakMb,
        )} MB at the peak of the second pass (target: under ${TARGET_RSS_MB} MB at the peak, the cache full)`,
      );
      if (!pass) process.exitCode = 1;
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
