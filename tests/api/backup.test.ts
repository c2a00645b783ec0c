import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBackup,
  restoreEmbedded,
  restorePostgres,
  type BackupCheck,
  type CountComparison,
} from '../../server/backup/service.ts';
import type { DatabaseConfig } from '../../server/config.ts';
import { describeUrl, openDatabase } from '../../server/lib/db.ts';
import { withDatabase, withPgClient } from '../../server/lib/pg-client.ts';
import { embeddedAt, runAdminScript, scriptEnvFor } from '../support/admin-script.ts';
import {
  addLink,
  addVcard,
  createOwner,
  createSignedInOwner,
  ownerWithFollowedCard,
} from '../support/factories.ts';
import { linkCounts } from '../support/counts.ts';
import {
  buildTestApp,
  createTestDatabase,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { needsPostgres, onceOnEmbedded } from '../support/postgres.ts';

// Backups restore whole (docs/deploy.md, "Backups and restore"): npm run backup:check backs the database up,
// restores it into a fresh database and compares the rows of every table. Always on the embedded
// database; on PostgreSQL (pg_dump/pg_restore) when DATABASE_URL names one.

/** Accounts, a session, cards, links and a photo: rows in the tables that matter most. */
async function seed(t: TestApp): Promise<void> {
  const signedIn = await createSignedInOwner(t);
  await uploadTestPhoto(t.app, signedIn.cookie);
  for (let i = 0; i < 3; i += 1) {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id);
    await addLink(t.db, owner.id);
    await addLink(t.db, owner.id, { vcard_id: vcardId });
  }
}

function row(check: BackupCheck, table: string): CountComparison {
  const found = check.rows.find((r) => r.table === table);
  if (!found) throw new Error(`no row for ${table}`);
  return found;
}

/** A check that compared something real: Tapcard's tables, with the seeded rows in them. */
function expectWholeCopy(check: BackupCheck): void {
  expect(check.rows.length).toBeGreaterThan(5);
  expect(check.differences, JSON.stringify(check.rows.filter((r) => !r.same))).toBe(0);
  expect(row(check, 'public.users').original).toBeGreaterThanOrEqual(4);
  expect(row(check, 'public.vcards').original).toBeGreaterThanOrEqual(3);
  expect(row(check, 'public.links').original).toBeGreaterThanOrEqual(6);
  expect(row(check, 'public.media').original).toBe(1);
  expect(row(check, 'public.sessions').original).toBeGreaterThanOrEqual(1);
  for (const r of check.rows) expect(r.restored, r.table).toBe(r.original);
}

/** A copy with fewer links than the original: the check must say so. */
async function withoutLinks(copy: { query(text: string): Promise<unknown> }): Promise<void> {
  await copy.query('delete from link_codes');
  await copy.query('delete from links');
}

function expectLinksReported(check: BackupCheck): void {
  expect(check.differences).toBeGreaterThanOrEqual(1);
  const links = row(check, 'public.links');
  expect(links.same).toBe(false);
  expect(links.restored).toBe(0);
  expect(links.original).toBeGreaterThanOrEqual(6);
  expect(row(check, 'public.users').same).toBe(true);
}

describe('backup check of the embedded database', { ...onceOnEmbedded(), timeout: 180_000 }, () => {
  let dataDir: string;
  let database: DatabaseConfig;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-backup-embedded-'));
    const t = await buildTestApp(embeddedAt(dataDir));
    try {
      await seed(t);
    } finally {
      // a backup of the embedded database is taken only once no server holds it
      await t.close();
    }
    database = embeddedAt(dataDir).database;
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('restores a backup into a fresh data directory with every row of every table', async () => {
    expectWholeCopy(await checkBackup(database));
  });

  it('reports a restored copy that lacks rows', async () => {
    expectLinksReported(await checkBackup(database, { alterRestored: withoutLinks }));
  });

  it('never restores over an existing database', async () => {
    const file = path.join(dataDir, 'not-used.tar.gz');
    await expect(restoreEmbedded(file, path.join(dataDir, 'pglite'))).rejects.toThrow();
    // with a real dump it is the existing database that stops it
    const dump = await runAdminScript('db-dump', [file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stdout).toMatch(new RegExp(`^Wrote ${file}: \\d+ tables, \\d+ rows\\.\\n$`));
    await expect(restoreEmbedded(file, path.join(dataDir, 'pglite'))).rejects.toThrow(
      `${path.join(dataDir, 'pglite')} already holds a database: restore into a new DATA_DIR`,
    );
    const fresh = mkdtempSync(path.join(tmpdir(), 'tapcard-backup-restored-'));
    try {
      const restore = await runAdminScript('db-restore', [file], { DATA_DIR: fresh, DATABASE_URL: '' });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/^Restored .*: \d+ tables, \d+ rows\.\n$/);
      expect(restore.stdout.split(':').at(-1)).toBe(dump.stdout.split(':').at(-1));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
      rmSync(file, { force: true });
    }
  });

  it('runs as npm run backup:check, printing the table, and refuses while a server holds the database', async () => {
    const run = await runAdminScript('backup-check', [], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^public\.users +\d+ +\d+$/m);
    expect(run.stdout).toMatch(/^Backup restored whole: \d+ tables, \d+ rows, the same in the copy\.$/m);
    expect(run.stdout).not.toContain('DIFFERENT');

    // this process holds it as a running server does
    const server = await openDatabase(database, pino({ level: 'silent' }));
    try {
      const held = await runAdminScript('backup-check', [], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(held.code).toBe(1);
      expect(held.stderr).toContain(
        `backup:check: The embedded database in ${path.join(dataDir, 'pglite')} is in use by another Tapcard process (pid ${process.pid} on host ${hostname()}`,
      );
      expect(held.stdout).toBe('');
    } finally {
      await server.close();
    }
  });
});

describe('backup check of PostgreSQL', { ...needsPostgres(), timeout: 180_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await seed(t);
  });

  afterAll(() => t.close());

  it('restores a pg_dump into a new database with every row of every table, while the server runs', async () => {
    expect(t.config.database.kind).toBe('postgres');
    // accounts keep being made during the backup: the counts and the dump come from one snapshot
    let checking = true;
    let made = 0;
    const writes = (async () => {
      while (checking && made < 500) {
        await createOwner(t.db);
        made += 1;
      }
    })();
    const check = await checkBackup(t.config.database).finally(() => (checking = false));
    await writes;
    expect(made).toBeGreaterThan(0);
    expectWholeCopy(check);
    expect(check.restoredInto).toMatch(/\/tapcard_backup_check_[0-9a-f]{12}$/);
  });

  it('reports a restored copy that lacks rows', async () => {
    expectLinksReported(await checkBackup(t.config.database, { alterRestored: withoutLinks }));
  });

  it('runs as npm run backup:check and exits 0 with the table', async () => {
    const run = await runAdminScript('backup-check', [], scriptEnvFor(t.config));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^public\.links +\d+ +\d+$/m);
    expect(run.stdout).toMatch(/^Backup restored whole: \d+ tables, \d+ rows, the same in the copy\.$/m);
  });
});

