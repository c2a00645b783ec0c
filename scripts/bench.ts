// npm run bench: how fast the public pages and short links are, measured against the machine's ceiling.
//
// Starts the built app (node scripts/start.mjs, which builds first when there is no build or the sources
// are newer) on a fresh temporary DATA_DIR, where the empty embedded database gets the demo card, and a
// bare Fastify server answering a constant (the ceiling: what this machine does with no work at all) and
// a constant as long as the profile page as sent (the cost of moving those bytes alone). Each target gets
// a short warm-up (autocannon, which checks every answer's status), then 50 connections in 5 rounds of 2
// seconds through wrk where it is installed (Debian's `wrk`; else autocannon), the targets taken in turn
// so that each round is compared with the ceiling's round just before it (a shared machine's pace drifts
// within a minute); its share of the ceiling is the median of those rounds. Requests carry a phone
// browser's headers (User-Agent, Accept-Language, Accept-Encoding), so every page request is a counted
// view and the view queue is under the same load; the views written are checked once the app has
// stopped. The server's own CPU time per request is shown too (Linux): on a shared machine it moves less
// than requests per second do.
// The short link (/l/{code}, a profile link of the demo card) is timed in rounds like the pages. Another
// of the card's links is then followed a fixed number of times (every request answered before the run ends,
// none cut off in flight); once the app has stopped (which writes the queued hits), that link's click_count
// and its events must equal its 302 answers exactly.
// Card designs: after the demo card is made, the app is stopped and given one copy of the demo
// card per layout (/vcard/{id}, each with a web font, a cover, the logo and another button style) and one
// copy in the free design, then started again; each is measured like the profile page, and compared with
// the free-design copy (target: within 10%). That copy, not /demo, is the baseline: a /vcard/{id} address
// is longer, so its QR code has more modules and the page more bytes, whatever its design.
// Cold round: while the app is stopped, 1 000 cards of as many owners are written too (100 in a smoke);
// once it is up, before anything warms its caches, each card's page and one of its short links is visited
// once (found through the database) and then again (from memory), 8 at a time, each request timed.
// Targets (ARCHITECTURE.md "Public pages are fast and safe"), with full analytics recorded: the profile
// page and its .vcf at >= 60% of the ceiling and the short link at >= 85%, each with p99 < 50 ms, and no
// lost count; every target's p99 within 2× the ceiling's at the same load; a cold visit within 3× a warm
// one (medians). Never a test: timings depend on the machine. BENCH_PORTS=first-last picks the ports tried
// (default 3500-3599).
// Edits: from the moment the servers are up until the load ends (with several servers, at least a minute:
// the load goes on until then), the demo account saves a copy of the demo card once a second through each server in turn,
// and every server's page of it must show each save within a second (scripts/lib/edits-everywhere.ts).
// Modes: `--postgres` runs the app on a throwaway PostgreSQL database beside the server DATABASE_URL names
// (dropped afterwards) instead of the embedded one; `--processes N` (with --postgres) starts N servers on
// that database, as a deployment scaled out would, and each target (the ceiling too: N bare servers) gets
// 1/N of the connections and requests on each server at once; the counts are checked exactly across all
// of them. `--smoke` makes every run one short round: CI's check that the modes work and count exactly,
// not a measure of speed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { pino } from 'pino';
import type { DatabaseConfig } from '../server/config.ts';
import { DEMO_EMAIL, DEMO_PASSWORD_FILE } from '../server/demo/service.ts';
import { openDatabase } from '../server/lib/db.ts';
import {
  BUTTON_STYLES,
  CARD_FONTS,
  CARD_LAYOUTS,
  FREE_DESIGN,
  type CardDesign,
  type CardLayout,
} from '../src/schemas/card-design.ts';
import { freePort, portRange, startBuiltApp, startProcess, stop } from './lib/app-process.ts';
import { EDIT_SHOWN_WITHIN_MS, editEverySecond, signIn, type EditsReport } from './lib/edits-everywhere.ts';
import { appBenchDatabase } from './lib/temporary-database.ts';
import { seedCards, timeVisits, visitsOf, type SeededCard } from './lib/many-cards.ts';
import { findWrk, runWrk } from './lib/wrk.ts';

