import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { pino } from 'pino';
import { inject } from 'vitest';
import sharp from 'sharp';
import superjson, { type SuperJSONResult } from 'superjson';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { insertConfirmedAccount } from '../../server/profile/confirmed-account.ts';
import { passwordHasherFor } from '../../server/auth/password-hashing.ts';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../../server/crm/sync.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createMediaStorage } from '../../server/media/create-storage.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import { parseConfig, type Config, type DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/lib/db.ts';
import { leaseEmbeddedDatabase } from './embedded-databases.ts';
import { leasePostgresDatabase } from './postgres-databases.ts';
import { startMailReceiver, type MailReceiver } from './mail-receiver.ts';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';

// The in-process test app (STYLE.md 3.5): a typed config written in code, never .env; its own database
// per test file (in-memory PGlite, or a database of its own on the PostgreSQL named by DATABASE_URL).

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'Correct-Horse-42';
const FIXTURE_WEB_DIST = path.resolve(import.meta.dirname, 'fixtures/web');

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file. On PostgreSQL one in the state of the migrated template of
 * global-setup.ts, kept for reuse within the worker (postgres-databases.ts), or an empty one when
 * `migrated` is false (for the tests of the migrations); an embedded one gets the template when it is
 * opened (openTestDatabase).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { config: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
  const template = inject('postgresTemplate');
  if (migrated && template) {
    const leased = await leasePostgresDatabase(serverUrl, template);
    return { config: { kind: 'postgres', url: leased.url }, drop: leased.giveBack };
  }
  const name = `tapcard_test_${randomBytes(6).toString('hex')}`;
  await withPgClient(serverUrl, (client) => client.query(`create database ${name}`));
  return {
    config: { kind: 'postgres', url: withDatabase(serverUrl, name) },
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * The outbox's retries in tests: two, after 1-2 s and 2-4 s (pg-boss's shortest backoff), so a test sees
 * a message retried and given up within seconds.
 */
export const TEST_MAIL_RETRY: Config['mail']['retry'] = { limit: 2, delaySeconds: 1 };

export function testConfig(
  database: DatabaseConfig,
  dataDir: string,
  overrides: Partial<Config> = {},
): Config {
  const base = parseConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET: 'test-secret-'.padEnd(40, 'x'),
      // the tests of hashing itself build their app with `passwordHashing: 'standard'`
      PASSWORD_HASHING: 'low-cost',
      MAIL_RETRY_LIMIT: String(TEST_MAIL_RETRY.limit),
      MAIL_RETRY_DELAY_SECONDS: String(TEST_MAIL_RETRY.delaySeconds),
    },
    { webDist: FIXTURE_WEB_DIST },
  );
  // the queue's shortest poll: a retried message is picked up soon after its wait
  return { ...base, database, jobs: { pollingIntervalSeconds: 0.5 }, ...overrides };
}

/** Mail settings of a test app that sends through a test's SMTP receiver (tests/support/mail-receiver.ts). */
export function smtpMail(smtpUrl: string, overrides: Partial<Config['mail']> = {}): Config['mail'] {
  return {
    smtpUrl,
    from: 'Tapcard <no-reply@tapcard.test>',
    supportEmail: 'support@tapcard.test',
    supportEmailBusiness: null,
    retry: TEST_MAIL_RETRY,
    ...overrides,
  };
}

/** The operator's token (METRICS_TOKEN) of test apps whose tests read metrics or the readiness details. */
export const TEST_METRICS_TOKEN = 'metrics-token-for-tests-'.padEnd(40, '0');

/** What GET /health/ready answers the operator, who holds the metrics token: the status and every check. */
export interface ReadinessDetails {
  status: 'ready' | 'degraded' | 'not ready';
  checks: Record<string, string>;
}

/** GET /health/ready as the operator asks it (an app built with `metricsToken: TEST_METRICS_TOKEN`). */
export function readinessAsOperator(app: FastifyInstance): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/health/ready',
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The app's own database, for arranging and checking rows directly. */
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** The database and config of each test app, so helpers that take only the app can reach them. */
const testApps = new WeakMap<FastifyInstance, { db: Kysely<Database>; config: Config }>();

function testAppOf(app: FastifyInstance): { db: Kysely<Database>; config: Config } {
  const made = testApps.get(app);
  if (!made) throw new Error('this helper needs an app made by buildTestApp');
  return made;
}

/**
 * Opens a test database; embedded ones start from the migrated template of global-setup.ts (in memory:
 * one the worker kept, emptied, when there is one: tests/support/embedded-databases.ts).
 */
