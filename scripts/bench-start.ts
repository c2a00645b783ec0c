// npm run bench:start: how long the built server takes from its start to /health/ready, and to stop, as
// an operator's restart has it: `node dist/server/main.js` (what the Docker image and a service manager
// run; npm start checks the build first). Cold: the first start on an empty data folder (the embedded
// database sets its data directory up, the migrations run, the demo card is made). Warm: RESTARTS starts
// one after another on that folder. Each stop is SIGTERM, timed until the process has exited; a stop that
// ended with the graceful stop's "killed by timeout" is named. `--postgres` runs on a temporary database
// beside the server DATABASE_URL names (dropped afterwards). Target: a warm restart to ready under 3 s
// (median). Never a test: timings depend on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.mjs';
import { freePort, portRange, startProcess, stop } from './lib/app-process.ts';
import { appBenchDatabase } from './lib/temporary-database.ts';
import { STARTED_LINE } from '../server/lib/started-line.ts';

const { values: options } = parseArgs({ options: { postgres: { type: 'boolean', default: false } } });
const RESTARTS = 5;
const TARGET_MS = 3_000;
const PORTS = portRange('BENCH_PORTS', '3500-3599');
/** Longer than the server's own graceful stop (10 s), so its "killed by timeout" is seen, not ours. */
const STOP_LIMIT_MS = 20_000;

interface Run {
  readyMs: number;
  stopMs: number;
  killedByTimeout: boolean;
}

async function untilReady(origin: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${origin}/health/ready did not answer 200 within ${limitMs} ms`);
}

/** One start to ready and its stop, on `dataDir` with `env`. */
async function startAndStop(dataDir: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const port = await freePort(PORTS);
  const origin = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const server = startProcess(
    process.execPath,
    ['dist/server/main.js'],
    {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    STARTED_LINE,
  );
  try {
    await server.started;
    await untilReady(origin, 60_000);
  } catch (error) {
    await stop(server.child, 0);
    throw new Error(`${(error as Error).message}\n${server.output()}`, { cause: error });
  }
  const readyMs = performance.now() - startedAt;
  const stopping = performance.now();
  await stop(server.child, STOP_LIMIT_MS);
  return {
    readyMs,
    stopMs: performance.now() - stopping,
    killedByTimeout: server.output().includes('killed by timeout'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  if (options.postgres && !process.env.DATABASE_URL) throw new Error('--postgres needs DATABASE_URL');
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-start-'));
  const database = await appBenchDatabase(dataDir, options.postgres ? process.env.DATABASE_URL : undefined);
  try {
    const where = options.postgres
      ? 'PostgreSQL (a new database)'
      : 'the embedded database (an empty DATA_DIR)';
    console.log(`\nnpm run bench:start: node dist/server/main.js on ${where}, Node ${process.version}\n`);
    const cold = await startAndStop(dataDir, database.env);
    const warm: Run[] = [];
    for (let index = 0; index < RESTARTS; index++) warm.push(await startAndStop(dataDir, database.env));
    console.log('| start | to /health/ready | stop | killed by timeout |');
    console.log('|---|---:|---:|---|');
    for (const [name, run] of [['cold (first)', cold], ...warm.map((run, i) => [`warm ${i + 1}`, run])] as [
      string,
      Run,
    ][]) {
      console.log(
        `| ${name} | ${seconds(run.readyMs)} | ${seconds(run.stopMs)} | ${run.killedByTimeout ? 'YES' : 'no'} |`,
      );
    }
    const warmMedian = median(warm.map((run) => run.readyMs));
    const killed = [cold, ...warm].filter((run) => run.killedByTimeout).length;
    console.log(
      `\nTarget: a warm restart to ready under ${seconds(TARGET_MS)}: median ${seconds(warmMedian)}, ${warmMedian < TARGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`Stops killed by timeout: ${killed} of ${warm.length + 1}`);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:start: ${(error as Error).message}`);
  process.exit(1);
});