const { values: options } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
    smoke: { type: 'boolean', default: false },
  },
});
const PROCESSES = Number(options.processes);
const CONNECTIONS = 50;
const ROUNDS = options.smoke ? 1 : 5;
const ROUND_S = options.smoke ? 1 : 2;
const WARM_UP_S = options.smoke ? 1 : 2;
const PORTS = portRange('BENCH_PORTS', '3500-3599');
/** The load generator of the timed rounds: wrk where it is installed, else autocannon (scripts/lib/wrk.ts). */
const WRK = findWrk();
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The profile page and its Save contact (.vcf), with full analytics recorded: this share of the ceiling. */
const TARGET_RATIO = 0.6;
/** The counted short link, with full analytics recorded. */
const SHORT_LINK_TARGET_RATIO = 0.85;
const TARGET_P99_MS = 50;
/** The follows of the short link whose count is checked exactly (not timed). */
const EXACT_FOLLOWS = options.smoke ? 2_000 : 20_000;
/** A designed page against the same card's page in the free design: at least this share of its pace. */
const LAYOUT_TARGET_RATIO = 0.9;
/** The cards of the cold round (their pages and a short link each, first visits then warm ones). */
const COLD_CARDS = options.smoke ? 100 : 1_000;
const COLD_CONCURRENCY = 8;
/** A cold visit (loaded through the database) within this many times a warm one's time (medians). */
const COLD_TARGET_RATIO = 3;
/** Every target's p99 within this many times the ceiling's, at the same load. */
const P99_TARGET_RATIO = 2;
/**
 * The edits are checked under load for at least this long from the servers' start: a minute in a
 * measure, 20 s in CI's smoke (about 20 edits through the servers in turn, each still checked on all).
 */
const EDITS_WINDOW_MS = options.smoke ? 20_000 : 60_000;

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
  /** The median of its rounds. */
  requestsPerSecond: number;
  /** The median of its rounds. */
  p50: number;
  /** The highest of its rounds. */
  p99: number;
  /** Answers with the expected status, warm-up included. */
  served: number;
  failed: number;
  /** The median of its rounds' paces, each divided by the ceiling's in the round just before. */
  ofCeiling: number;
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

/** One process answering: an app server or a bare one. */
interface Server {
  child: ChildProcess;
  origin: string;
}

/** What a run saw, summed over the servers it was spread across. */
interface RunResult {
  requests: number;
  /** Seconds: the longest of the servers' runs. */
  duration: number;
  errors: number;
  statusCounts: Record<string, number>;
  /** Bytes received; null where the load generator does not count them exactly (wrk). */
  bytes: number | null;
  /** The highest of the servers'. */
  p50: number;
  p99: number;
}

/** `total` split into `parts` nearly equal whole shares. */
function shares(total: number, parts: number): number[] {
  return Array.from(
    { length: parts },
    (_, index) => Math.floor(total / parts) + (index < total % parts ? 1 : 0),
  );
}

const HEADERS = {
  'user-agent': BROWSER,
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/**
 * A timed round through wrk on every server at once, each given its share of the connections. wrk tells
 * answers of 400 or more from the rest, not one status from another: each target's status is checked
 * answer by answer in its warm-up, which autocannon runs.
 */
async function timedWithWrk(wrk: string, servers: Server[], path: string, seconds: number, status: number) {
  const connections = shares(CONNECTIONS, servers.length);
  const results = await Promise.all(
    servers.map((server, index) =>
      runWrk(wrk, { url: server.origin + path, connections: connections[index]!, seconds, headers: HEADERS }),
    ),
  );
  const requests = results.reduce((total, result) => total + result.requests, 0);
  const refused = results.reduce((total, result) => total + result.refused, 0);
  return {
    requests,
    duration: Math.max(...results.map((result) => result.duration)),
    errors: results.reduce((total, result) => total + result.socketErrors, 0),
    statusCounts: { [String(status)]: requests - refused },
    // wrk reads bytes in whole kilobytes: the warm-up's count per answer stands for them
    bytes: null,
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
  } satisfies RunResult;
}

/**
 * A run through autocannon for a duration in seconds, or of an exact number of requests, on every server
 * at once, each given its share of the connections (and of the requests).
 */
async function run(
  servers: Server[],
  path: string,
  length: { seconds: number } | { requests: number },
): Promise<RunResult> {
  const connections = shares(CONNECTIONS, servers.length);
  const requests = 'requests' in length ? shares(length.requests, servers.length) : null;
  const results = await Promise.all(
    servers.map((server, index) =>
      autocannon({
        url: server.origin + path,
        connections: connections[index],
        ...('seconds' in length ? { duration: length.seconds } : { amount: requests?.[index] }),
        headers: HEADERS,
      }),
    ),
  );
  const statusCounts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
      statusCounts[status] = (statusCounts[status] ?? 0) + (stats?.count ?? 0);
    }
  }
  const sum = (value: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + value(result), 0);
  const highest = (value: (result: autocannon.Result) => number) => Math.max(...results.map(value));
  return {
    requests: sum((result) => result.requests.total),
    duration: highest((result) => result.duration),
    errors: sum((result) => result.errors),
    statusCounts,
    bytes: sum((result) => result.throughput.total),
    p50: highest((result) => result.latency.p50),
    p99: highest((result) => result.latency.p99),
  };
}

