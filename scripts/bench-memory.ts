// npm run bench:memory: how much memory one server takes with its caches in use, and whether it keeps
// growing. Writes 5 000 cards (each with two profile links) into a temporary database, starts the built app
// on it (in production mode, with the Docker image's NODE_OPTIONS) once per cache budget (CACHE_MB 64, the
// default, then 1024), requests every card's page and both its short links in five passes (a cached
// profile lives a minute, so every pass renders every page again; with BENCH_MEMORY_CARDS=8000 the
// default budget is full, and every pass also misses and evicts), and reads the server's resident memory
// (Linux /proc) at start and its peak after each pass. Target: under 256 MB at the peak of every pass with
// the default budget (the script fails otherwise). On the embedded database by default, on PostgreSQL
// with DATABASE_URL (a temporary database beside it, dropped afterwards). BENCH_MEMORY_CARDS changes the
// number of cards, BENCH_MEMORY_PASSES the passes, BENCH_MEMORY_BUDGETS the budgets (comma-separated
// megabytes), BENCH_PORTS the ports tried.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../server/lib/db.ts';
import { heapNeededMb } from '../server/lib/heap-room.ts';
import { freePort, portRange, startBuiltApp, stop } from './lib/app-process.ts';
import { imageNodeOptions } from './lib/docker-image.ts';
import { residentMemory, seedCards, visitCards, type SeededCard } from './lib/many-cards.ts';
import { appBenchDatabase } from './lib/temporary-database.ts';

const CARDS = Number(process.env.BENCH_MEMORY_CARDS ?? 5_000);
const PASSES = Number(process.env.BENCH_MEMORY_PASSES ?? 5);
const BUDGETS = (process.env.BENCH_MEMORY_BUDGETS ?? '64,1024').split(',').map(Number);
const DEFAULT_BUDGET_MB = 64;
const TARGET_RSS_MB = 256;
const PORTS = portRange('BENCH_PORTS', '3500-3599');
/** Node's options in the Docker image (its heap cap): the app is measured as deployed. */
const IMAGE_NODE_OPTIONS = imageNodeOptions();

interface Measured {
  budgetMb: number;
  nodeOptions: string;
  startMb: number;
  /** The resident peak so far, after each pass. */
  peakAfterPassMb: number[];
  /** The first pass's duration. */
  passSeconds: number;
}

/**
 * The image's options, with the heap cap raised for a budget larger than it leaves room for (the server
 * refuses to start otherwise, server/lib/heap-room.ts), as an operator raising CACHE_MB would.
 */
function nodeOptionsFor(budgetMb: number): string {
  const needed = heapNeededMb(budgetMb);
  return IMAGE_NODE_OPTIONS.replace(/--max-old-space-size=(\d+)/, (option, capMb: string) =>
    Number(capMb) >= needed ? option : `--max-old-space-size=${needed}`,
  );
}

async function measure(
  budgetMb: number,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  cards: SeededCard[],
): Promise<Measured> {
  const port = await freePort(PORTS);
  const nodeOptions = nodeOptionsFor(budgetMb);
  // in production mode, as deployed: React's development build makes several times the garbage per page
  const app = startBuiltApp(port, dataDir, {
    ...env,
    NODE_ENV: 'production',
    NODE_OPTIONS: nodeOptions,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // production requires a mail server; nothing here sends mail
    SMTP_URL: 'smtp://127.0.0.1:25',
    CACHE_MB: String(budgetMb),
  });
  try {
    await app.started;
    const pid = app.child.pid!;
    await sleep(2_000);
    const start = await residentMemory(pid);
    const origin = `http://127.0.0.1:${port}`;
    const peakAfterPassMb: number[] = [];
    let passSeconds = 0;
    for (let pass = 1; pass <= PASSES; pass++) {
      const passStarted = performance.now();
      await visitCards(origin, cards);
      if (pass === 1) passSeconds = (performance.now() - passStarted) / 1000;
      // the counted views and follows are written within a second
      await sleep(2_000);
      const { peakMb } = await residentMemory(pid);
      peakAfterPassMb.push(peakMb);
      console.log(`  pass ${pass}: peak ${peakMb.toFixed(0)} MB`);
    }
    return { budgetMb, nodeOptions, startMb: start.rssMb, peakAfterPassMb, passSeconds };
  } finally {
    await stop(app.child);
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-memory-'));
  const database = await appBenchDatabase(dataDir, process.env.DATABASE_URL);
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
      console.log(`CACHE_MB=${budgetMb}: ${PASSES} passes over ${CARDS} pages and ${CARDS * 2} short links…`);
      results.push(await measure(budgetMb, dataDir, database.env, cards));
    }
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    const passes = Array.from({ length: PASSES }, (_, index) => index + 1);
    console.log(
      [
        `| CACHE_MB | NODE_OPTIONS | RSS at start | ${passes.map((pass) => `peak after pass ${pass}`).join(' | ')} | a pass (s) |`,
        `|---:|---|---:|${passes.map(() => '---:|').join('')}---:|`,
        ...results.map(
          (r) =>
            `| ${r.budgetMb} | \`${r.nodeOptions}\` | ${mb(r.startMb)} | ${r.peakAfterPassMb
              .map(mb)
              .join(' | ')} | ${r.passSeconds.toFixed(1)} |`,
        ),
      ].join('\n'),
    );
    const verdict = results.find((result) => result.budgetMb === DEFAULT_BUDGET_MB);
    if (verdict) {
      // the peak of the last pass is the highest of all: a full cache that misses and evicts on every card
      // pass after pass must not creep up
      const peakMb = verdict.peakAfterPassMb.at(-1)!;
      const pass = peakMb < TARGET_RSS_MB;
      console.log(
        `${pass ? 'PASS' : 'FAIL'}: ${mb(peakMb)} at the peak after ${PASSES} passes with the default budget full ` +
          `(after each: ${verdict.peakAfterPassMb.map((value) => value.toFixed(0)).join(', ')}; ` +
          `target: under ${TARGET_RSS_MB} MB)`,
      );
      if (!pass) process.exitCode = 1;
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
