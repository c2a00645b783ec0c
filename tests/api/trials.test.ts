import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../../server/crm/sync.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import type { DatabaseHandle } from '../../server/lib/db.ts';
import { AppError } from '../../server/lib/errors.ts';
import { createMailer, listDevMailbox, type StoredMail } from '../../server/mail/mailer.ts';
import type { Mailer } from '../../server/mail/types.ts';
import { createMediaStorage } from '../../server/media/create-storage.ts';
import { sendTrialReminders, type TrialReminderResult } from '../../server/trials/service.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import { TRIAL_DAYS, TRIAL_REMINDER_LEAD_DAYS, trialEndsAt } from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import { embeddedAt, runAdminScript, scriptEnvFor } from '../support/admin-script.ts';
import { onceOnEmbedded, onPostgres } from '../support/postgres.ts';
import {
  buildTestApp,
  injectFromApp,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../support/harness.ts';

// Trial reminders: server/trials/service.ts and `npm run trials:expire` (the server's
// own schedule: tests/api/jobs.test.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const silent = pino({ level: 'silent' });

let t: TestApp;
let deps: AppDeps;

beforeAll(async () => {
  t = await buildTestApp();
  deps = {
    db: t.db,
    config: t.config,
    mailer: createMailer(t.config, silent),
    storage: await createMediaStorage(t.config, silent),
    changes: createLocalChangeBus(),
    ...webhooksWithoutQueue(),
    crm: crmWithoutQueue(),
    resolveTxt: () => Promise.resolve([]),
  };
});

afterAll(async () => {
  await t?.close();
});

/** Moves a user's free trial so that it ends `fromNowMs` from now (negative: ended); returns the end. */
async function endTrialIn(app: TestApp, userId: string, fromNowMs: number): Promise<Date> {
  const start = new Date(Date.now() + fromNowMs - TRIAL_DAYS * DAY_MS);
  await app.db
    .updateTable('profiles')
    .set({ trial_start_date: start, trial_days: TRIAL_DAYS })
    .where('id', '=', userId)
    .execute();
  return trialEndsAt(start, TRIAL_DAYS);
}

/** The trial reminders in a dev mailbox for one address (sign-up also mails a confirmation link). */
async function trialMailsTo(dataDir: string, email: string): Promise<StoredMail[]> {
  return (await listDevMailbox(dataDir)).filter(
    (mail) => mail.to === email && /trial|prueba/i.test(mail.subject),
  );
}

const resultsFor = (results: TrialReminderResult[], userId: string) =>
  results.filter((result) => result.userId === userId);

describe('sendTrialReminders', () => {
  it(`e-mails ${TRIAL_REMINDER_LEAD_DAYS} days before a trial ends and on the day it ends, once each, in the person's language`, async () => {
    const ana = await signUp(t.app, { name: 'Ana Reminder' });
    const luis = await signUp(t.app, { name: 'Luis Recordatorio' });
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', luis.userId).execute();
    const anaEnd = await endTrialIn(t, ana.userId, 2.5 * DAY_MS);
    const luisEnd = await endTrialIn(t, luis.userId, -2 * HOUR_MS);

    const first = await sendTrialReminders(deps, { dryRun: false });
    expect(resultsFor(first, ana.userId)).toEqual([
      {
        userId: ana.userId,
        email: ana.email,
        kind: 'ending_soon',
        trialEndsAt: anaEnd,
        outcome: { status: 'sent' },
      },
    ]);
    expect(resultsFor(first, luis.userId)).toEqual([
      {
        userId: luis.userId,
        email: luis.email,
        kind: 'ended',
        trialEndsAt: luisEnd,
        outcome: { status: 'sent' },
      },
    ]);
    const [toAna] = await trialMailsTo(t.config.dataDir, ana.email);
    expect(toAna?.subject).toBe('Your Tapcard trial ends in 3 days');
    expect(toAna?.text).toContain('Hi Ana Reminder,');
    expect(toAna?.text).toContain(`${TEST_ORIGIN}${paths.billing}`);
    const [toLuis] = await trialMailsTo(t.config.dataDir, luis.email);
    expect(toLuis?.subject).toBe('Tu prueba de Tapcard ha terminado');
    expect(toLuis?.html).toContain('<html lang="es">');

    // a second run (cron an hour later) sends neither again
    const second = await sendTrialReminders(deps, { dryRun: false });
    expect(resultsFor(second, ana.userId)).toEqual([]);
    expect(resultsFor(second, luis.userId)).toEqual([]);
    expect(await trialMailsTo(t.config.dataDir, ana.email)).toHaveLength(1);
    expect(await trialMailsTo(t.config.dataDir, luis.email)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('trial_reminders')
      .select(['kind', 'sent_at'])
      .where('user_id', 'in', [ana.userId, luis.userId])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.sent_at instanceof Date)).toBe(true);

    // three days later (the trial and its sent reminder moved back by as much): the reminder of the day
    // it ended, once
    const anaEndNow = await endTrialIn(t, ana.userId, -HOUR_MS);
    await t.db
      .updateTable('trial_reminders')
      .set({ trial_ends_at: anaEndNow })
      .where('user_id', '=', ana.userId)
      .execute();
    const ended = resultsFor(await sendTrialReminders(deps, { dryRun: false }), ana.userId);
    expect(ended.map((result) => [result.kind, result.outcome.status])).toEqual([['ended', 'sent']]);
    expect((await trialMailsTo(t.config.dataDir, ana.email)).map((mail) => mail.subject)).toEqual([
      'Your Tapcard trial has ended',
      'Your Tapcard trial ends in 3 days',
    ]);
  });

  it('sends none for paid plans, unconfirmed addresses, trials far from their end and trials that ended days ago', async () => {
    const paid = await signUp(t.app);
    await t.db.updateTable('profiles').set({ plan_type: 'pro' }).where('id', '=', paid.userId).execute();
    await endTrialIn(t, paid.userId, 2 * DAY_MS);
    const unconfirmed = await signUp(t.app);
    await t.db
      .updateTable('users')
      .set({ email_verified: false })
      .where('id', '=', unconfirmed.userId)
      .execute();
    await endTrialIn(t, unconfirmed.userId, 2 * DAY_MS);
    const fresh = await signUp(t.app); // a whole trial ahead
    const longAgo = await signUp(t.app);
    await endTrialIn(t, longAgo.userId, -3 * DAY_MS);
    const early = await signUp(t.app);
    await endTrialIn(t, early.userId, (TRIAL_REMINDER_LEAD_DAYS + 0.5) * DAY_MS);

    const results = await sendTrialReminders(deps, { dryRun: false });
    for (const user of [paid, unconfirmed, fresh, longAgo, early]) {
      expect(resultsFor(results, user.userId)).toEqual([]);
      expect(await trialMailsTo(t.config.dataDir, user.email)).toEqual([]);
    }
  });

  it('reminds a new trial again: reminders are kept per trial end', async () => {
    const user = await signUp(t.app);
    await endTrialIn(t, user.userId, 2 * DAY_MS);
    expect(resultsFor(await sendTrialReminders(deps, { dryRun: false }), user.userId)).toHaveLength(1);
    const newEnd = await endTrialIn(t, user.userId, 2.5 * DAY_MS); // a new trial, say after support gave one
    const again = resultsFor(await sendTrialReminders(deps, { dryRun: false }), user.userId);
    expect(again.map((result) => [result.trialEndsAt, result.outcome.status])).toEqual([[newEnd, 'sent']]);
    expect(await trialMailsTo(t.config.dataDir, user.email)).toHaveLength(2);
  });

  it('in a dry run lists what is due and sends and stores nothing', async () => {
    const user = await signUp(t.app);
    const end = await endTrialIn(t, user.userId, DAY_MS);
    const dry = resultsFor(await sendTrialReminders(deps, { dryRun: true }), user.userId);
    expect(dry).toEqual([
      {
        userId: user.userId,
        email: user.email,
        kind: 'ending_soon',
        trialEndsAt: end,
        outcome: { status: 'due' },
      },
    ]);
    expect(await trialMailsTo(t.config.dataDir, user.email)).toEqual([]);
    const rows = await t.db
      .selectFrom('trial_reminders')
      .select('kind')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toEqual([]);
    // and it is still sent by the next real run, saying how many days are left
    await sendTrialReminders(deps, { dryRun: false });
    const [mail] = await trialMailsTo(t.config.dataDir, user.email);
    expect(mail?.subject).toBe('Your Tapcard trial ends in 1 day');
  });

  it('retries a reminder the mail server refused on the next run instead of losing it', async () => {
    const user = await signUp(t.app);
    await endTrialIn(t, user.userId, -HOUR_MS);
    const refusing: Mailer = {
      send: async () => Promise.reject(new AppError('mail_unavailable')),
      close: async () => undefined,
    };
    const failed = resultsFor(
      await sendTrialReminders({ ...deps, mailer: refusing }, { dryRun: false }),
      user.userId,
    );
    expect(failed.map((result) => result.outcome)).toEqual([{ status: 'failed', error: 'mail_unavailable' }]);
    const claims = await t.db
      .selectFrom('trial_reminders')
      .select('kind')
      .where('user_id', '=', user.userId)
      .execute();
    expect(claims).toEqual([]);

    const retried = resultsFor(await sendTrialReminders(deps, { dryRun: false }), user.userId);
    expect(retried.map((result) => result.outcome.status)).toEqual(['sent']);
    expect(await trialMailsTo(t.config.dataDir, user.email)).toHaveLength(1);
  });

  it('takes over a claim abandoned mid-send after its lease, and leaves a fresh one to its run', async () => {
    const abandoned = await signUp(t.app);
    const abandonedEnd = await endTrialIn(t, abandoned.userId, 2 * DAY_MS);
    const inFlight = await signUp(t.app);
    const inFlightEnd = await endTrialIn(t, inFlight.userId, 2 * DAY_MS);
    await t.db
      .insertInto('trial_reminders')
      .values([
        {
          user_id: abandoned.userId,
          trial_ends_at: abandonedEnd,
          kind: 'ending_soon',
          claimed_at: sql<Date>`now() - interval '11 minutes'`,
        },
        { user_id: inFlight.userId, trial_ends_at: inFlightEnd, kind: 'ending_soon' },
      ])
      .execute();

    const results = await sendTrialReminders(deps, { dryRun: false });
    expect(resultsFor(results, abandoned.userId).map((result) => result.outcome.status)).toEqual(['sent']);
    expect(resultsFor(results, inFlight.userId)).toEqual([]);
    expect(await trialMailsTo(t.config.dataDir, inFlight.email)).toEqual([]);
  });

  it('sends each reminder exactly once when two runs go at the same time', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    for (const user of users) await endTrialIn(t, user.userId, 2 * DAY_MS);
    // on PostgreSQL a second connection pool, as a second machine would have
    const second: DatabaseHandle | null = onPostgres ? await openTestDatabase(t.config.database) : null;
    try {
      const runs = await Promise.all([
        sendTrialReminders(deps, { dryRun: false }),
        sendTrialReminders({ ...deps, db: second?.db ?? deps.db }, { dryRun: false }),
      ]);
      for (const user of users) {
        const sent = runs.flatMap((run) => resultsFor(run, user.userId));
        expect(sent.map((result) => result.outcome.status)).toEqual(['sent']);
        expect(await trialMailsTo(t.config.dataDir, user.email)).toHaveLength(1);
      }
    } finally {
      await second?.close();
    }
  });
});