interface Target {
  name: string;
  servers: Server[];
  path: string;
  /** The status every answer should have (else counted as failed). */
  status?: number;
}

/** One round of one target: what autocannon saw and the servers' CPU time meanwhile. */
interface Round {
  result: RunResult;
  cpuMs: number | null;
}

/** The CPU time of every server of a target; null where /proc is not available. */
function serversCpuMs(servers: Server[]): number | null {
  const times = servers.map((server) => cpuMs(server.child.pid));
  return times.every((time) => time !== null) ? times.reduce((sum, time) => sum + time, 0) : null;
}

/** Warms a target up. */
async function warmUp(target: Target): Promise<{ served: number; failed: number; bytes: number }> {
  const result = await run(target.servers, target.path, { seconds: WARM_UP_S });
  return {
    served: answered(target, result),
    failed: failed(target, result),
    bytes: (result.bytes ?? 0) / Math.max(1, result.requests),
  };
}

async function round(target: Target): Promise<Round> {
  const cpuBefore = serversCpuMs(target.servers);
  const result = WRK
    ? await timedWithWrk(WRK, target.servers, target.path, ROUND_S, target.status ?? 200)
    : await run(target.servers, target.path, { seconds: ROUND_S });
  const cpuAfter = serversCpuMs(target.servers);
  return { result, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

const answered = (target: Target, result: RunResult) => result.statusCounts[`${target.status ?? 200}`] ?? 0;
const failed = (target: Target, result: RunResult) =>
  result.requests - answered(target, result) + result.errors;
const perSecond = (result: RunResult) => result.requests / result.duration;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Every target in turn, round after round, so that each round of a target is compared with the ceiling's
 * round just before it: on a shared machine the pace drifts by half within a minute, and a ceiling
 * measured once at the start would compare a target with another moment's machine.
 */
async function measureInRounds(ceiling: Target, targets: Target[]): Promise<Measured[]> {
  const all = [ceiling, ...targets];
  const warmUps: Awaited<ReturnType<typeof warmUp>>[] = [];
  for (const target of all) warmUps.push(await warmUp(target));
  const rounds: Round[][] = all.map(() => []);
  for (let index = 0; index < ROUNDS; index++) {
    for (const [position, target] of all.entries()) {
      rounds[position]!.push(await round(target));
    }
  }
  return all.map((target, position) => {
    const own = rounds[position]!;
    const results = own.map(({ result }) => result);
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const cpu = own.every(({ cpuMs }) => cpuMs !== null)
      ? own.reduce((sum, { cpuMs }) => sum + cpuMs!, 0)
      : null;
    const servedMeasured = results.reduce((sum, result) => sum + answered(target, result), 0);
    return {
      name: target.name,
      path: target.path,
      bytes: Math.round(
        results.every((result) => result.bytes !== null)
          ? results.reduce((sum, result) => sum + result.bytes!, 0) / Math.max(1, requests)
          : warmUps[position]!.bytes,
      ),
      requestsPerSecond: median(results.map(perSecond)),
      ofCeiling: median(
        results.map((result, index) => perSecond(result) / perSecond(rounds[0]![index]!.result)),
      ),
      p50: median(results.map((result) => result.p50)),
      p99: Math.max(...results.map((result) => result.p99)),
      served: warmUps[position]!.served + servedMeasured,
      failed: warmUps[position]!.failed + results.reduce((sum, result) => sum + failed(target, result), 0),
      cpuMicroseconds: cpu === null ? null : Math.round((cpu * 1000) / Math.max(1, requests)),
    };
  });
}

/** Milliseconds to a tenth (wrk reads microseconds, autocannon whole milliseconds). */
const ms = (value: number) => String(Math.round(value * 10) / 10);

function table(rows: Measured[], ceilingP99: number): string {
  const lines = [
    "| target | path | bytes/response | requests/s | p50 ms | p99 ms | p99 against the ceiling's | of ceiling | server CPU µs/request | failed |",
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.path} | ${row.bytes} | ${Math.round(row.requestsPerSecond)} | ${ms(row.p50)} | ${ms(
          row.p99,
        )} | ${times(row.p99 / ceilingP99)} | ${Math.round(row.ofCeiling * 100)}% | ${row.cpuMicroseconds ?? '–'} | ${row.failed} |`,
    ),
  ];
  return lines.join('\n');
}

/** A ratio as `2.3×`. */
const times = (ratio: number) => `${Math.round(ratio * 10) / 10}×`;

/** The value below which `share` of `values` fall (the nearest rank). */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
}

/** How long one kind of visit of the cold round took, cold and then warm (ms). */
interface ColdAndWarm {
  name: string;
  count: number;
  cold: { p50: number; p99: number };
  warm: { p50: number; p99: number };
}

/**
 * The cold round: the first visit of each of many cards' pages and one of their short links, each found
 * through the database (the page joins the plan view, the link its owner's plan), `COLD_CONCURRENCY` at a
 * time over the servers; then the same visits again, warm, each on the server that loaded it.
 */
async function coldRound(servers: Server[], cards: SeededCard[]): Promise<ColdAndWarm[]> {
  const visits = visitsOf(cards, 1);
  const origins = servers.map((server) => server.origin);
  const cold = await timeVisits(origins, visits, COLD_CONCURRENCY);
  const warm = await timeVisits(origins, visits, COLD_CONCURRENCY);
  const summary = (took: number[], status: number) => {
    const own = took.filter((_, index) => visits[index]!.status === status);
    return { p50: percentile(own, 0.5), p99: percentile(own, 0.99) };
  };
  return [
    { name: 'card page', status: 200 },
    { name: 'short link', status: 302 },
  ].map(({ name, status }) => ({
    name,
    count: visits.filter((visit) => visit.status === status).length,
    cold: summary(cold, status),
    warm: summary(warm, status),
  }));
}

function coldTable(rows: ColdAndWarm[]): string {
  return [
    '| visit | visits | cold p50 ms | cold p99 ms | warm p50 ms | warm p99 ms | cold p50 against warm |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.count} | ${ms(row.cold.p50)} | ${ms(row.cold.p99)} | ${ms(row.warm.p50)} | ${ms(
          row.warm.p99,
        )} | ${times(row.cold.p50 / row.warm.p50)} |`,
    ),
  ].join('\n');
}