export async function openTestDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  if (config.kind === 'pglite' && config.dataDir === null && template) return leaseEmbeddedDatabase(template);
  const pgliteDump = config.kind === 'pglite' && template ? new Blob([readFileSync(template)]) : undefined;
  return openDatabase(config, pino({ level: 'silent' }), { pgliteDump });
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApp> {
  // a caller that brings its own database also drops it
  const database = overrides.database
    ? { config: overrides.database, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-test-'));
  const config = testConfig(database.config, dataDir, overrides);
  const handle = await openTestDatabase(config.database);
  // the admin jobs' schedule only where a test asks for it (tests/api/jobs.test.ts)
  const app = await buildApp(config, {
    logger: options.logger ?? false,
    database: handle,
    maintenance: 'off',
    ...options,
  });
  testApps.set(app, { db: handle.db, config });
  return {
    app,
    config,
    db: handle.db,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MailingTestApp extends TestApp {
  /** The SMTP receiver the app sends its mail through. */
  mail: MailReceiver;
}

/**
 * A test app that sends its mail through an SMTP receiver of its own (smtpMail); close() closes both.
 * `overrides.mail` is not taken: the receiver's settings are the app's.
 */
export async function buildMailingTestApp(
  overrides: Omit<Partial<Config>, 'mail'> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<MailingTestApp> {
  const mail = await startMailReceiver();
  let t: TestApp;
  try {
    t = await buildTestApp({ ...overrides, mail: smtpMail(mail.url) }, options);
  } catch (error) {
    await mail.close();
    throw error;
  }
  return {
    ...t,
    mail,
    async close() {
      await t.close();
      await mail.close();
    },
  };
}

/** Services' parts over a test app's database and config, for calling a service or job directly. */
export async function depsOf(app: TestApp): Promise<AppDeps> {
  return {
    db: app.db,
    config: app.config,
    mailer: createMailer(app.config, pino({ level: 'silent' })),
    storage: await createMediaStorage(app.config, pino({ level: 'silent' })),
    changes: createLocalChangeBus(),
    ...webhooksWithoutQueue(),
    crm: crmWithoutQueue(),
    // no TXT record anywhere: the domains' tests answer with their own (tests/support/domains.ts)
    resolveTxt: () => Promise.resolve([]),
  };
}

let clientCounter = 0;

/**
 * A request from the app's own origin (what a browser on the app sends), from a client address of its
 * own unless one is given: the auth rate limits count per address, and tests are many clients.
 */
export function injectFromApp(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  clientCounter += 1;
  const remoteAddress =
    options.remoteAddress ??
    `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  return app.inject({ ...options, remoteAddress, headers: { origin: TEST_ORIGIN, ...options.headers } });
}

let userCounter = 0;

/** The session cookie(s) a response sets, as a Cookie request header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/**
 * A signed-in user, made in milliseconds: a confirmed account written as the demo card's is
 * (insertConfirmedAccount, with the app's own password hasher: low-cost in tests), then signed in through
 * better-auth's sign-in for a real session cookie. Sign-up and its confirmation e-mail are tested on their
 * own (auth.test.ts, email-change.test.ts, onboarding.test.ts).
 */
export async function signUp(
  app: FastifyInstance,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<{ cookie: string; email: string; userId: string }> {
  userCounter += 1;
  const email = (
    fields.email ?? `user${userCounter}-${randomBytes(4).toString('hex')}@example.com`
  ).toLowerCase();
  const password = fields.password ?? TEST_PASSWORD;
  const made = testAppOf(app);
  const userId = randomUUID();
  await insertConfirmedAccount(made.db, {
    userId,
    name: fields.name ?? `Test User ${userCounter}`,
    email,
    passwordHash: await passwordHasherFor(made.config.passwordHashing, {
      hash: hashPassword,
      verify: verifyPassword,
    }).hash(password),
    language: 'en',
  });
  return { cookie: await signIn(app, email, password), email, userId };
}

/**
 * Signs an existing, confirmed account in (a session of its own, as on another device) and returns the
 * session cookie; a sign-in that is not a 200 throws. For set-up: a test of the sign-in's own answer
 * sends the request itself.
 */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await injectFromApp(app, {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response);
}

interface TrpcErrorShape {
  message: string;
  data: { reason: string; fieldErrors?: { path: string; message: string }[]; meta?: Record<string, unknown> };
}

/** The error of a tRPC response (superjson-encoded on the wire). */
export function trpcError(response: LightMyRequestResponse): TrpcErrorShape {
  return superjson.deserialize<TrpcErrorShape>((response.json() as { error: SuperJSONResult }).error);
}

/** The data of a successful tRPC response. */
export function trpcData<T>(response: LightMyRequestResponse): T {
  return superjson.deserialize<T>((response.json() as { result: { data: SuperJSONResult } }).result.data);
}

/** A tRPC mutation as the signed-in browser sends it (superjson body, the app's origin). */
export function trpcMutate(
  app: FastifyInstance,
  path: string,
  cookie: string,
  input?: unknown,
): Promise<LightMyRequestResponse> {
  return injectFromApp(app, {
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(superjson.serialize(input)),
  });
}

/** A tRPC query (GET, input in the query string). */
export function trpcQuery(
  app: FastifyInstance,
  path: string,
  cookie: string,
  input?: unknown,
): Promise<LightMyRequestResponse> {
  const search =
    input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  return app.inject({ method: 'GET', url: `/api/trpc/${path}${search}`, headers: { cookie } });
}

let photoCounter = 0;

/**
 * Sends a small JPEG (a new colour each time) to the real upload route, with `query` (what it is for:
 * `?card=<id>`, `?team=1`); returns the route's answer.
 */
export async function sendTestPhoto(
  app: FastifyInstance,
  cookie: string,
  query = '',
): Promise<LightMyRequestResponse> {
  photoCounter += 1;
  const jpeg = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: (photoCounter * 20) % 256, g: 120, b: 200 },
    },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
  return injectFromApp(app, {
    method: 'POST',
    url: `/api/media/photos${query}`,
    headers: { cookie },
    payload: form,
  });
}

/** Uploads a small JPEG through the real upload route (sendTestPhoto); returns its /media/ path. */
export async function uploadTestPhoto(app: FastifyInstance, cookie: string, query = ''): Promise<string> {
  const response = await sendTestPhoto(app, cookie, query);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { path: string }).path;
}
