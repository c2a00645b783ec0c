import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import type { DatabaseConfig } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { describeDatabaseError } from './db-errors.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { StartupError } from './startup-error.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** Closes the pool or the embedded database and releases its lock. */
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); none on the embedded database's one connection. */
  poolUse?(): { total: number; idle: number; waiting: number };
}

const INT8_OID = 20;
// int8 (count(*), identity ids) as a JS number on both drivers: pg would give a string, PGlite a BigInt.
const parseInt8 = (value: string) => Number(value);

/** Connections a server's PostgreSQL pool may open when DATABASE_POOL_MAX (or a config built by hand) says none. */
export const DEFAULT_DATABASE_POOL_MAX = 10;

/**
 * Opens the database named by the config and checks that it answers. Throws StartupError with one line
 * saying what to fix when it cannot be reached.
 */
export async function openDatabase(
  config: DatabaseConfig,
  logger: FastifyBaseLogger,
  options: {
    /** PGlite only: start from this dump of a data directory (tests use a migrated template). */
    pgliteDump?: Blob;
  } = {},
): Promise<DatabaseHandle> {
  const handle = closeOnce(
    config.kind === 'postgres'
      ? openPostgres(config.url, config.poolMax ?? DEFAULT_DATABASE_POOL_MAX, logger)
      : await openPglite(config.dataDir, options.pgliteDump),
  );
  try {
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    await handle.close().catch(() => undefined);
    const where = config.kind === 'postgres' ? `at ${describeUrl(config.url)}` : `in ${config.dataDir}`;
    throw new StartupError(`Cannot use the database ${where}: ${describeDatabaseError(error)}`);
  }
  return handle;
}

/** Lets every owner close the handle without caring whether another already did. */
function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

/**
 * How long a request waits for a pooled connection (all busy, or PostgreSQL slow to accept one) before it
 * gives up: the error is read as the database being unavailable, a 503, rather than a request left hanging.
 * Long enough for a burst on a busy machine (20 sign-ups at once on two cores shared with other work waited
 * past 5 s), well inside a proxy's minute.
 */
const CONNECT_WAIT_MS = 15_000;

function openPostgres(url: string, poolMax: number, logger: FastifyBaseLogger): DatabaseHandle {
  // A client losing its connection (database restart) emits 'error' (on the pool too while idle).
  // Without a listener Node would crash the process; every client gets one from birth, including while it
  // is still connecting. The query in flight fails on its own; the pool replaces the client next time.
  const onConnectionLost = (error: Error) =>
    logger.warn({ err: error }, 'database connection lost; the pool will reconnect');
  class ListeningClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', onConnectionLost);
    }
  }
  const pool = new pg.Pool({
    Client: ListeningClient,
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_WAIT_MS,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onConnectionLost);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's 128 MB default is memory PGlite takes at start (the
 * buffers live in its WebAssembly memory): 290 MB resident for an empty database, 163 MB with 16 MB. Its
 * files are read through the operating system's page cache as well, and public pages and short links are
 * served from the app's own caches, so a smaller one costs little.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** The embedded database as the app opens it: its buffer cache, and int8 read as a number. */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  parsers: { [INT8_OID]: parseInt8 },
};

async function openPglite(dataDir: string | null, dump: Blob | undefined): Promise<DatabaseHandle> {
  // taken before PGlite touches the directory, released only once it has closed it (data-dir-lock.ts)
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ?? undefined, {
      ...PGLITE_OPTIONS,
      ...(dump ? { loadDataDir: dump } : {}),
    });
  } catch (error) {
    releaseLock();
    throw new StartupError(
      `Cannot open the embedded database in ${dataDir ?? 'memory'}: ${describeDatabaseError(error)}`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        releaseLock();
      }
    },
  };
}

/** host:port/database of a URL, without credentials, for messages. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