/** What the stopped app wrote: every profile view, and the counts of one short link. */
async function countsWritten(config: DatabaseConfig, code: string) {
  const database = await openDatabase(config, pino({ level: 'silent' }));
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

/**
 * Copies of the demo card: one in the free design, one per layout (with a web font, a cover, image or
 * gradient, the demo photo as its logo and a button style each), and one in the free design that the
 * edits change; and the cold round's cards, each of its own owner. The app must be stopped (the embedded
 * database admits one process).
 */
async function addCardCopies(config: DatabaseConfig): Promise<{
  freeDesign: string;
  layouts: { layout: CardLayout; path: string }[];
  edited: { id: string; path: string };
  cold: SeededCard[];
}> {
  const database = await openDatabase(config, pino({ level: 'silent' }));
  try {
    const demo = await database.db
      .selectFrom('vcards')
      .innerJoin('profiles', 'profiles.id', 'vcards.user_id')
      .selectAll('vcards')
      .where('profiles.username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      social_links,
      address,
      design: _design,
      lead_form: _leadForm,
      ...fields
    } = demo;
    const copy = async (design: CardDesign) => {
      const { id } = await database.db
        .insertInto('vcards')
        .values({
          ...fields,
          social_links: JSON.stringify(social_links),
          address: address && JSON.stringify(address),
          design: JSON.stringify(design),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    };
    const freeDesign = `/vcard/${await copy(FREE_DESIGN)}`;
    const layouts = [];
    for (const [index, layout] of CARD_LAYOUTS.entries()) {
      const design: CardDesign = {
        ...FREE_DESIGN,
        layout,
        font: CARD_FONTS[(index % (CARD_FONTS.length - 1)) + 1] ?? 'inter',
        buttonStyle: BUTTON_STYLES[index] ?? 'filled',
        cover: index % 2 === 0 ? 'image' : 'gradient',
        coverImage: demo.photo,
        logo: demo.photo,
      };
      layouts.push({ layout, path: `/vcard/${await copy(design)}` });
    }
    const edited = await copy(FREE_DESIGN);
    const cold = await seedCards(database.db, COLD_CARDS);
    return { freeDesign, layouts, edited: { id: edited, path: `/vcard/${edited}` }, cold };
  } finally {
    await database.close();
  }
}

/** The demo account's address and password: the first start made it and kept its password in DATA_DIR. */
function demoAccountOf(dataDir: string): { email: string; password: string } {
  return { email: DEMO_EMAIL, password: readFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), 'utf8').trim() };
}

function editsLine(report: EditsReport): string {
  const late = report.late
    .map(
      ({ edit, savedOn, shownOn, ms }) =>
        `edit ${edit} saved on server ${savedOn + 1} shown on server ${shownOn + 1} ${
          ms === null ? 'never' : `after ${ms} ms`
        }`,
    )
    .join('; ');
  return `Edits under load from the servers' start: ${report.edits} in ${Math.round(
    report.spanMs / 1000,
  )} s, each saved through the servers in turn; the slowest shown on a server after ${
    report.slowestMs
  } ms (limit ${EDIT_SHOWN_WITHIN_MS} ms): ${
    report.edits > 0 && report.late.length === 0 ? 'PASS' : `FAIL${late ? ` (${late})` : ''}`
  }`;
}

/** The server of --postgres's throwaway database: DATABASE_URL's. */
function postgresServerUrl(): string {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      '--postgres needs DATABASE_URL naming a PostgreSQL server (a throwaway database is made on it)',
    );
  return serverUrl;
}