/** A command as docs/deploy.md gives it, run from the checkout with `env` added; its output and exit code. */
function runAsDocumented(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe(
  'a PostgreSQL database lost and restored as docs/deploy.md says',
  { ...needsPostgres(), timeout: 180_000 },
  () => {
    it('dumps with npm run db:dump, drops it with dropdb, and npm run db:restore brings back a card, its counts and a session', async () => {
      const database = await createTestDatabase();
      if (database.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const { url } = database.config;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-restore-'));
      try {
        const before = await buildTestApp({ database: database.config });
        const { owner, link } = await ownerWithFollowedCard(before);
        // closing writes the counts
        await before.close();

        // without FILE: into DATA_DIR/backups, outside the checkout
        const dump = await runAsDocumented('npm', ['run', 'db:dump'], {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
        });
        expect(dump.code, dump.output).toBe(0);
        const file = new RegExp(`Wrote (${path.join(dataDir, 'backups')}/tapcard-[^:]+\\.dump): `).exec(
          dump.output,
        )?.[1];
        expect(file, dump.output).toBeDefined();
        // docs/deploy.md's drop: dropdb on the same server, the maintenance database named by a URL
        const maintenance = withDatabase(url, 'postgres');
        const name = new URL(url).pathname.slice(1);
        const dropped = await runAsDocumented(
          'dropdb',
          [`--maintenance-db=${maintenance}`, '--force', name],
          {},
        );
        expect(dropped.code, dropped.output).toBe(0);
        await expect(withPgClient(url, async () => undefined)).rejects.toMatchObject({ code: '3D000' });

        const restore = await runAsDocumented('npm', ['run', 'db:restore', '--', file!], {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
        });
        expect(restore.code, restore.output).toBe(0);
        expect(restore.output).toMatch(/Restored .*: \d+ tables, \d+ rows\./);

        const after = await buildTestApp({ database: database.config });
        try {
          // the session still signs its owner in, and the card and its counts are there
          const cards = await trpcQuery(after.app, 'vcards.list', owner.cookie);
          expect(cards.statusCode, cards.body).toBe(200);
          expect(cards.body).toContain('Grace Hopper');
          expect(await linkCounts(after.db, link.id)).toEqual({ scans: 0, clicks: 3, events: 3 });
          // a restore never goes into a database that has tables
          const again = await runAsDocumented('npm', ['run', 'db:restore', '--', file!], {
            DATABASE_URL: url,
            DATA_DIR: dataDir,
          });
          expect(again.code).toBe(1);
          expect(again.output).toContain('already has tables');
        } finally {
          await after.close();
        }
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('refuses a database without tables where the role may not create them, naming the superuser command', async () => {
      const database = await createTestDatabase({ migrated: false });
      if (database.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const { url } = database.config;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-restore-'));
      const file = path.join(dataDir, 'tapcard.dump');
      writeFileSync(file, 'PGDMP');
      try {
        // as in a database a superuser made and never handed over: from PostgreSQL 15 on, only the
        // database's owner may create tables in its public schema
        await withPgClient(url, (client) =>
          client.query('revoke create on schema public from pg_database_owner'),
        );
        const name = new URL(url).pathname.slice(1);
        await expect(restorePostgres(file, url)).rejects.toThrow(
          `The role ${new URL(url).username} may not create tables in ${describeUrl(url)}`,
        );
        await expect(restorePostgres(file, url)).rejects.toThrow(
          `as a superuser run ALTER DATABASE "${name}" OWNER TO "${new URL(url).username}"`,
        );
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