// each script is a process of its own: loading the server's modules and opening the database takes seconds
describe('npm run trials:expire', { timeout: 120_000 }, () => {
  it(
    'refuses with a clear message while a running server holds the embedded database',
    onceOnEmbedded(),
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-trials-held-'));
      const app = await buildTestApp(embeddedAt(dataDir));
      try {
        const run = await runAdminScript('trials-expire', [], { DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `trials:expire: the embedded database in ${dataDir} is held by another Tapcard process (pid ${process.pid} on host ${hostname()}, started at `,
        );
        expect(run.stderr).toContain('A running server runs this job itself on its schedule');
        // the server keeps its database
        expect((await injectFromApp(app.app, { method: 'GET', url: '/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('prints what it did, sends nothing in a dry run, and sends once across runs (at once on PostgreSQL)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-trials-script-'));
    // an embedded database can only be opened by the script once the app has let go of it
    const app = await buildTestApp(onPostgres ? {} : embeddedAt(dataDir));
    const user = await signUp(app.app);
    const end = await endTrialIn(app, user.userId, 2.5 * DAY_MS);
    const env = scriptEnvFor(app.config);
    if (!onPostgres) await app.close();
    try {
      const dry = await runAdminScript('trials-expire', ['--dry-run'], env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(
        `would send trial-ending reminder to ${user.email} (trial ends ${end.toISOString()})`,
      );
      expect(dry.stdout).toContain('Dry run: 1 trial reminder(s) due; nothing sent.');
      expect(await trialMailsTo(env.DATA_DIR ?? '', user.email)).toEqual([]);

      const runs = onPostgres
        ? await Promise.all([
            runAdminScript('trials-expire', [], env),
            runAdminScript('trials-expire', [], env),
          ])
        : [await runAdminScript('trials-expire', [], env), await runAdminScript('trials-expire', [], env)];
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const output = runs.map((run) => run.stdout).join('\n');
      expect(output.match(/^sent trial-ending reminder to .*$/gm)).toEqual([
        `sent trial-ending reminder to ${user.email} (trial ends ${end.toISOString()})`,
      ]);
      expect(output).toContain('Sent 0 trial reminder(s); 0 failed.');
      expect(await trialMailsTo(env.DATA_DIR ?? '', user.email)).toHaveLength(1);
    } finally {
      if (onPostgres) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown option instead of running for real', async () => {
    const run = await runAdminScript('trials-expire', ['--dryrun'], { DATA_DIR: '/nonexistent' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('trials:expire: unknown option --dryrun');
    expect(run.stderr).toContain('usage: npm run trials:expire [-- --dry-run]');
  });
});