type StartedProcess = ReturnType<typeof startProcess>;

/** `count` servers, each started by `start` on a free port (not one of `exclude`), one after the other. */
async function startServers(
  count: number,
  exclude: number[],
  start: (port: number) => StartedProcess,
): Promise<Server[]> {
  const servers: Server[] = [];
  const ports = [...exclude];
  try {
    for (let index = 0; index < count; index++) {
      const port = await freePort(PORTS, ports);
      ports.push(port);
      const started = start(port);
      servers.push({ child: started.child, origin: `http://127.0.0.1:${port}` });
      await started.started;
    }
  } catch (error) {
    await stopAll(servers);
    throw error;
  }
  return servers;
}

/** `count` servers of the built app on one database (DATA_DIR shared, as one volume would be). */
const startApps = (count: number, dataDir: string, env: NodeJS.ProcessEnv) =>
  startServers(count, [], (port) => startBuiltApp(port, dataDir, env));

/** `count` bare Fastify servers (the ceiling), each also sending a constant of `pageBytes` on /page. */
const startBareServers = (count: number, pageBytes: number, exclude: number[]) =>
  startServers(count, exclude, (port) =>
    startProcess(
      process.execPath,
      ['--input-type=module', '-e', BARE_SERVER],
      { ...process.env, PORT: String(port), PAGE_BYTES: String(pageBytes) },
      'ready',
    ),
  );

const stopAll = (servers: Server[]) => Promise.all(servers.map((server) => stop(server.child)));
const portOf = (server: Server) => Number(new URL(server.origin).port);

