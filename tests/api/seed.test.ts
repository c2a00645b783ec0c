import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createAuth, type Auth } from '../../server/auth/auth.ts';
import { DEMO_EMAIL, DEMO_USERNAME, seedDemoAccount } from '../../server/demo/service.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { createTestDatabase, openTestDatabase, testConfig, type TestDatabase } from '../support/harness.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;
let auth: Auth;
const config = () => testConfig(testDb.config, mkdtempSync(path.join(tmpdir(), 'tapcard-seed-')));

beforeAll(async () => {
  testDb = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  handle = await openTestDatabase(testDb.config);
  await migrateToLatest(handle.db);
  auth = await createAuth({
    db: handle.db,
    config: config(),
    secret: 'seed-test-secret'.padEnd(40, 'x'),
    logger,
    mailer: createMailer(config(), logger),
  });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

describe('the demo account (npm run seed)', () => {
  it('is created once, complete and with a working password; a second run changes nothing', async () => {
    const first = await seedDemoAccount({ db: handle.db, auth, config: config() });
    expect(first.created).toBe(true);
    expect(await seedDemoAccount({ db: handle.db, auth, config: config() })).toEqual({ created: false });

    const profile = await handle.db
      .selectFrom('profiles')
      .select(['id', 'username', 'plan_type', 'initialized'])
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ username: DEMO_USERNAME, plan_type: 'business', initialized: true });
    const vcards = await handle.db.selectFrom('vcards').select(['name', 'social_links']).execute();
    expect(vcards).toHaveLength(1);
    expect(vcards[0]?.social_links.length).toBeGreaterThan(0);
    const links = await handle.db.selectFrom('links').select(['code', 'vcard_id', 'url']).execute();
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
