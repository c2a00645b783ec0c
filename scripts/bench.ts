// npm run bench: how fast the public pages and short links are, measured against the machine's ceiling.
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
// The short link (/l/{code}, a profile link of the demo card) is measured with a fixed number of requests
// (as many as its warm-up's pace gives in the same time), so that every request is answered before the
// run ends and none is cut off in flight; once the app has stopped (which writes the queued hits), the
// link's click_count and its events must equal the number of 302 answers exactly.
// Targets (ARCHITECTURE.md "Public pages are fast and safe", issue 5): the profile page at >= 40% of the
// ceiling and the short link at >= 50%, both with p99 < 50 ms, and no lost count. Never a test: timings
// depend on the machine. BENCH_PORTS=first-last picks the ports tried (default 3500-3599).
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
const PORTS = portRange(process.env.BENCH_PORTS ?? '3500-3599');
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TARGET_RATIO = 0.4;
const SHORT_LINK_TARGET_RATIO = 0.5;
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
  /** Answers with the expected status, warm-up included. */
  served: number;
  /** Answers with the expected status in the measured run alone. */
  servedMeasured: number;
  failed: number;
  /** Server CPU time per request, in microseconds; null where /proc is not available. */
  cpuMicroseconds: number | null;
}

function portRange(value: string): { first: number; last: number } {
  const match = /^(\d+)-(\d+)$/.exec(value);
  if (!match || Number(match[1]) > Number(match[2]))
    throw new Error(`BENCH_PORTS must look like 3500-3599, not ${value}`);
  return { first: Number(match[1]), last: Number(match[2]) };
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

/** A run for a duration in seconds, or of an exact number of requests. */
function run(url: string, length: { seconds: number } | { requests: number }) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    ...('seconds' in length ? { duration: length.seconds } : { amount: length.requests }),
    headers: {
      'user-agent': BROWSER,
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    },
  });
}

interface MeasureOptions {
  /** The status every answer should have (else counted as failed). */
  status?: number;
  /**
   * Warm up on this path, then send exactly as many requests to the measured one as the warm-up's pace
   * gives in DURATION_S: every one is answered, none is cut off in flight when the run ends.
   */
  exactAfterWarmUpOn?: string;
}

async function measure(
  server: ChildProcess,
  name: string,
  origin: string,
  urlPath: string,
  options: MeasureOptions = {},
): Promise<Measured> {
  const status = options.status ?? 200;
  const warmUp = await run(origin + (options.exactAfterWarmUpOn ?? urlPath), { seconds: WARM_UP_S });
  const cpuBefore = cpuMs(server.pid);
  const result = await run(
    origin + urlPath,
    options.exactAfterWarmUpOn
      ? { requests: Math.round((warmUp.requests.total / warmUp.duration) * DURATION_S) }
      : { seconds: DURATION_S },
  );
  const cpuAfter = cpuMs(server.pid);
  const answered = (outcome: autocannon.Result) => outcome.statusCodeStats?.[`${status}`]?.count ?? 0;
  const failed = (outcome: autocannon.Result) => outcome.requests.total - answered(outcome) + outcome.errors;
  return {
    name,
    path: urlPath,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    served: answered(warmUp) + answered(result),
    servedMeasured: answered(result),
    failed: failed(warmUp) + failed(result),
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

/** What the stopped app wrote: every profile view, and the counts of one short link. */
async function countsWritten(dataDir: string, code: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir }, pino({ level: 'silent' }));
  try {
    const {
      rows: [counts],
    } = await sql<{ views: number; scans: number; clicks: number; eventHits: number }>`
      select
        (select coalesce(sum(views), 0)::int from profile_views) as views,
        links.scan_count as scans,
        links.click_count as clicks,
        (select coalesce(sum(hits), 0)::int from link_events where link_id = links.id) as "eventHits"
      from links where code = ${code}`.execute(database.db);
    if (!counts) throw new Error(`the short link ${code} is gone`);
    return counts;
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
    // the demo card's profile links: one to warm up on, one measured and checked
    const [warmUpLink, checkedLink] = [...html.matchAll(/href="https?:\/\/[^/"]+(\/l\/([0-9A-Za-z]+))"/g)];
    if (!warmUpLink?.[1] || !checkedLink?.[1] || !checkedLink[2])
      throw new Error('/demo did not link its profile links through /l/{code}');

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
    const shortLink = await measure(app, 'short link (302, counted click)', origin, checkedLink[1], {
      status: 302,
      exactAfterWarmUpOn: warmUpLink[1],
    });
    const rows = [ceiling, samePage, profile, contact, shortLink];

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
    const linkRatio = shortLink.requestsPerSecond / ceiling.requestsPerSecond;
    console.log(
      `Target: short link >= ${SHORT_LINK_TARGET_RATIO * 100}% of the ceiling with p99 < ${TARGET_P99_MS} ms: ${
        linkRatio >= SHORT_LINK_TARGET_RATIO && shortLink.p99 < TARGET_P99_MS ? 'met' : 'NOT met'
      }`,
    );
    console.log(
      `Profile against a bare server sending as many bytes: ${Math.round(
        (profile.requestsPerSecond / samePage.requestsPerSecond) * 100,
      )}%`,
    );

    // stopping the app writes the views and hits still queued (onClose); then the database can be opened
    await stop(app);
    const written = await countsWritten(path.join(dataDir, 'pglite'), checkedLink[2]);
    const { views } = written;
    // autocannon counts answers received within each run; up to one request per connection is still
    // in flight when a run ends, and is answered and counted all the same
    console.log(
      `Views written: ${views} for ${profile.served} pages answered in time (+ up to ${
        2 * CONNECTIONS
      } in flight at the ends of the runs)`,
    );
    // the measured run of the short link had no request in flight at its end: its count must be exact
    const exact =
      written.clicks === shortLink.servedMeasured &&
      written.eventHits === shortLink.servedMeasured &&
      written.scans === 0;
    console.log(
      `Short link ${checkedLink[1]}: ${shortLink.servedMeasured} answered 302; click_count ${
        written.clicks
      }, scan_count ${written.scans}, link_events hits ${written.eventHits}: ${exact ? 'PASS' : 'FAIL'}`,
    );
    if (!exact) process.exitCode = 1;
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
