import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createAuth, type Auth } from '../../server/auth/auth.ts';
import { parseConfig } from '../../server/config.ts';
import { DEMO_RECHECK_MS, watchDemoCard } from '../../server/demo/presence.ts';
import { DEMO_TEXTS } from '../../server/public-profile/demo-content.ts';
import { DEMO_EMAIL, seedDemoAccount } from '../../server/demo/service.ts';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../../server/crm/sync.ts';
import { createLocalChangeBus, createPostgresChangeBus } from '../../server/lib/changes.ts';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createLocalStorage, type MediaStorage } from '../../server/media/storage.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import { DEMO_CARD_META, DEMO_USERNAME } from '../../src/demo.ts';
import { mediaKeyOf } from '../../src/media.ts';
import {
  buildTestApp,
  createTestDatabase,
  openTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../support/harness.ts';
import { onceOnEmbedded } from '../support/postgres.ts';

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
    changes: createLocalChangeBus(),
  });
  storage = createLocalStorage(path.join(dataDir, 'media'));
  deps = {
    db: handle.db,
    config,
    mailer,
    storage,
    changes: createLocalChangeBus(),
    ...webhooksWithoutQueue(),
    crm: crmWithoutQueue(),
    resolveTxt: () => Promise.resolve([]),
    auth,
  };
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo account (npm run seed, and every start outside production)', () => {
  it('is created once, complete and with a working password, however many make it at once', async () => {
    // a database that already has accounts gets it too
    const authContext = await auth.$context;
    await authContext.internalAdapter.createUser(
      { name: 'Someone', email: 'someone@example.com' },
      { method: 'admin' },
    );
    const results = await Promise.all([seedDemoAccount(deps), seedDemoAccount(deps), seedDemoAccount(deps)]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const first = results.find((result) => result.created);
    expect(await seedDemoAccount(deps)).toEqual({ created: false });
    expect(
      await handle.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute(),
    ).toHaveLength(1);

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

    if (!first?.created) throw new Error('unreachable');
    const signIn = await auth.api.signInEmail({ body: { email: DEMO_EMAIL, password: first.password } });
    expect(signIn.user.id).toBe(profile.id);
  });
});

