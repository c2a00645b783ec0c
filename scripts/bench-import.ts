// npm run bench:import: how long a team's CSV import of 1 000 people takes on PostgreSQL, through the real
// routes of the whole app (the dry run, then the import with its streamed rows): first 1 000 new people
// (each an invitation through the organization plugin's adapter, a team card with its QR code link, an
// e-mail queued, a log entry, 25 rows to a transaction), then the same people with a new position
// each (1 000 updates of their cards). Mail goes to an SMTP sink on loopback that keeps nothing; the time
// until the outbox has sent every invitation is shown too. Target: dry run and import of 1 000 rows under
// 15 s. Needs DATABASE_URL (a PostgreSQL role that may create databases): the bench works in a temporary
// database beside it, dropped afterwards. Never a test: timings depend on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/lib/db.ts';
import type { TeamImportCheck, TeamImportEvent } from '../server/teams/import.ts';
import { serverPaths } from '../src/routes.ts';
import { TEAM_IMPORT_COLUMNS, TEAM_IMPORT_HEADERS, type TeamImportColumn } from '../src/team-import.ts';
import { teamImportFixture } from './lib/team-import-file.ts';
import { temporaryPostgresDatabase } from './lib/temporary-database.ts';

const ROWS = 1000;
const TARGET_S = 15;
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Bench-Import-Pass-42';
/** How long the outbox may take to send every invitation before the bench stops waiting. */
const MAIL_WAIT_MS = 300_000;

/** An SMTP server that takes every message and keeps only their count. */
async function startMailSink(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  fields: { cookie?: string; json?: unknown; body?: Buffer } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      ...(fields.cookie ? { cookie: fields.cookie } : {}),
      ...(fields.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(fields.body ? { 'content-type': 'text/csv' } : {}),
    },
    ...(fields.json !== undefined ? { payload: JSON.stringify(fields.json) } : {}),
    ...(fields.body ? { payload: fields.body } : {}),
  });
}

function ok(response: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response;
}

/** The session cookie(s) a response sets, as a Cookie header. */
function cookieOf(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/** A Business account, signed in, that owns a team: its session cookie. */
async function ownerWithTeam(app: FastifyInstance, db: Kysely<Database>): Promise<string> {
  const email = 'bench-owner@bench.example';
  ok(
    await call(app, 'POST', '/api/auth/sign-up/email', {
      json: { name: 'Bench Owner', email, password: PASSWORD },
    }),
    'sign-up',
  );
  // the address confirmed and the plan bought, as their own flows would (not what is measured)
  await db.updateTable('users').set({ email_verified: true }).where('email', '=', email).execute();
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await db
    .updateTable('profiles')
    .set({ plan_type: 'business', initialized: true, plan_chosen: true })
    .where('id', '=', user.id)
    .execute();
  const cookie = cookieOf(
    ok(
      await call(app, 'POST', '/api/auth/sign-in/email', { json: { email, password: PASSWORD } }),
      'sign-in',
    ),
  );
  ok(
    await call(app, 'POST', '/api/auth/organization/create', {
      cookie,
      json: { name: 'Bench Team', slug: 'bench-team' },
    }),
    'creating the team',
  );
  return cookie;
}

/** The same people as `fixture`, each with a new position: a file of updates. */
function withNewPositions(people: readonly Record<TeamImportColumn, string>[]): Buffer {
  const headers = TEAM_IMPORT_HEADERS.en;
  const csv = stringify(
    [
      TEAM_IMPORT_COLUMNS.map((column) => headers[column]),
      ...people.map((person) =>
        TEAM_IMPORT_COLUMNS.map((column) =>
          column === 'position' ? `Senior ${person.position}` : person[column],
        ),
      ),
    ],
    { bom: true, record_delimiter: 'windows' },
  );
  return Buffer.from(csv, 'utf8');
}

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error(
      'npm run bench:import needs DATABASE_URL: a PostgreSQL role that may create databases (the bench works in a temporary one beside it)',
    );
    process.exit(1);
  }
  const temporary = await temporaryPostgresDatabase(serverUrl);
  const sink = await startMailSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-import-'));
  let app: FastifyInstance | undefined;
  try {
    const config = parseConfig({
      DATABASE_URL: temporary.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
    });
    const database = await openDatabase(config.database, pino({ level: 'silent' }));
    app = await buildApp(config, { logger: false, maintenance: 'off', database });
    const cookie = await ownerWithTeam(app, database.db);
    // the sign-up's own confirmation e-mail is not one of the import's
    const mailBefore = sink.received();
    const fixture = teamImportFixture({ rows: ROWS, domain: 'people.bench.example', seed: 7 });
    const rounds = [
      { what: `${ROWS} new people (invitations)`, bytes: fixture.bytes, mail: true },
      {
        what: 'the same people, a new position each (updates)',
        bytes: withNewPositions(fixture.people),
        mail: false,
      },
    ];

    const results: { what: string; seconds: number; detail: string }[] = [];
    for (const { what: round, bytes, mail: waitForMail } of rounds) {
      const check = await measure(async () => {
        const response = ok(
          await call(app!, 'POST', `${serverPaths.teamImport}/check`, { cookie, body: bytes }),
          'dry run',
        );
        return response.json() as TeamImportCheck;
      });
      if (!check.result.ok) throw new Error(`the file was refused: ${JSON.stringify(check.result.problem)}`);
      results.push({
        what: `dry run: ${round}`,
        seconds: check.seconds,
        detail: JSON.stringify(check.result.counts),
      });
      const plan = check.result.plan;
      const run = await measure(async () => {
        const response = ok(
          await call(app!, 'POST', `${serverPaths.teamImport}/run?plan=${encodeURIComponent(plan)}`, {
            cookie,
            body: bytes,
          }),
          'import',
        );
        return response.body
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as TeamImportEvent);
      });
      const done = run.result.find((event) => event.type === 'done');
      if (!done || done.type !== 'done') throw new Error('the import did not finish');
      results.push({ what: `import: ${round}`, seconds: run.seconds, detail: JSON.stringify(done.counts) });
      if (waitForMail) {
        const mail = await measure(async () => {
          const deadline = Date.now() + MAIL_WAIT_MS;
          while (sink.received() - mailBefore < ROWS && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 200));
          return sink.received() - mailBefore;
        });
        results.push({
          what: 'after the import: until the outbox had sent every invitation',
          seconds: mail.seconds,
          detail: `${mail.result} of ${ROWS} e-mails received`,
        });
      }
    }

    console.log(`\nnpm run bench:import: ${ROWS} rows on PostgreSQL, through the app's routes\n`);
    for (const { what, seconds, detail } of results)
      console.log(`${seconds.toFixed(1).padStart(7)} s  ${what}  ${detail}`);
    const worst = results
      .filter((result) => !result.what.startsWith('after'))
      .map((result) => result.seconds);
    const pass = worst.every((seconds) => seconds < TARGET_S);
    console.log(`\n${pass ? 'PASS' : 'FAIL'}: every dry run and import under ${TARGET_S} s`);
    if (!pass) process.exitCode = 1;
  } finally {
    await app?.close();
    await sink.close();
    await temporary.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
