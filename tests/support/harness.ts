import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import superjson, { type SuperJSONResult } from 'superjson';
import { buildApp } from '../../server/app.ts';
import { parseConfig, type Config, type DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/lib/db.ts';

// The in-process test app (STYLE.md 3.5): a typed config written in code, never .env; its own database
// per test file (in-memory PGlite, or a fresh database on the PostgreSQL named by DATABASE_URL).

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'Correct-Horse-42';
const FIXTURE_WEB_DIST = path.resolve(import.meta.dirname, 'fixtures/web');

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { config: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
  const name = `tapcard_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

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
    },
    { webDist: FIXTURE_WEB_DIST },
  );
  return { ...base, database, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Opens a test database; embedded ones start from the migrated template of global-setup.ts. */
export async function openTestDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  const pgliteDump = config.kind === 'pglite' && template ? new Blob([readFileSync(template)]) : undefined;
  return openDatabase(config, pino({ level: 'silent' }), { pgliteDump });
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  // a caller that brings its own database also drops it
  const database = overrides.database
    ? { config: overrides.database, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-test-'));
  const config = testConfig(database.config, dataDir, overrides);
  const app = await buildApp(config, {
    logger: options.logger ?? false,
    database: await openTestDatabase(config.database),
  });
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request from the app's own origin (what a browser on the app sends). */
export function injectFromApp(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { origin: TEST_ORIGIN, ...options.headers } });
}

let userCounter = 0;

/** Signs up a new user through better-auth and returns its session cookie. */
export async function signUp(
  app: FastifyInstance,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<{ cookie: string; email: string; userId: string }> {
  userCounter += 1;
  const email = fields.email ?? `user${userCounter}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await injectFromApp(app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: fields.name ?? `Test User ${userCounter}`,
      email,
      password: fields.password ?? TEST_PASSWORD,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const setCookie = response.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const cookie = cookies.map((line) => line.split(';')[0]).join('; ');
  return { cookie, email, userId: (response.json() as { user: { id: string } }).user.id };
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
