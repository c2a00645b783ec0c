// npm run bench: how fast the public pages are, measured against the machine's ceiling.
//
// Starts the built app (node scripts/start.mjs, which builds first when there is no build or the sources
// are newer) on a fresh temporary DATA_DIR, where the empty embedded database gets the demo card, and a
// bare Fastify server answering a constant (the ceiling: what this machine does with no work at all) and
// a constant as long as the profile page as sent (the cost of moving those bytes alone). Each target then
// gets autocannon with 50 connections for 10 seconds, after a short warm-up. Requests carry a phone
// browser's headers (User-Agent, Accept-Language, Accept-Encoding), so every page request is a counted
// view and the view queue is under the same load; the views written are checked once the app has
// stopped. The server's own CPU time per request is shown too (Linux): on a shared machine it moves less
// than requests per second do.
// Targets (ARCHITECTURE.md "Public pages are fast and safe"): the profile page at >= 40% of the ceiling
// with p99 < 50 ms. Never a test: timings depend on the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { pino } from 'pino';
import { openDatabase } from '../server/lib/db.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;
const PORTS = { first: 3500, last: 3599 };
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 50;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
const page = 'x'.repeat(Number(process.env.PAGE_BYTES));
app.get('/', async () => 'ok');
app.get('/page', async (request, reply) => reply.type('text/html; charset=utf-8').send(page));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\\n');
`;

interface Measured {
  name: string;
  path: string;
  bytes: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  served: number;
  failed: number;
  /** Server CPU time per request, in microseconds; null where /proc is not available. */
  cpuMicroseconds: number | null;
}

/** User plus system CPU time of a process in milliseconds (Linux /proc: clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function freePort(exclude: number[] = []): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port++) {
    if (exclude.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${PORTS.first} and ${PORTS.last}`);
}

/** Starts a process and waits until its output contains `ready`; its output is kept for errors. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: string) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${args.at(-1)} exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { child, started };
}

/** Ends a process by its pid (SIGTERM, then SIGKILL after a grace period) and waits for it. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  const killer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

function run(url: string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      'user-agent': BROWSER,
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    },
  });
}

async function measure(
  server: ChildProcess,
  name: string,
  origin: string,
  urlPath: string,
): Promise<Measured> {
  const warmUp = await run(origin + urlPath, WARM_UP_S);
  const cpuBefore = cpuMs(server.pid);
  const result = await run(origin + urlPath, DURATION_S);
  const cpuAfter = cpuMs(server.pid);
  return {
    name,
    path: urlPath,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    served: warmUp['2xx'] + result['2xx'],
    failed: warmUp.non2xx + warmUp.errors + result.non2xx + result.errors,
    cpuMicroseconds:
      cpuBefore === null || cpuAfter === null
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total)),
  };
}

function table(rows: Measured[], ceiling: number): string {
  const lines = [
    '| target | path | bytes/response | requests/s | p50 ms | p99 ms | of ceiling | server CPU µs/request | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.path} | ${row.bytes} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${
          row.p99
        } | ${Math.round((row.requestsPerSecond / ceiling) * 100)}% | ${row.cpuMicroseconds ?? '–'} | ${row.failed} |`,
    ),
  ];
  return lines.join('\n');
}

async function countViews(dataDir: string): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir }, pino({ level: 'silent' }));
  try {
    const { rows } = await sql<{
      count: number;
    }>`select coalesce(sum(views), 0)::int as count from profile_views`.execute(database.db);
    return rows[0]?.count ?? 0;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-'));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const appPort = await freePort();
    const barePort = await freePort([appPort]);
    const origin = `http://127.0.0.1:${appPort}`;
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      // the embedded database, empty: the app creates the demo card on its first start
      DATABASE_URL: '',
      // one line per request would measure the logger
      LOG_LEVEL: 'warn',
    };
    console.log('Starting the app (building first if needed)…');
    const appProcess = startProcess(process.execPath, ['scripts/start.mjs'], env, 'Tapcard is running');
    app = appProcess.child;
    await appProcess.started;

    const page = await fetch(`${origin}/demo`, { headers: { 'user-agent': 'TapcardBenchBot/1.0' } });
    const html = await page.text();
    const vcf = /href="(\/vcard\/[0-9a-f-]+\/contact\.vcf)"/.exec(html)?.[1];
    if (page.status !== 200 || !vcf)
      throw new Error(`/demo did not show the demo card (HTTP ${page.status})`);

    // fetch asks for gzip as browsers do: Content-Length is the page as sent
    const sentBytes = Number(page.headers.get('content-length') ?? Buffer.byteLength(html));
    const bareProcess = startProcess(
      process.execPath,
      ['--input-type=module', '-e', BARE_SERVER],
      { ...process.env, PORT: String(barePort), PAGE_BYTES: String(sentBytes) },
      'ready',
    );
    bare = bareProcess.child;
    await bareProcess.started;

    const bareOrigin = `http://127.0.0.1:${barePort}`;
    const ceiling = await measure(bare, 'bare Fastify, constant (ceiling)', bareOrigin, '/');
    const samePage = await measure(bare, 'bare Fastify, constant as long as the page', bareOrigin, '/page');
    await stop(bare);
    const profile = await measure(app, 'public profile', origin, '/demo');
    const contact = await measure(app, 'Save contact (.vcf)', origin, vcf);
    const rows = [ceiling, samePage, profile, contact];

    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARM_UP_S} s warm-up\n`);
    console.log(table(rows, ceiling.requestsPerSecond));
    console.log(
      `\nProfile page HTML with its CSS: ${Buffer.byteLength(html)} bytes, ${sentBytes} sent gzipped (photo excluded)`,
    );
    const ratio = profile.requestsPerSecond / ceiling.requestsPerSecond;
    console.log(
      `Target: profile >= ${TARGET_RATIO * 100}% of the ceiling with p99 < ${TARGET_P99_MS} ms: ${
        ratio >= TARGET_RATIO && profile.p99 < TARGET_P99_MS ? 'met' : 'NOT met'
      }`,
    );
    console.log(
      `Profile against a bare server sending as many bytes: ${Math.round(
        (profile.requestsPerSecond / samePage.requestsPerSecond) * 100,
      )}%`,
    );

    // stopping the app writes the views still queued (onClose); then the database can be opened here
    await stop(app);
    const views = await countViews(path.join(dataDir, 'pglite'));
    // autocannon counts answers received within each run; up to one request per connection is still
    // in flight when a run ends, and is answered and counted all the same
    console.log(
      `Views written: ${views} for ${profile.served} pages answered in time (+ up to ${
        2 * CONNECTIONS
      } in flight at the ends of the runs)`,
    );
  } finally {
    await stop(bare);
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(1);
});
