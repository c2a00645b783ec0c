import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { linkCounts, linkOutcomes } from '../support/counts.ts';
import { addLink, createOwner } from '../support/factories.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../support/harness.ts';
import { freePort, startServerOrFail, type ServerProcess } from '../support/server-process.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { needsPostgres } from '../support/postgres.ts';

// A scan limit holds across servers: two server processes on one PostgreSQL database, followed 50 times
// at once, lead exactly the limit's number of visitors to the destination and the rest to the fallback,
// each counted once by how it was served. (One process on the embedded database: link-lifecycle.test.ts.)

const LIMIT = 20;
const FOLLOWS = 50;
const DESTINATION = 'https://example.com/offer';
const FALLBACK = 'https://example.com/offer-ended';

describe('a scan limit on two servers', needsPostgres(), () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const started: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openTestDatabase(database.config);
  });

  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await handle?.close();
    await database?.drop();
  });

  async function startServer() {
    if (database.config.kind !== 'postgres') throw new Error('a PostgreSQL database is needed');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-scan-limit-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await startServerOrFail(
      {
        DATABASE_URL: database.config.url,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
      },
      started,
    );
    return origin;
  }

  it(
    `leads exactly ${LIMIT} of ${FOLLOWS} concurrent follows to the destination`,
    { timeout: 120_000 },
    async () => {
      const owner = await createOwner(handle.db);
      const link = await addLink(handle.db, owner.id, { kind: 'qr', url: DESTINATION });
      await handle.db
        .updateTable('links')
        .set({ max_scans: LIMIT, fallback_url: FALLBACK })
        .where('id', '=', link.id)
        .execute();
      const origins = await Promise.all([startServer(), startServer()]);

      const answers = await Promise.all(
        Array.from({ length: FOLLOWS }, async (_, index) => {
          const response = await fetch(`${origins[index % origins.length]}/l/${link.code}?qr`, {
            redirect: 'manual',
            headers: { 'user-agent': IPHONE_SAFARI },
          });
          return response.status === 302 ? response.headers.get('location') : response.status;
        }),
      );
      expect(answers.filter((answer) => answer === DESTINATION)).toHaveLength(LIMIT);
      expect(answers.filter((answer) => answer === FALLBACK)).toHaveLength(FOLLOWS - LIMIT);

      await vi.waitFor(
        async () =>
          expect(await linkOutcomes(handle.db, link.id)).toEqual({
            destination: LIMIT,
            fallback: FOLLOWS - LIMIT,
            rule: 0,
          }),
        { timeout: 10_000 },
      );
      expect(await linkCounts(handle.db, link.id)).toEqual({ scans: FOLLOWS, clicks: 0, events: FOLLOWS });
      const { scans_used } = await handle.db
        .selectFrom('links')
        .select('scans_used')
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow();
      expect(scans_used).toBe(LIMIT);
    },
  );
});
