// npm run bench:files: which files one warm request runs through, measured against the goal "a warm page
// view and a QR scan each run through at most 6 product files in 3 folders". Never a test: it prints what
// it saw and asserts nothing.
//
// Builds the whole app in this process (buildApp, as bench:export does) on the embedded database in a fresh
// DATA_DIR, listening on loopback at a free port of BENCH_PORTS (default 3500-3599), and gives it one
// person with a username, a card and that card's QR code (a short link of kind 'qr' to the card's page),
// written by the API tests' factories (tests/support/factories.ts). Each target, a page view (GET
// /{username}) and a QR scan (GET /l/{code}), is requested a few times over real HTTP, so that it is cached
// and answered by the fast lane (server/lib/fast-lane.ts; `app.inject()` never reaches a lane), and the
// warm-ups' counts are written; then exactly one more request of it is measured with V8's precise coverage
// (node:inspector in this process: Profiler.startPreciseCoverage with call counts, by function). Each take
// of the coverage holds the calls since the one before (V8 resets its counters as it answers), so it lists
// every script with a function called in between: "during the request" from just before the request to
// its whole answer received, then "after it", the work it left behind (the count batchers' timers, a
// second later, and their writes), followed until nothing has run for a while.
//
// The requests are a phone's as the deployment sees them (deploy/tapcard.env.example: a proxy on the same
// machine, TRUST_PROXY=127.0.0.1): Safari's user agent, Accept, Accept-Language, Accept-Encoding, and
// X-Forwarded-For with a public address, on a kept-alive connection. The measured request comes from an
// address the warm-ups did not use: a new visitor on a browser the server has seen, as most views and scans
// are (a returning visitor is not written again as a unique visitor, and its country is remembered). The
// lanes need no header of their own: a GET for the main address (its Host), without If-None-Match for a
// page; a view or scan is counted only with a browser's user agent (server/lib/bots.ts).
//
// Nothing else may run meanwhile: the job workers' polling (every 2 s by default) and the webhook counts'
// round (every 60 s) are set an hour apart and the admin jobs' schedule is off (none of them is part of a
// request), and an idle window with no request is watched right before and right after each measure; a
// measure with anything run in either is taken again (up to 3 times), and the output says so. Metrics are
// off (no METRICS_TOKEN), as by default; with them the lanes also time each answer
// (server/metrics/metrics.ts and prom-client).
//
// Prints, for each target, the product files (server/, src/, db/) whose functions ran, by folder, the npm
// packages (node_modules) touched, and a summary line. `--functions` also lists, for each file, the
// functions that ran (name and line) with their number of calls.
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import { findSourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/lib/db.ts';
import { vcardPageUrl } from '../src/card-address.ts';
import { addLink, addVcard, createOwner } from '../tests/support/factories.ts';
import { freePort, portRange } from './lib/app-process.ts';

const { values: options } = parseArgs({ options: { functions: { type: 'boolean', default: false } } });

const ROOT = path.resolve(import.meta.dirname, '..');
/** The folders of product code; the rest of the repository (scripts/, tests/) is this tool's own. */
const PRODUCT_FOLDERS = ['server', 'src', 'db'];
const GOAL = { files: 6, folders: 3 };
const PORTS = portRange('BENCH_PORTS', '3500-3599');
/**
 * The client build, or where there is none the API tests' stand-in for it: a warm page or short link uses
 * nothing of it (pages are rendered on the server, without a client script).
 */
const WEB_DIST = existsSync(path.join(ROOT, 'dist/web/index.html'))
  ? path.join(ROOT, 'dist/web')
  : path.join(ROOT, 'tests/support/fixtures/web');
/** Warm-up requests of each target: the first loads and renders through Fastify, the others take the lane. */
const WARM_UPS = 5;
/** A count batcher writes a second after its first count (server/lib/count-batcher.ts): followed at least this long. */
const FOLLOW_AT_LEAST_MS = 1_500;
/** After the answer, the work is followed until nothing has run for this long (or FOLLOW_AT_MOST_MS have passed). */
const QUIET_FOR_MS = 600;
const FOLLOW_AT_MOST_MS = 10_000;
/** How often the coverage is taken while the work left behind is followed. */
const POLL_MS = 50;
/** The idle windows watched before and after each measure. */
const IDLE_WINDOW_MS = 2_000;
const ATTEMPTS = 3;
/**
 * The database's logger, kept for the whole run: pino's stream, once unreachable, is finalized whenever the
 * collector gets to it (on-exit-leak-free's callback), which a measure would then count.
 */
const DATABASE_LOGGER = pino({ level: 'silent' });

const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};
/** The warm-ups' visitor's address: public, in GeoIP's database. */
const WARM_UP_ADDRESS = '81.2.69.160';
/** A new visitor's address for each measured request. */
const measuredAddress = (target: number, attempt: number) => `81.2.69.${200 + target * 10 + attempt}`;

