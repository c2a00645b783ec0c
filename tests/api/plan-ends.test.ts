import { sql } from 'kysely';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applySubscriptionState } from '../../server/billing/apply.ts';
import { sendPlanEndNotices, type PlanEndNoticeResult } from '../../server/billing/plan-ends.ts';
import type { MaintenanceSchedule } from '../../server/maintenance-schedule.ts';
import { openDatabase, type DatabaseHandle } from '../../server/lib/db.ts';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../../server/crm/sync.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { AppError } from '../../server/lib/errors.ts';
import { createMailer, listDevMailbox } from '../../server/mail/mailer.ts';
import type { Mailer } from '../../server/mail/types.ts';
import { createMediaStorage } from '../../server/media/create-storage.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import type { PausedCounts } from '../../src/pauses.ts';
import { PLANS } from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import {
  addLink,
  addVcard,
  createSignedInOwner,
  designInput,
  endPaidPlan,
  qrDesignInput,
  versionOf,
} from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { reopen, sharedDatabase } from '../support/shared-database.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Plans that end exactly (docs/decisions/018-plan-in-effect.md): a paid plan past its period
// end is Free for every rule whether or not its end-of-subscription webhook came; every answer below is
// the same for the two ways an ended period is stored. The customer is told that the plan ended: by the
// billing status and by one e-mail, queued through the outbox by the server's hourly job.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CARD_DOMAIN = 'cards.test';
const onPostgres = Boolean(process.env.DATABASE_URL);
const silent = pino({ level: 'silent' });

/** 'clock': the rows as the end left them with no webhook (plan_type still pro); 'webhook': as it sets them. */
const ENDINGS = ['clock', 'webhook'] as const;
type Ending = (typeof ENDINGS)[number];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN });
});

afterAll(async () => {
  await t?.close();
});

const mutate = (path: string, cookie: string, input: unknown) => trpcMutate(t.app, path, cookie, input);
const query = (path: string, cookie: string, input?: unknown) => trpcQuery(t.app, path, cookie, input);
const visit = (url: string, host?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE_SAFARI, ...(host ? { host } : {}) } });

function expectRefused(response: Awaited<ReturnType<typeof mutate>>, reason: string) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(trpcError(response).data.reason).toBe(reason);
}

/** How many vCards and links an account has (a refusal stores nothing). */
async function itemCounts(userId: string) {
  const [vcards, links] = await Promise.all([
    t.db.selectFrom('vcards').select('id').where('user_id', '=', userId).execute(),
    t.db.selectFrom('links').select('id').where('user_id', '=', userId).execute(),
  ]);
  return { vcards: vcards.length, links: links.length };
}

/**
 * A Pro customer holding what Pro allowed (2 vCards, 3 QR codes, 7 profile links) whose period ended an
 * hour ago, `by` the clock alone or with its webhook; the free trial ended long ago unless it `trialRuns`.
 */
async function endedProCustomer(by: Ending, { trialRuns = false } = {}) {
  const owner = await createSignedInOwner(t, { plan: 'pro' });
  const first = await addVcard(t.db, owner.userId, {
    name: 'First',
    created_at: new Date(Date.now() - HOUR),
  });
  const second = await addVcard(t.db, owner.userId, { name: 'Second' });
  const qr = [];
  for (let index = 0; index < 3; index += 1) {
    qr.push(
      await addLink(t.db, owner.userId, {
        kind: 'qr',
        created_at: new Date(Date.now() - (3 - index) * HOUR),
      }),
    );
  }
  for (let index = 0; index < 7; index += 1) {
    await addLink(t.db, owner.userId, { title: `L${index}`, order_index: index });
  }
  const endedAt = new Date(Date.now() - HOUR);
  await endPaidPlan(t.db, owner.userId, {
    endedAt,
    by,
    ...(trialRuns ? { trialEndsAt: new Date(Date.now() + 5 * DAY) } : {}),
  });
  return { ...owner, username: owner.username ?? '', vcards: { first, second }, qr, endedAt };
}

