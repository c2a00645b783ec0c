import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

// PGlite has one session. Concurrent requests must take turns on it, a whole transaction at a time;
// otherwise one request's statements land inside another's transaction (STACK.md section 3: kysely-pglite
// committed a rolled-back insert that way). This driver hands the session out behind a FIFO lock.

class Lock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves when the lock is ours; call the returned function to release it. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }
}

/** Queries made by sqlScript: several statements, no parameters. */
const scripts = new WeakSet<CompiledQuery>();

/**
 * Statements separated by semicolons, without parameters (a library's schema set-up, a transaction sent
 * as one text). PostgreSQL runs such a text as sent; PGlite's extended protocol refuses more than one
 * statement, so this dialect runs it with PGlite's exec. The rows are those of the last statement.
 */
export function sqlScript(text: string): CompiledQuery {
  const query = CompiledQuery.raw(text);
  scripts.add(query);
  return query;
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (scripts.has(query)) {
      const results = await this.pglite.exec(query.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const result = await this.pglite.query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows == null ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield -- required by the interface; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  readonly #lock = new Lock();
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#lock.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