// --- V8's precise coverage, through this process's own inspector ---

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

const session = new Session();
session.connect();

/** A command to this process's inspector, which answers before `post` returns. */
function post<T = unknown>(method: string, params: object = {}): T {
  let answer: { error: Error | null; result: T } | undefined;
  session.post(method, params, (error, result) => (answer = { error, result: result as T }));
  if (!answer) throw new Error(`the inspector did not answer ${method} at once`);
  if (answer.error) throw answer.error;
  return answer.result;
}

/** The functions called since the coverage was last taken, by script URL: `name@offset` and its calls. */
type Calls = Map<string, Map<string, number>>;
/** The inspector's id of each script seen, by URL (its source is read for --functions). */
const scriptIds = new Map<string, string>();

/** The calls since the last take: V8 resets its counters as it answers, so the take is the difference. */
function takeCoverage(): Calls {
  const { result } = post<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage');
  const calls: Calls = new Map();
  for (const script of result) {
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (!range || range.count === 0) continue;
      scriptIds.set(script.url, script.scriptId);
      const functions = calls.get(script.url) ?? new Map<string, number>();
      const key = `${fn.functionName || '(anonymous)'}@${range.startOffset}`;
      functions.set(key, (functions.get(key) ?? 0) + range.count);
      calls.set(script.url, functions);
    }
  }
  return calls;
}

/** Takes' calls added together. */
function joined(...takes: Calls[]): Calls {
  const all: Calls = new Map();
  for (const take of takes) {
    for (const [url, functions] of take) {
      const into = all.get(url) ?? new Map<string, number>();
      for (const [key, count] of functions) into.set(key, (into.get(key) ?? 0) + count);
      all.set(url, into);
    }
  }
  return all;
}

// --- what a script is ---

type Place =
  { kind: 'product'; file: string } | { kind: 'package'; name: string } | { kind: 'tool'; file: string };

/** A script's place: a product file, an npm package or this tool's own file; null for Node's own (node:…). */
function placeOf(url: string): Place | null {
  if (!url.startsWith('file://')) return null;
  const file = fileURLToPath(url.split('?')[0]!);
  const marker = `${path.sep}node_modules${path.sep}`;
  const modules = file.lastIndexOf(marker);
  if (modules !== -1) {
    const [first = '', second = ''] = file.slice(modules + marker.length).split(path.sep);
    return { kind: 'package', name: first.startsWith('@') ? `${first}/${second}` : first };
  }
  const relative = path.relative(ROOT, file);
  return PRODUCT_FOLDERS.includes(relative.split(path.sep)[0]!)
    ? { kind: 'product', file: relative }
    : { kind: 'tool', file: relative };
}

interface Touched {
  /** Each product file's URL, by its path in the repository. */
  files: Map<string, string>;
  packages: Set<string>;
  tool: Set<string>;
}

function touched(calls: Calls): Touched {
  const result: Touched = { files: new Map(), packages: new Set(), tool: new Set() };
  for (const url of calls.keys()) {
    const place = placeOf(url);
    if (place?.kind === 'product') result.files.set(place.file, url);
    else if (place?.kind === 'package') result.packages.add(place.name);
    else if (place?.kind === 'tool') result.tool.add(place.file);
  }
  return result;
}

/** Whether anything of the product or its packages ran. */
function anyRan(calls: Calls): boolean {
  const { files, packages } = touched(calls);
  return files.size > 0 || packages.size > 0;
}

const foldersOf = (files: Iterable<string>) => new Set([...files].map((file) => path.dirname(file)));

// --- requests ---

/** One kept-alive connection, as the proxy in front of the app keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A phone's GET through the proxy, from `clientAddress`: its status, once the whole answer has arrived. */
async function visit(origin: string, target: string, clientAddress: string): Promise<number> {
  const request = http.get(`${origin}${target}`, {
    agent,
    headers: { ...BROWSER_HEADERS, 'x-forwarded-for': clientAddress },
  });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.statusCode ?? 0;
}