/** Each target's line (met or NOT met), and the profile's pace against a bare server sending as many bytes. */
function printTargets(measured: Measured[], cold: ColdAndWarm[]): void {
  const [ceiling, samePage, profile, contact, shortLink, freeDesign, ...layouts] = measured;
  if (!ceiling || !samePage || !profile || !contact || !shortLink || !freeDesign)
    throw new Error('a target was not measured');
  const meets = (target: Measured, ratio: number) =>
    target.ofCeiling >= ratio && target.p99 < TARGET_P99_MS ? 'met' : 'NOT met';
  for (const target of [profile, contact]) {
    console.log(
      `Target: ${target.name} >= ${TARGET_RATIO * 100}% of the ceiling with p99 < ${TARGET_P99_MS} ms: ${meets(target, TARGET_RATIO)}`,
    );
  }
  console.log(
    `Target: short link >= ${SHORT_LINK_TARGET_RATIO * 100}% of the ceiling with p99 < ${TARGET_P99_MS} ms: ${meets(
      shortLink,
      SHORT_LINK_TARGET_RATIO,
    )}`,
  );
  for (const layout of layouts) {
    const share = layout.ofCeiling / freeDesign.ofCeiling;
    console.log(
      `Target: ${layout.name} >= ${LAYOUT_TARGET_RATIO * 100}% of the same card's pace in the free design: ${Math.round(
        share * 100,
      )}% (${layout.bytes} bytes sent), ${share >= LAYOUT_TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  }
  for (const row of cold) {
    const ratio = row.cold.p50 / row.warm.p50;
    console.log(
      `Target: a cold ${row.name} within ${COLD_TARGET_RATIO}× a warm one (p50): ${times(ratio)}, ${
        ratio <= COLD_TARGET_RATIO ? 'met' : 'NOT met'
      }`,
    );
  }
  const over = measured.slice(1).filter((target) => target.p99 > P99_TARGET_RATIO * ceiling.p99);
  console.log(
    `Target: every p99 within ${P99_TARGET_RATIO}× the ceiling's at the same load (${ms(ceiling.p99)} ms): ${
      over.length === 0
        ? 'met'
        : `NOT met (${over.map((target) => `${target.name} ${times(target.p99 / ceiling.p99)}`).join(', ')})`
    }`,
  );
  console.log(
    `Profile against a bare server sending as many bytes: ${Math.round(
      (profile.ofCeiling / samePage.ofCeiling) * 100,
    )}%`,
  );
}

async function main(): Promise<void> {
  if (!Number.isInteger(PROCESSES) || PROCESSES < 1)
    throw new Error('--processes must be a whole number, 1 or more');
  if (PROCESSES > 1 && !options.postgres)
    throw new Error('the embedded database admits one process: --processes needs --postgres');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-'));
  const database = await appBenchDatabase(dataDir, options.postgres ? postgresServerUrl() : undefined);
  let apps: Server[] = [];
  let bare: Server[] = [];
  let edits: ReturnType<typeof editEverySecond> | null = null;
  try {
    // the first start makes the demo card and keeps its password in DATA_DIR; the copies of the card are
    // added while the app is stopped
    apps = await startApps(1, dataDir, database.env);
    await stopAll(apps);
    const demoAccount = demoAccountOf(dataDir);
    const layoutCards = await addCardCopies(database.config);
    apps = await startApps(PROCESSES, dataDir, database.env);
    const editsStarted = Date.now();
    edits = editEverySecond({
      origins: apps.map((app) => app.origin),
      cookie: await signIn(apps[0]!.origin, demoAccount.email, demoAccount.password),
      cardId: layoutCards.edited.id,
      path: layoutCards.edited.path,
      windowMs: EDITS_WINDOW_MS,
    });
    const origin = apps[0]!.origin;
    // before anything else warms the caches
    const cold = await coldRound(apps, layoutCards.cold);

    const page = await fetch(`${origin}/demo`, { headers: { 'user-agent': 'TapcardBenchBot/1.0' } });
    const html = await page.text();
    const vcf = /href="(\/vcard\/[0-9a-f-]+\/contact\.vcf)"/.exec(html)?.[1];
    if (page.status !== 200 || !vcf)
      throw new Error(`/demo did not show the demo card (HTTP ${page.status})`);
    // the demo card's profile links: one timed in rounds, one followed a known number of times and counted
    const [timedLink, checkedLink] = [...html.matchAll(/href="https?:\/\/[^/"]+(\/l\/([0-9A-Za-z]+))"/g)];
    if (!timedLink?.[1] || !checkedLink?.[1] || !checkedLink[2])
      throw new Error('/demo did not link its profile links through /l/{code}');

    // fetch asks for gzip as browsers do: Content-Length is the page as sent
    const sentBytes = Number(page.headers.get('content-length') ?? Buffer.byteLength(html));
    bare = await startBareServers(PROCESSES, sentBytes, apps.map(portOf));

    const [ceiling, samePage, profile, contact, shortLink, freeDesign, ...layouts] = await measureInRounds(
      { name: 'bare Fastify, constant (ceiling)', servers: bare, path: '/' },
      [
        { name: 'bare Fastify, constant as long as the page', servers: bare, path: '/page' },
        { name: 'public profile', servers: apps, path: '/demo' },
        { name: 'Save contact (.vcf)', servers: apps, path: vcf },
        {
          name: 'short link (302, counted click)',
          servers: apps,
          path: timedLink[1],
          status: 302,
        },
        { name: 'the same card in the free design (baseline)', servers: apps, path: layoutCards.freeDesign },
        ...layoutCards.layouts.map((card) => ({
          name: `card design: ${card.layout}`,
          servers: apps,
          path: card.path,
        })),
      ],
    );
    if (!ceiling || !samePage || !profile || !contact || !shortLink || !freeDesign)
      throw new Error('a target was not measured');
    await stopAll(bare);
    // A timed round ends with requests in flight, answered (and counted) or not: the exact count is checked
    // on the other link, followed a fixed number of times, each answered before the run ends. Timed with a
    // fixed number, autocannon's pace reads a third low (its connections finish one by one).
    const exactRun = await run(apps, checkedLink[1], { requests: EXACT_FOLLOWS });
    const followed = exactRun.statusCounts['302'] ?? 0;
    // with several servers the edits are checked under load for their whole window: the counted short
    // link carries it on (its clicks send the count notices an edit's notice must not wait behind)
    const loadLeftS = Math.ceil((EDITS_WINDOW_MS - (Date.now() - editsStarted)) / 1000);
    if (PROCESSES > 1 && loadLeftS > 0) await run(apps, timedLink[1], { seconds: loadLeftS });
    const editsReport = await edits.stop();

    console.log(
      `\n${database.config.kind === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}, ${PROCESSES} server process${
        PROCESSES === 1 ? '' : 'es (each target spread over them)'
      }; ${CONNECTIONS} connections; each target ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${ROUND_S} s through ${
        WRK ? 'wrk' : 'autocannon (wrk is not installed)'
      } (after a ${WARM_UP_S} s warm-up through autocannon), taken in turn with the ceiling\n`,
    );
    const measured = [ceiling, samePage, profile, contact, shortLink, freeDesign, ...layouts];
    console.log(table(measured, ceiling.p99));
    console.log(
      `\nCold round: the first visits to ${COLD_CARDS} cards' pages and a short link of each, ${COLD_CONCURRENCY} at a time (each found through the database), then the same visits warm\n`,
    );
    console.log(coldTable(cold));
    console.log(
      `\nProfile page HTML with its CSS: ${Buffer.byteLength(html)} bytes, ${sentBytes} sent gzipped (photo excluded)`,
    );
    printTargets(measured, cold);

    // stopping the apps writes the views and hits still queued (onClose); then the database can be opened
    await stopAll(apps);
    const written = await countsWritten(database.config, checkedLink[2]);
    const { views } = written;
    const pagesServed =
      [profile, freeDesign, ...layouts].reduce((sum, target) => sum + target.served, 0) +
      2 * (cold.find((row) => row.name === 'card page')?.count ?? 0);
    // the load generator counts answers received within each run; up to one request per connection is
    // still in flight when a run ends, and is answered and counted all the same
    console.log(
      `Views written: ${views} for ${pagesServed} pages answered in time (+ up to ${
        (ROUNDS + 1) * CONNECTIONS * (2 + layouts.length)
      } in flight at the ends of the runs)`,
    );
    const exact =
      followed === EXACT_FOLLOWS &&
      written.clicks === followed &&
      written.eventHits === followed &&
      written.scans === 0;
    console.log(
      `Short link ${checkedLink[1]}: ${followed} of ${EXACT_FOLLOWS} follows answered 302; click_count ${
        written.clicks
      }, scan_count ${written.scans}, link_events hits ${written.eventHits}: ${exact ? 'PASS' : 'FAIL'}`,
    );
    if (!exact) process.exitCode = 1;
    console.log(editsLine(editsReport));
    if (editsReport.late.length > 0 || editsReport.edits === 0) process.exitCode = 1;
  } finally {
    await edits?.stop().catch(() => undefined);
    await stopAll(bare);
    await stopAll(apps);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(1);
});
