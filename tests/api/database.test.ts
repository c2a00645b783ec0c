import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createAuth } from '../../server/auth/auth.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openDatabase, type DatabaseHandle } from '../../server/lib/db.ts';
import { addVisits } from '../support/factories.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/harness.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  // from scratch, not the migrated template: this file tests the migrations themselves
  testDb = await createTestDatabase({ migrated: false });
  handle = await openDatabase(testDb.config, pino({ level: 'silent' }));
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

async function insertUser(id: string, email = `${id}@example.com`) {
  await handle.db.insertInto('users').values({ id, name: id, email }).execute();
  await handle.db.insertInto('profiles').values({ id, name: id, email }).execute();
}

describe('migrations', () => {
  it('apply every migration once, and a second run applies none', async () => {
    const first = await migrateToLatest(handle.db);
    expect(first.map((result) => result.migrationName)).toEqual(Object.keys(migrations));
    expect(first.every((result) => result.status === 'Success')).toBe(true);
    const second = await migrateToLatest(handle.db);
    expect(second).toEqual([]);
  });

  it('leave nothing for better-auth to create or add', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-db-'));
    const config = testConfig(testDb.config, dataDir);
    const logger = pino({ level: 'silent' });
    const auth = await createAuth({
      db: handle.db,
      config,
      secret: 'x'.repeat(40),
      logger,
      mailer: createMailer(config, logger),
      changes: createLocalChangeBus(),
    });
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });
});

describe('data model rules', () => {
  it('keeps usernames unique whatever their case', async () => {
    await insertUser('u-case-1');
    await insertUser('u-case-2');
    await handle.db
      .updateTable('profiles')
      .set({ username: 'ana-perez' })
      .where('id', '=', 'u-case-1')
      .execute();
    await expect(
      handle.db.updateTable('profiles').set({ username: 'Ana-Perez' }).where('id', '=', 'u-case-2').execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps e-mail addresses unique whatever their case', async () => {
    await insertUser('u-mail-1', 'Mixed@Example.com');
    await expect(insertUser('u-mail-2', 'mixed@example.com')).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps link codes unique', async () => {
    await insertUser('u-code');
    const link = {
      user_id: 'u-code',
      kind: 'profile' as const,
      code: 'Abc1234',
      title: 'Site',
      url: 'https://example.com',
    };
    await handle.db.insertInto('links').values(link).execute();
    await expect(handle.db.insertInto('links').values(link).execute()).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('deletes every row of a user with the user, and a vCard’s managed link with the vCard', async () => {
    await insertUser('u-cascade');
    const vcard = await handle.db
      .insertInto('vcards')
      .values({ user_id: 'u-cascade', name: 'Card' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const managed = await handle.db
      .insertInto('links')
      .values({
        user_id: 'u-cascade',
        kind: 'qr',
        code: 'Managed1',
        title: 'Card',
        url: 'https://x.test',
        vcard_id: vcard.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addVisits(handle.db, 'u-cascade', { linkId: managed.id, kind: 'scan' });
    await addVisits(handle.db, 'u-cascade', { vcardId: null });
    await handle.db
      .insertInto('support_messages')
      .values({ user_id: 'u-cascade', email: 'a@example.com', subject: 'Hi', message: 'Hello' })
      .execute();

    await handle.db.deleteFrom('vcards').where('id', '=', vcard.id).execute();
    expect(await handle.db.selectFrom('links').where('id', '=', managed.id).selectAll().execute()).toEqual(
      [],
    );

    await handle.db.deleteFrom('users').where('id', '=', 'u-cascade').execute();
    for (const table of [
      'profiles',
      'vcards',
      'links',
      'link_events',
      'profile_views',
      'support_messages',
    ] as const) {
      const column = table === 'profiles' ? 'id' : 'user_id';
      const { count } = await sql<{
        count: number;
      }>`select count(*)::int as count from ${sql.table(table)} where ${sql.ref(column)} = 'u-cascade'`
        .execute(handle.db)
        .then((result) => result.rows[0]!);
      expect(count, table).toBe(0);
    }
  });

  it('refuses a plan or language outside the known values', async () => {
    await insertUser('u-check');
    await expect(
      sql`update profiles set plan_type = 'gold' where id = 'u-check'`.execute(handle.db),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`update profiles set language = 'fr' where id = 'u-check'`.execute(handle.db),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('embedded database concurrency', () => {
  it('keeps a rolled-back transaction apart from one that commits at the same time', async () => {
    await insertUser('u-tx');
    const failing = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('support_messages')
          .values({ user_id: 'u-tx', email: 'a@x.test', subject: 'A', message: 'rolled back' })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('abort');
      })
      .catch(() => 'aborted');
    const committing = handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('support_messages')
        .values({ user_id: 'u-tx', email: 'a@x.test', subject: 'B', message: 'kept' })
        .execute();
    });
    const plain = handle.db
      .insertInto('support_messages')
      .values({ user_id: 'u-tx', email: 'a@x.test', subject: 'C', message: 'kept' })
      .execute();
    expect(await failing).toBe('aborted');
    await Promise.all([committing, plain]);
    const subjects = await handle.db
      .selectFrom('support_messages')
      .select('subject')
      .where('user_id', '=', 'u-tx')
      .orderBy('subject')
      .execute();
    expect(subjects.map((row) => row.subject)).toEqual(['B', 'C']);
  });
});