describe('whether the landing page shows the demo card', () => {
  it('follows the demo card: asked again at once on a notice of its account, else at most every minute', async () => {
    let clock = 0;
    const changes = createLocalChangeBus();
    const watch = await watchDemoCard({ db: handle.db, changes }, pino({ level: 'silent' }), () => clock);
    const demo = await handle.db
      .selectFrom('profiles')
      .select('id')
      .where('username', '=', DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    try {
      expect(watch.shown()).toBe(true);
      // a change no notice tells of: seen once the answer is a minute old (the first ask answers at once,
      // from what is known, and asks again beside it)
      await handle.db
        .updateTable('profiles')
        .set({ username: 'demo-away' })
        .where('id', '=', demo.id)
        .execute();
      clock += DEMO_RECHECK_MS - 1;
      expect(watch.shown()).toBe(true);
      clock += 1;
      expect(watch.shown()).toBe(true);
      await vi.waitFor(() => expect(watch.shown()).toBe(false));

      // the demo account's own notice is heard at once
      await handle.db
        .updateTable('profiles')
        .set({ username: DEMO_USERNAME })
        .where('id', '=', demo.id)
        .execute();
      expect(watch.shown()).toBe(false);
      changes.publish({ userId: demo.id, topic: 'cards' });
      await vi.waitFor(() => expect(watch.shown()).toBe(true));
      // a profile its plan no longer publishes (an ended trial) answers no card
      await handle.db
        .updateTable('profiles')
        .set({ plan_type: 'free', trial_start_date: new Date(0) })
        .where('id', '=', demo.id)
        .execute();
      changes.publish({ userId: demo.id, topic: 'cards' });
      await vi.waitFor(() => expect(watch.shown()).toBe(false));
    } finally {
      await handle.db
        .updateTable('profiles')
        .set({ plan_type: 'business', username: DEMO_USERNAME })
        .where('id', '=', demo.id)
        .execute();
      watch.close();
    }
  });
});

describe('the demo card at start', () => {
  it('is made on every install outside production, on either database', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).demoCard).toBe(true);
    expect(
      parseConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/tapcard' })
        .demoCard,
    ).toBe(true);
    expect(
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:25' })
        .demoCard,
    ).toBe(false);
    // the test suite's apps build their own data
    expect(parseConfig({ NODE_ENV: 'test' }).demoCard).toBe(false);
  });

  /** The landing page's HTML shell as a browser gets it. */
  async function landingShell(app: TestApp): Promise<string> {
    const response = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(200);
    return response.body;
  }
  const demoMeta = `<meta name="${DEMO_CARD_META}" content="/demo">`;

  it('exists once when servers start at once on one database, and their landing pages show it', async () => {
    const database = await createTestDatabase();
    // several processes share PostgreSQL; an embedded database belongs to one process
    const { config } = database;
    const servers = config.kind === 'postgres' ? 2 : 1;
    // each server's change notices, as it would make them itself, kept to publish one below
    const buses = await Promise.all(
      Array.from({ length: servers }, () =>
        config.kind === 'postgres'
          ? createPostgresChangeBus(config.url, pino({ level: 'silent' }))
          : createLocalChangeBus(),
      ),
    );
    const apps = await Promise.all(
      buses.map((changes) => buildTestApp({ database: config, demoCard: true }, { changes })),
    );
    try {
      const [first] = apps;
      if (!first) throw new Error('unreachable');
      const demoUsers = await first.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .execute();
      expect(demoUsers).toHaveLength(1);
      expect(
        await first.db
          .selectFrom('vcards')
          .select('id')
          .where('user_id', '=', demoUsers[0]?.id ?? '')
          .execute(),
      ).toHaveLength(1);
      for (const app of apps) {
        const card = await app.app.inject({ method: 'GET', url: '/demo' });
        expect(card.statusCode).toBe(200);
        expect(card.body).toContain('Alex Rivera');
        // the card's own words in the visitor's language, as the page's fixed texts (one card serves both)
        expect(card.body).toContain(`Alex Rivera · ${DEMO_TEXTS.en.position} at Northwind Studio`);
        for (const title of DEMO_TEXTS.en.linkTitles) expect(card.body).toContain(title);
        const spanish = await app.app.inject({
          method: 'GET',
          url: '/demo',
          headers: { 'accept-language': 'es-ES,es;q=0.9' },
        });
        expect(spanish.headers['content-language']).toBe('es');
        expect(spanish.body).toContain(`Alex Rivera · ${DEMO_TEXTS.es.position} en Northwind Studio`);
        for (const title of DEMO_TEXTS.es.linkTitles) expect(spanish.body).toContain(title);
        for (const title of [DEMO_TEXTS.en.position, ...DEMO_TEXTS.en.linkTitles]) {
          expect(spanish.body).not.toContain(title);
        }
        expect(card.body).toMatch(/<img class="avatar" src="\/media\/[0-9a-f]{32}\.jpg"/);
        // the shell says so, and carries the landing page prerendered with 'View Demo'
        const shell = await landingShell(app);
        expect(shell).toContain(demoMeta);
        expect(shell).toContain('<a href="/demo">Ver demostración</a>');
      }

      // the demo card goes away (here: its account takes another name): on its account's change notice,
      // which reaches every process, each landing page drops the button
      const demoId = demoUsers[0]?.id ?? '';
      await first.db
        .updateTable('profiles')
        .set({ username: 'demo-away' })
        .where('id', '=', demoId)
        .execute();
      buses[0]?.publish({ userId: demoId, topic: 'cards' });
      for (const app of apps) {
        await vi.waitFor(async () => expect(await landingShell(app)).not.toContain(DEMO_CARD_META));
        expect(await landingShell(app)).not.toContain('Ver demostración');
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(buses.map((bus) => bus.close()));
      await database.drop();
    }
  });

  it('is not offered where there is none (production, or a demo never made)', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/demo' })).statusCode).toBe(404);
      const shell = await landingShell(app);
      expect(shell).not.toContain(DEMO_CARD_META);
      expect(shell).toContain('<div id="root"><main><h1>Tapcard página de prueba</h1></main></div>');
      // nor on the other paths' shell, from which the client may go to the landing page
      const other = await app.app.inject({ method: 'GET', url: '/login' });
      expect(other.body).not.toContain(DEMO_CARD_META);
    } finally {
      await app.close();
    }
  });
});

describe('npm run seed', () => {
  it('refuses a production database without --force', onceOnEmbedded(), () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:25',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('refusing to seed a production database');
  });
});