// --- measuring ---

/** What ran in a window with no request: nothing is expected. */
async function idleWindow(): Promise<Calls> {
  takeCoverage();
  await sleep(IDLE_WINDOW_MS);
  return takeCoverage();
}

/**
 * The work left behind: the coverage taken every POLL_MS (which runs no JavaScript) for at least
 * FOLLOW_AT_LEAST_MS, then until nothing of the product or its packages has run for QUIET_FOR_MS; `ms` is
 * when the last of it ran.
 */
async function followLeftWork(): Promise<{ calls: Calls; ms: number; settled: boolean }> {
  const started = performance.now();
  let calls: Calls = new Map();
  let lastRan = started;
  for (;;) {
    await sleep(POLL_MS);
    const take = takeCoverage();
    const now = performance.now();
    if (anyRan(take)) lastRan = now;
    calls = joined(calls, take);
    if (now - started >= FOLLOW_AT_LEAST_MS && now - lastRan >= QUIET_FOR_MS)
      return { calls, ms: lastRan - started, settled: true };
    if (now - started >= FOLLOW_AT_MOST_MS) return { calls, ms: now - started, settled: false };
  }
}

interface Measure {
  label: string;
  target: string;
  status: number;
  during: Calls;
  after: Calls;
  afterMs: number;
  settled: boolean;
  idleBefore: Calls;
  idleAfter: Calls;
  attempts: number;
}

/** Warms a target up, lets the warm-ups' counts be written, and measures one more request of it. */
async function measure(origin: string, label: string, target: string, index: number): Promise<Measure> {
  for (let i = 0; i < WARM_UPS; i++) await visit(origin, target, WARM_UP_ADDRESS);
  // the warm-ups' counts written: the measured request starts a batch, as after any quiet second
  takeCoverage();
  await followLeftWork();
  for (let attempts = 1; ; attempts++) {
    const idleBefore = await idleWindow();
    takeCoverage();
    const status = await visit(origin, target, measuredAddress(index, attempts));
    const during = takeCoverage();
    const after = await followLeftWork();
    const idleAfter = await idleWindow();
    if ((!anyRan(idleBefore) && !anyRan(idleAfter)) || attempts === ATTEMPTS) {
      const { calls, ms, settled } = after;
      return {
        label,
        target,
        status,
        during,
        after: calls,
        afterMs: ms,
        settled,
        idleBefore,
        idleAfter,
        attempts,
      };
    }
  }
}

// --- printing ---

/**
 * For --functions: each function's `name@offset` as `name:line` in its TypeScript file, read through the
 * script's source as V8 runs it and its source map (tsx writes one). Asked once everything is measured:
 * the Debugger domain it needs has V8 report every script.
 */
function functionLines(calls: Calls): Map<string, string> {
  post('Debugger.enable');
  const lines = new Map<string, string>();
  for (const [url, functions] of calls) {
    const scriptId = scriptIds.get(url);
    const map = findSourceMap(url);
    if (placeOf(url)?.kind !== 'product' || !scriptId || !map) continue;
    const { scriptSource } = post<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId });
    const lineStarts = [0];
    for (let at = scriptSource.indexOf('\n'); at !== -1; at = scriptSource.indexOf('\n', at + 1))
      lineStarts.push(at + 1);
    for (const key of functions.keys()) {
      const at = key.lastIndexOf('@');
      const offset = Number(key.slice(at + 1));
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line += 1;
      const entry = map.findEntry(line, offset - lineStarts[line]!);
      if ('originalLine' in entry)
        lines.set(`${url} ${key}`, `${key.slice(0, at)}:${entry.originalLine + 1}`);
    }
  }
  post('Debugger.disable');
  return lines;
}

