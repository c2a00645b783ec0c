import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BATCH_ROWS, copyEmbeddedToPostgres } from '../../server/backup/copy-to-postgres.ts';
import { countRows } from '../../server/backup/service.ts';
import { openDatabase } from '../../server/lib/db.ts';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';
import { embeddedAt, runAdminScript } from '../support/admin-script.ts';
import { linkCounts } from '../support/counts.ts';
import { createOwner, ownerWithFollowedCard } from '../support/factories.ts';
import { buildTestApp, trpcQuery, uploadTestPhoto } from '../support/harness.ts';
import { needsPostgres } from '../support/postgres.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// The growth path from the embedded database to PostgreSQL (docs/deploy.md, "A plain server"): npm run
// db:to-postgres, run as the built script as an operator runs it, copies a data folder's database into a
// new PostgreSQL database, where the servers then find every account, session, card, count and job.

describe('npm run db:to-postgres', { ...needsPostgres(), timeout: 180_000 }, () => {
  it('copies the embedded database into a new PostgreSQL database: a session, a card and its counts come along', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-to-postgres-'));
    const name = `tapcard_copy_${randomBytes(6).toString('hex')}`;
    const target = withDatabase(serverUrl, name);
    try {
      const before = await buildTestApp(embeddedAt(dataDir));
      const { owner, link } = await ownerWithFollowedCard(before);
      await uploadTestPhoto(before.app, owner.cookie);
      // closing writes the counts and lets go of the database
      await before.close();

      // a job waiting in the queue (a retry due tomorrow) goes along, in its queue's partition
      const source = await openDatabase(embeddedAt(dataDir).database, pino({ level: 'silent' }));
      let waitingJob: { id: string; name: string; start_after: string };
      try {
        const job = await sql<{ id: string; name: string; start_after: string }>`
          insert into pgboss.job (name, data, start_after)
          select name, '{"waiting": true}', now() + interval '1 day' from pgboss.queue order by name limit 1
          returning id, name, start_after::text`.execute(source.db);
        waitingJob = job.rows[0]!;
        // more events than one batch of the copy reads: the batches follow the primary key, ids past 1 000
        // sorted as numbers, not as text
        await sql`insert into link_events (link_id, user_id, kind, occurred_at)
          select ${link.id}, ${owner.userId}, 'scan', now() - (g || ' minutes')::interval
          from generate_series(1, ${BATCH_ROWS + 500}) g`.execute(source.db);
      } finally {
        await source.close();
      }

      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      // a server holding the embedded database keeps it: nothing is copied meanwhile
      const held = await openDatabase(embeddedAt(dataDir).database, pino({ level: 'silent' }));
      try {
        const refused = await runAdminScript('db-to-postgres', [target], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `is in use by another Tapcard process (pid ${process.pid} on host ${hostname()}`,
        );
      } finally {
        await held.close();
      }
      await expect(withPgClient(target, async () => undefined)).rejects.toMatchObject({ code: '3D000' });

      // a copy that stops half-way (here at the links) leaves the database it made without a table, so
      // the next run begins again
      const interrupted = copyEmbeddedToPostgres(path.join(dataDir, 'pglite'), target, (line) => {
        if (line.startsWith('  public.links')) throw new Error('interrupted');
      });
      await expect(interrupted).rejects.toThrow('interrupted');
      expect((await withPgClient(target, (client) => countRows(client))).size).toBe(0);

      const copy = await runAdminScript('db-to-postgres', [target], env);
      expect(copy.code, copy.stderr).toBe(0);
      expect(copy.stdout).toContain(
        `Copying the embedded database in ${path.join(dataDir, 'pglite')} to 127.0.0.1:`,
      );
      expect(copy.stdout).toMatch(/^ {2}public\.users: \d+$/m);
      expect(copy.stdout).toMatch(/^table +embedded +copy$/m);
      expect(copy.stdout).toMatch(/^public\.sessions +1 +1$/m);
      expect(copy.stdout).toMatch(/^public\.media +1 +1$/m);
      expect(copy.stdout).toMatch(
        new RegExp(`^public\\.link_events +${BATCH_ROWS + 501} +${BATCH_ROWS + 501}$`, 'm'),
      );
      expect(copy.stdout).toMatch(/^pgboss\.queue +\d+ +\d+$/m);
      expect(copy.stdout).not.toContain('DIFFERENT');
      expect(copy.stdout).toMatch(
        /^Copied whole: \d+ tables, \d+ rows\. Set DATABASE_URL to it for the servers/m,
      );

      const after = await buildTestApp({ database: { kind: 'postgres', url: target } });
      try {
        // the session still signs its owner in, and the card, its photo and its counts are there
        const cards = await trpcQuery(after.app, 'vcards.list', owner.cookie);
        expect(cards.statusCode, cards.body).toBe(200);
        expect(cards.body).toContain('Grace Hopper');
        expect(await linkCounts(after.db, link.id)).toEqual({
          scans: 0,
          clicks: 3,
          events: BATCH_ROWS + 503,
        });
        expect((await after.db.selectFrom('media').select('key').execute()).length).toBe(1);
        const jobs = await sql<{ id: string; name: string; start_after: string; state: string }>`
          select id, name, start_after::text, state::text from pgboss.job where data->>'waiting' = 'true'`.execute(
          after.db,
        );
        expect(jobs.rows).toEqual([{ ...waitingJob, state: 'created' }]);
        // new rows go on from where the copy left every sequence
        await createOwner(after.db);
        const followed = await after.app.inject({
          url: `/l/${link.code}`,
          headers: { 'user-agent': IPHONE_SAFARI },
        });
        expect(followed.statusCode).toBe(302);
      } finally {
        await after.close();
      }

      // never into a database that has tables
      const again = await runAdminScript('db-to-postgres', [target], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has tables');
    } finally {
      await dropDatabase(serverUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a run on PostgreSQL and a target that is not a URL', async () => {
    const wrong = await runAdminScript('db-to-postgres', ['tapcard'], {
      DATA_DIR: tmpdir(),
      DATABASE_URL: '',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim()).toBe(
      'usage: npm run db:to-postgres -- postgres://USER:PASSWORD@HOST:5432/DATABASE',
    );
    const onPostgres = await runAdminScript('db-to-postgres', [process.env.DATABASE_URL!], {
      DATA_DIR: tmpdir(),
      DATABASE_URL: process.env.DATABASE_URL!,
    });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain('db:to-postgres: DATABASE_URL is set');
  });
});