describe.each(ENDINGS)('a Pro plan whose period ended (%s) is Free', (by) => {
  it('for the limits: one more vCard, QR code, profile link or photo beyond Free is refused and stores nothing', async () => {
    const owner = await endedProCustomer(by);
    const before = await itemCounts(owner.userId);
    expectRefused(
      await mutate('vcards.create', owner.cookie, { ...emptyVcardForm(), name: 'Third' }),
      'limit_reached',
    );
    expectRefused(
      await mutate('links.createQrCode', owner.cookie, {
        title: 'Menu',
        url: 'https://example.com/menu',
        icon: '',
      }),
      'limit_reached',
    );
    expectRefused(
      await mutate('links.createProfileLink', owner.cookie, {
        title: 'Shop',
        url: 'https://example.com/shop',
      }),
      'limit_reached',
    );
    expect(await itemCounts(owner.userId)).toEqual(before);

    // photo storage: Free's 50 MB, not Pro's 500 MB
    await t.db
      .insertInto('media')
      .values({
        key: `${'c'.repeat(24)}${owner.userId.slice(0, 8)}.jpg`,
        user_id: owner.userId,
        content_type: 'image/jpeg',
        bytes: PLANS.free.limits.storageMb * 1024 * 1024,
        width: 1,
        height: 1,
      })
      .execute();
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/media/photos',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: form,
    });
    expect(upload.statusCode, upload.body).toBe(413);
    expect(upload.json()).toMatchObject({ reason: 'storage_quota_exceeded' });
  });

  it('for the username: the kept custom name saves, a new custom name is refused', async () => {
    const owner = await endedProCustomer(by);
    const kept = await mutate('profile.updateDetails', owner.cookie, {
      name: 'Ada Kept',
      username: owner.username,
      photo: null,
      baseVersion: await versionOf(t.db, 'profiles', owner.userId),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const renamed = await mutate('profile.updateDetails', owner.cookie, {
      name: 'Ada Kept',
      username: `${owner.username}-new`,
      photo: null,
      baseVersion: await versionOf(t.db, 'profiles', owner.userId),
    });
    expectRefused(renamed, 'validation_failed');
    expect(trpcError(renamed).data.meta).toMatchObject({ field: 'username' });
    const profile = await t.db
      .selectFrom('profiles')
      .select(['username', 'name'])
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ username: owner.username, name: 'Ada Kept' });
    const check = await query('profile.checkUsername', owner.cookie, { username: 'ada-brand-new' });
    expect(trpcData<{ status: string }>(check).status).toBe('invalid');
  });

  it('for the features: designs, analytics ranges and the QR studio answer plan_required; the subdomain sends to the main address', async () => {
    const owner = await endedProCustomer(by, { trialRuns: true });
    const required = { feature: 'customBranding', plan: 'pro' };
    const design = await mutate(
      'designs.save',
      owner.cookie,
      designInput(owner.vcards.first, { layout: 'left' }),
    );
    expectRefused(design, 'plan_required');
    expect(trpcError(design).data.meta).toEqual(required);
    const week = await query('analytics.overview', owner.cookie, { timeZone: 'UTC', range: '7d' });
    expectRefused(week, 'plan_required');
    expect(trpcError(week).data.meta).toEqual({ feature: 'fullAnalytics', plan: 'pro' });
    const studio = await mutate('qrStudio.saveDesign', owner.cookie, {
      id: owner.qr[0]?.id,
      design: qrDesignInput(),
      baseVersion: 1,
    });
    expectRefused(studio, 'plan_required');
    const subdomain = await visit('/?qr', `${owner.username}.${CARD_DOMAIN}`);
    expect(subdomain.statusCode).toBe(302);
    expect(subdomain.headers.location).toBe(`${TEST_ORIGIN}/${owner.username}?qr`);
  });

  it('for the pauses: with the trial running the page stays online and what is over Free is paused', async () => {
    const owner = await endedProCustomer(by, { trialRuns: true });
    expect((await visit(`/${owner.username}`)).statusCode).toBe(200);
    expect((await visit(`/vcard/${owner.vcards.second}`)).body).toContain('<title>Paused</title>');
    const [oldest, , newest] = owner.qr;
    expect((await visit(`/l/${oldest?.code}`)).statusCode).toBe(302);
    expect((await visit(`/l/${newest?.code}`)).body).toContain('<title>Paused</title>');
    const list = trpcData<{ vcards: { name: string; pause: string | null }[] }>(
      await query('vcards.list', owner.cookie),
    );
    expect(list.vcards.map((vcard) => [vcard.name, vcard.pause])).toEqual([
      ['First', null],
      ['Second', 'over_limit'],
    ]);
  });

  it('for the pauses: with the trial over the account is offline, paused as a plan that ended', async () => {
    const owner = await endedProCustomer(by);
    expect((await visit(`/${owner.username}`)).statusCode).toBe(403);
    expect((await visit(`/l/${owner.qr[0]?.code}`)).body).toContain('<title>Paused</title>');
    const list = trpcData<{ vcards: { pause: string | null }[] }>(await query('vcards.list', owner.cookie));
    expect(list.vcards.map((vcard) => vcard.pause)).toEqual(['plan_ended', 'plan_ended']);
  });

  it('in the billing status and details: the Pro plan ended, with what is paused', async () => {
    const owner = await endedProCustomer(by, { trialRuns: true });
    const status = trpcData<Record<string, unknown>>(await query('billing.status', owner.cookie));
    expect(status).toMatchObject({
      subscribed: false,
      plan_in_effect: 'free',
      is_accessible: true,
      ended_plan: { plan: 'pro', ended_at: owner.endedAt, paused: { vcard: 1, qrCode: 2, profileLink: 2 } },
    });
    const details = trpcData<Record<string, unknown>>(await query('billing.details', owner.cookie));
    expect(details).toMatchObject({
      plan: 'free',
      interval: null,
      renews_at: null,
      ended_plan: { plan: 'pro' },
    });
  });
});