function printFiles(title: string, calls: Calls, lines: Map<string, string>): void {
  const { files } = touched(calls);
  const byFolder = new Map<string, string[]>();
  for (const file of [...files.keys()].sort()) {
    const folder = path.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  console.log(`  ${title}: ${files.size} files in ${byFolder.size} folders`);
  for (const [folder, inFolder] of byFolder) {
    console.log(
      `    ${folder}/ (${inFolder.length}): ${inFolder.map((file) => path.basename(file)).join(', ')}`,
    );
    if (!options.functions) continue;
    for (const file of inFolder) {
      const url = files.get(file)!;
      const called = [...calls.get(url)!].map(
        ([key, count]) => `${lines.get(`${url} ${key}`) ?? key.slice(0, key.lastIndexOf('@'))} ×${count}`,
      );
      console.log(`      ${path.basename(file)}: ${called.join(', ')}`);
    }
  }
}

function printPackages(title: string, packages: Set<string>): void {
  console.log(`  ${title}: ${packages.size}${packages.size ? ` (${[...packages].sort().join(', ')})` : ''}`);
}

function idleSaw(calls: Calls): string {
  const { files, packages } = touched(calls);
  return anyRan(calls) ? `ran ${[...files.keys(), ...packages].join(', ')}` : 'nothing ran';
}

/** Prints a measure; returns its summary line. */
function report(measured: Measure, lines: Map<string, string>): string {
  const { label, target, status, during, after } = measured;
  const all = joined(during, after);
  const [whileAnswered, left, together] = [during, after, all].map(touched) as [Touched, Touched, Touched];
  const by = whileAnswered.packages.has('fastify') ? 'Fastify (not the fast lane)' : 'the fast lane';
  console.log(`\n${label}: GET ${target} answered ${status}, by ${by}`);
  printFiles('during the request', during, lines);
  const when = measured.settled
    ? `the last of it ${Math.round(measured.afterMs)} ms after the answer`
    : `still running ${Math.round(measured.afterMs)} ms after the answer, when this tool stopped following it`;
  printFiles(`after it (deferred: the counting; ${when})`, after, lines);
  printFiles('together', all, lines);
  printPackages('npm packages during the request', whileAnswered.packages);
  printPackages('npm packages after it', left.packages);
  printPackages('npm packages together', together.packages);
  if (together.tool.size)
    console.log(`  not counted, this tool's own: ${[...together.tool].sort().join(', ')}`);
  const retried = measured.attempts > 1 ? ` (attempt ${measured.attempts} of ${ATTEMPTS})` : '';
  console.log(
    `  with no request, ${IDLE_WINDOW_MS / 1000} s before: ${idleSaw(measured.idleBefore)}; after: ${idleSaw(measured.idleAfter)}${retried}`,
  );
  const folders = foldersOf(together.files.keys()).size;
  const duringFolders = foldersOf(whileAnswered.files.keys()).size;
  return (
    `${label}: ${together.files.size} files in ${folders} folders (goal ${GOAL.files} in ${GOAL.folders}); ` +
    `during the request ${whileAnswered.files.size} in ${duringFolders}, after it ${left.files.size} in ` +
    `${foldersOf(left.files.keys()).size}; ${together.packages.size} npm packages`
  );
}

// --- the app ---

async function main(): Promise<void> {
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-request-files-'));
  let app: FastifyInstance | undefined;
  try {
    const port = await freePort(PORTS);
    const origin = `http://127.0.0.1:${port}`;
    const parsed = parseConfig(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        DEMO_CARD: 'off',
        TRUST_PROXY: '127.0.0.1',
        WEBHOOK_BATCH_SECONDS: '3600',
      },
      { webDist: WEB_DIST },
    );
    const config = { ...parsed, jobs: { pollingIntervalSeconds: 3_600 } };
    console.log(`Starting the app on the embedded database in ${dataDir}…`);
    const database = await openDatabase(config.database, DATABASE_LOGGER);
    app = await buildApp(config, { maintenance: 'off', database });
    await app.listen({ port, host: '127.0.0.1' });
    const { db } = database;
    const owner = await createOwner(db);
    const vcardId = await addVcard(db, owner.id);
    const qr = await addLink(db, owner.id, { vcard_id: vcardId, url: vcardPageUrl(origin, vcardId) });
    const measures = [
      await measure(origin, 'page view', `/${owner.username}`, 0),
      await measure(origin, 'QR scan', `/l/${qr.code}`, 1),
    ];
    const lines = options.functions
      ? functionLines(joined(...measures.flatMap(({ during, after }) => [during, after])))
      : new Map<string, string>();
    const summaries = measures.map((measured) => report(measured, lines));
    console.log(`\n${summaries.join('\n')}`);
  } finally {
    agent.destroy();
    await app?.close();
    post('Profiler.stopPreciseCoverage');
    session.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
