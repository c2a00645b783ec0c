import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createAuth, type Auth } from '../../server/auth/auth.ts';
import { parseConfig } from '../../server/config.ts';
import { DEMO_EMAIL, DEMO_USERNAME, seedDemoAccount, seedDemoIfEmpty } from '../../server/demo/service.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createLocalStorage, type MediaStorage } from '../../server/media/storage.ts';
import type { AppDeps } from '../../server/trpc/context.ts';
import { mediaKeyOf } from '../../src/media.ts';
import {
  buildTestApp,
  createTestDatabase,
  openTestDatabase,
  testConfig,
  type TestDatabase,
} from '../support/harness.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;
let auth: Auth;
let storage: MediaStorage;
let deps: AppDeps & { auth: Auth };
const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-seed-'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  const config = testConfig(testDb.config, dataDir);
  handle = await openTestDatabase(testDb.config);
  await migrateToLatest(handle.db);
  const mailer = createMailer(config, logger);
  auth = await createAuth({
    db: handle.db,
    config,
    secret: 'seed-test-secret'.padEnd(40, 'x'),
    logger,
    mailer,
  });
  storage = createLocalStorage(path.join(dataDir, 'media'));
  deps = { db: handle.db, config, mailer, storage, changes: createLocalChangeBus(), auth };
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo account (npm run seed)', () => {
  it('is not created on start when the database already has a user', async () => {
    const authContext = await auth.$context;
    await authContext.internalAdapter.createUser(
      { name: 'Someone', email: 'someone@example.com' },
      { method: 'admin' },
    );
    expect(await seedDemoIfEmpty(deps)).toEqual({ created: false });
    expect(
      await handle.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute(),
    ).toEqual([]);
  });

  it('is created once, complete and with a working password; a second run changes nothing', async () => {
    const first = await seedDemoAccount(deps);
    expect(first.created).toBe(true);
    expect(await seedDemoAccount(deps)).toEqual({ created: false });

    const profile = await handle.db
      .selectFrom('profiles')
      .select(['id', 'username', 'plan_type', 'initialized', 'primary_vcard_id', 'profile_pic'])
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ username: DEMO_USERNAME, plan_type: 'business', initialized: true });
    const vcards = await handle.db
      .selectFrom('vcards')
      .selectAll()
      .where('user_id', '=', profile.id)
      .execute();
    expect(vcards).toHaveLength(1);
    const [vcard] = vcards;
    expect(profile.primary_vcard_id).toBe(vcard?.id);
    expect(vcard).toMatchObject({ position: expect.any(String), company: expect.any(String) });
    expect(vcard?.email && vcard.phone && vcard.website).toBeTruthy();
    expect(vcard?.social_links.length).toBeGreaterThanOrEqual(3);

    // the photo is stored like an upload: an object in storage and its media row
    const key = mediaKeyOf(vcard?.photo);
    expect(key).not.toBeNull();
    expect(profile.profile_pic).toBe(vcard?.photo);
    expect((await storage.get(key ?? ''))?.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const media = await handle.db
      .selectFrom('media')
      .selectAll()
      .where('key', '=', key ?? '')
      .execute();
    expect(media).toHaveLength(1);

    const links = await handle.db
      .selectFrom('links')
      .select(['code', 'vcard_id', 'url'])
      .where('user_id', '=', profile.id)
      .execute();
    expect(links).toHaveLength(4);
    expect(links.filter((link) => link.vcard_id !== null)).toHaveLength(1);
    expect(new Set(links.map((link) => link.code)).size).toBe(4);
    expect(links.every((link) => /^[0-9A-Za-z]{8}$/.test(link.code) && link.url.startsWith('http'))).toBe(
      true,
    );

    if (!first.created) throw new Error('unreachable');
    const signIn = await auth.api.signInEmail({ body: { email: DEMO_EMAIL, password: first.password } });
    expect(signIn.user.id).toBe(profile.id);
  });
});

describe('the demo card on the first start of an empty database', () => {
  it('is on in development with the embedded database only', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).seedDemoOnEmpty).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemoOnEmpty).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }).seedDemoOnEmpty).toBe(false);
    expect(
      parseConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/tapcard' })
        .seedDemoOnEmpty,
    ).toBe(false);
  });

  it('shows the demo card at /demo', async () => {
    const t = await buildTestApp({ seedDemoOnEmpty: true });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/demo' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Alex Rivera');
      expect(response.body).toMatch(/<img class="avatar" src="\/media\/[0-9a-f]{32}\.jpg"/);
    } finally {
      await t.close();
    }
  });
});

describe('npm run seed', () => {
  it('refuses a production database without --force', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('refusing to seed a production database');
  });
});