describe('the moment a paid period ends', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('changes what cached pages and short links answer, with no notice and no job', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const end = new Date(Date.now() + 10 * 60 * 1000);
    await endPaidPlan(t.db, owner.userId, {
      endedAt: end,
      by: 'clock',
      trialEndsAt: new Date(Date.now() + 5 * DAY),
    });
    await addVcard(t.db, owner.userId, { name: 'First', created_at: new Date(Date.now() - HOUR) });
    const older = await addLink(t.db, owner.userId, {
      kind: 'qr',
      url: 'https://example.com/old',
      created_at: new Date(Date.now() - HOUR),
    });
    const newer = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/new' });
    // read into the caches while Pro runs: no footer (adFree), both codes redirect
    expect((await visit(`/${owner.username}`)).body).not.toContain('Made with Tapcard');
    expect((await visit(`/l/${newer.code}`)).headers.location).toBe('https://example.com/new');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(end.getTime() + 1_000);
    const page = await visit(`/${owner.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Made with Tapcard');
    expect((await visit(`/l/${newer.code}`)).body).toContain('<title>Paused</title>');
    expect((await visit(`/l/${older.code}`)).headers.location).toBe('https://example.com/old');
  });
});

describe('a plan that runs, or that never was', () => {
  it('has no ended plan: a running Pro plan, and a free trial', async () => {
    const pro = await createSignedInOwner(t, { plan: 'pro' });
    await t.db
      .updateTable('profiles')
      .set({ subscription_end: new Date(Date.now() + DAY) })
      .where('id', '=', pro.userId)
      .execute();
    const proStatus = trpcData<Record<string, unknown>>(await query('billing.status', pro.cookie));
    expect(proStatus).toMatchObject({ plan_in_effect: 'pro', ended_plan: null });
    const added = await mutate('vcards.create', pro.cookie, { ...emptyVcardForm(), name: 'Second' });
    expect(added.statusCode, added.body).toBe(200);
    const trial = await createSignedInOwner(t, { plan: 'free' });
    expect(trpcData<Record<string, unknown>>(await query('billing.status', trial.cookie))).toMatchObject({
      plan_in_effect: 'free',
      ended_plan: null,
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The e-mail

/** The plan-ended e-mails in a dev mailbox for one address (sign-up also mails a confirmation link). */
async function planEndedMailsTo(dataDir: string, email: string) {
  return (await listDevMailbox(dataDir)).filter(
    (mail) => mail.to === email && /plan .*(ended|terminado)/i.test(mail.subject),
  );
}

const resultsFor = (results: PlanEndNoticeResult[], userId: string) =>
  results.filter((result) => result.userId === userId);

/** A signed-up (confirmed) Pro customer whose period ended `endedAgoMs` ago with no webhook. */
async function endedCustomer(app: TestApp, { endedAgoMs = 2 * HOUR, language = 'en' as 'en' | 'es' } = {}) {
  const user = await signUp(app.app);
  await app.db.updateTable('profiles').set({ language }).where('id', '=', user.userId).execute();
  const endedAt = new Date(Date.now() - endedAgoMs);
  await endPaidPlan(app.db, user.userId, { endedAt, by: 'clock' });
  return { ...user, endedAt };
}

describe('the plan-ended e-mail', () => {
  it("is queued through the outbox by the server's hourly job, once, in the person's language, naming what is paused", async () => {
    const EVERY_MINUTE: MaintenanceSchedule = {
      trialReminders: '* * * * *',
      cleanup: '* * * * *',
      domainChecks: '* * * * *',
      leadDigest: '* * * * *',
      cronCheckSeconds: 1,
    };
    const shared = await sharedDatabase();
    const first = await buildTestApp(shared.overrides);
    let second: Awaited<ReturnType<typeof reopen>> | undefined;
    let third: DatabaseHandle | undefined;
    try {
      const customer = await endedCustomer(first, { language: 'es' });
      await addVcard(first.db, customer.userId, { name: 'Uno' });
      await addVcard(first.db, customer.userId, { name: 'Dos' });
      for (let index = 0; index < 3; index += 1) await addLink(first.db, customer.userId, { kind: 'qr' });
      await first.app.close();
      second = await reopen(first.config, { maintenance: EVERY_MINUTE });
      const mail = await vi.waitFor(
        async () => {
          const [found, ...more] = await planEndedMailsTo(first.config.dataDir, customer.email);
          expect(found).toBeDefined();
          expect(more).toEqual([]);
          return found;
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(mail?.subject).toBe('Tu plan Pro de Tapcard ha terminado');
      expect(mail?.html).toContain('<html lang="es">');
      expect(mail?.text).toContain(
        'Tu perfil público no está disponible y esto está en pausa: 2 vCards y 3 códigos QR.',
      );
      expect(mail?.text).toContain(`${TEST_ORIGIN}${paths.billing}`);
      expect(mail?.text).not.toMatch(/prueba gratuita ha terminado|trial/i);
      await second.close();
      second = undefined;

      // the next hourly run, from another process, finds it sent
      third = await openDatabase(first.config.database, silent);
      const deps: AppDeps = {
        db: third.db,
        config: first.config,
        mailer: createMailer(first.config, silent),
        storage: await createMediaStorage(first.config, silent),
        changes: createLocalChangeBus(),
        ...webhooksWithoutQueue(),
        crm: crmWithoutQueue(),
        resolveTxt: () => Promise.resolve([]),
      };
      expect(resultsFor(await sendPlanEndNotices(deps, { dryRun: false }), customer.userId)).toEqual([]);
      const outbox = await third.db
        .selectFrom('mail_outbox')
        .select(['kind', 'status'])
        .where('user_id', '=', customer.userId)
        .where('kind', '=', 'plan_ended')
        .execute();
      expect(outbox).toEqual([{ kind: 'plan_ended', status: 'sent' }]);
      expect(await planEndedMailsTo(first.config.dataDir, customer.email)).toHaveLength(1);
    } finally {
      await second?.close();
      await third?.close();
      await first.close();
      await shared.drop();
    }
  });

  it('is sent once when two runs claim it at the same time', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, () => endedCustomer(t)));
    // on PostgreSQL a second connection pool, as a second machine would have
    const second: DatabaseHandle | null = onPostgres ? await openTestDatabase(t.config.database) : null;
    try {
      const deps = await depsOf(t);
      const runs = await Promise.all([
        sendPlanEndNotices(deps, { dryRun: false }),
        sendPlanEndNotices({ ...deps, db: second?.db ?? deps.db }, { dryRun: false }),
      ]);
      for (const customer of customers) {
        const sent = runs.flatMap((run) => resultsFor(run, customer.userId));
        expect(sent).toEqual([
          {
            userId: customer.userId,
            email: customer.email,
            plan: 'pro',
            endedAt: customer.endedAt,
            outcome: { status: 'sent' },
          },
        ]);
        const [mail, ...more] = await planEndedMailsTo(t.config.dataDir, customer.email);
        expect(more).toEqual([]);
        expect(mail?.subject).toBe('Your Tapcard Pro plan has ended');
        expect(mail?.text).toContain('Your public profile is offline.');
      }
    } finally {
      await second?.close();
    }
  });

  it('is queued again by the next run when the outbox refused it, instead of being lost', async () => {
    const customer = await endedCustomer(t);
    const deps = await depsOf(t);
    const refusing: Mailer = {
      send: async () => Promise.reject(new AppError('mail_unavailable')),
      close: async () => undefined,
    };
    const failed = resultsFor(
      await sendPlanEndNotices({ ...deps, mailer: refusing }, { dryRun: false }),
      customer.userId,
    );
    expect(failed.map((result) => result.outcome)).toEqual([{ status: 'failed', error: 'mail_unavailable' }]);
    // the claim was given back
    const claims = await t.db
      .selectFrom('plan_end_notices')
      .select('user_id')
      .where('user_id', '=', customer.userId)
      .execute();
    expect(claims).toEqual([]);

    const retried = resultsFor(await sendPlanEndNotices(deps, { dryRun: false }), customer.userId);
    expect(retried.map((result) => result.outcome.status)).toEqual(['sent']);
    expect(await planEndedMailsTo(t.config.dataDir, customer.email)).toHaveLength(1);
  });

  it('takes over a claim abandoned mid-send after its lease, and leaves a fresh one to its run', async () => {
    const abandoned = await endedCustomer(t);
    const inFlight = await endedCustomer(t);
    await t.db
      .insertInto('plan_end_notices')
      .values([
        {
          user_id: abandoned.userId,
          ended_at: abandoned.endedAt,
          claimed_at: sql<Date>`now() - interval '11 minutes'`,
        },
        { user_id: inFlight.userId, ended_at: inFlight.endedAt },
      ])
      .execute();

    const results = await sendPlanEndNotices(await depsOf(t), { dryRun: false });
    expect(resultsFor(results, abandoned.userId).map((result) => result.outcome.status)).toEqual(['sent']);
    expect(await planEndedMailsTo(t.config.dataDir, abandoned.email)).toHaveLength(1);
    expect(resultsFor(results, inFlight.userId)).toEqual([]);
    expect(await planEndedMailsTo(t.config.dataDir, inFlight.email)).toEqual([]);
    const sent = await t.db
      .selectFrom('plan_end_notices')
      .select(['user_id', 'sent_at'])
      .where('user_id', 'in', [abandoned.userId, inFlight.userId])
      .execute();
    expect(sent).toEqual(
      expect.arrayContaining([
        { user_id: abandoned.userId, sent_at: expect.any(Date) },
        { user_id: inFlight.userId, sent_at: null },
      ]),
    );
  });

  it('is not sent after a renewal, nor within the hour after the end, nor a week later', async () => {
    const renewed = await endedCustomer(t);
    // the renewal's event moved the period on before the job ran
    await t.db
      .updateTable('profiles')
      .set({ subscription_end: new Date(Date.now() + 30 * DAY) })
      .where('id', '=', renewed.userId)
      .execute();
    const justEnded = await endedCustomer(t, { endedAgoMs: 10 * 60 * 1000 });
    const longAgo = await endedCustomer(t, { endedAgoMs: 8 * DAY });
    const results = await sendPlanEndNotices(await depsOf(t), { dryRun: false });
    for (const customer of [renewed, justEnded, longAgo]) {
      expect(resultsFor(results, customer.userId)).toEqual([]);
      expect(await planEndedMailsTo(t.config.dataDir, customer.email)).toEqual([]);
    }
    const claims = await t.db
      .selectFrom('plan_end_notices')
      .select('user_id')
      .where('user_id', 'in', [renewed.userId, justEnded.userId, longAgo.userId])
      .execute();
    expect(claims).toEqual([]);
  });

  it('is not sent again when the end-of-subscription event arrives after it', async () => {
    const customer = await endedCustomer(t);
    const deps = await depsOf(t);
    expect(resultsFor(await sendPlanEndNotices(deps, { dryRun: false }), customer.userId)).toHaveLength(1);
    // Stripe's event, seconds after the period's end, comes late
    const outcome = await applySubscriptionState(deps, customer.userId, {
      subscriptionId: null,
      customerId: null,
      status: 'canceled',
      plan: 'pro',
      interval: 'month',
      priceId: 'demo_pro_month',
      productId: 'demo_pro',
      currentPeriodEnd: customer.endedAt,
      cancelAtPeriodEnd: false,
      endedAt: new Date(customer.endedAt.getTime() + 5_000),
      observedAt: new Date(),
    });
    expect(outcome).toBe('applied');
    const profile = await t.db
      .selectFrom('profiles')
      .select(['plan_type', 'subscription_end', 'last_paid_plan'])
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ plan_type: 'free', subscription_end: customer.endedAt, last_paid_plan: 'pro' });
    expect(resultsFor(await sendPlanEndNotices(deps, { dryRun: false }), customer.userId)).toEqual([]);
    expect(await planEndedMailsTo(t.config.dataDir, customer.email)).toHaveLength(1);
    const status = trpcData<{ ended_plan: { plan: string; paused: PausedCounts } }>(
      await query('billing.status', customer.cookie),
    );
    expect(status.ended_plan.plan).toBe('pro');
  });
});
