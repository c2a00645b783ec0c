import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { openDatabase } from '../../server/lib/db.ts';
import { TEST_PASSWORD } from '../support/harness.ts';
import { onceOnEmbedded } from '../support/postgres.ts';
import {
  dataDirWithDatabase,
  freePort,
  startServerOrFail,
  type ServerProcess,
} from '../support/server-process.ts';

// Fault test: kill -9 a server holding the embedded database and start a new one at once. The lock on
// the database (server/lib/data-dir-lock.ts) belongs to the killed process's open file, so the kernel has
// released it by the time the process is reaped: the next server starts without waiting, without anyone
// deleting a lock file, and finds what the killed one had acknowledged.
// Runs once, on the embedded database's run: the servers here are given no DATABASE_URL.

const started: ServerProcess[] = [];
const dataDirs: string[] = [];

afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 of a server holding the embedded database', onceOnEmbedded(), () => {
  it(
    'does not block the next start, which keeps the migrations and the account acknowledged before',
    { timeout: 120_000 },
    async () => {
      const dataDir = await dataDirWithDatabase('tapcard-kill-');
      dataDirs.push(dataDir);
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: origin };

      const first = await startServerOrFail(env, started);
      const email = `killed-${Date.now()}@example.com`;
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Before The Kill', email, password: TEST_PASSWORD }),
        signal: AbortSignal.timeout(15_000),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);

      const killed = new Promise((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)));
      first.child.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');

      // at once: no delay, and the lock file the killed server wrote is still there
      const second = await startServerOrFail(env, started);
      expect(second.stderr()).not.toMatch(/in use|locked/);
      const ready = await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(15_000) });
      expect(ready.status).toBe(200);
      // ready: its database answers, with every migration applied
      expect(await ready.json()).toEqual({ status: 'ready' });

      // a graceful stop releases the database; then read it directly
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const database = await openDatabase(
        { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
        pino({ level: 'silent' }),
      );
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          database.db,
        );
        expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
        const users = await database.db
          .selectFrom('users')
          .select(['email', 'name'])
          .where('email', '=', email)
          .execute();
        expect(users).toEqual([{ email, name: 'Before The Kill' }]);
      } finally {
        await database.close();
      }
    },
  );
});
