import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_TICKET_HEADER } from '../../src/api.ts';
import { TRIAL_DAYS } from '../../src/plans.ts';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { openDatabase } from '../../server/lib/db.ts';
import { listDevMailbox } from '../../server/mail/mailer.ts';
import {
  ensureQueue,
  QUEUES,
  startJobQueue,
  stopJobQueue,
  WORKER_STOP_TIMEOUT_MS,
} from '../../server/jobs/queue.ts';
import { latestSlot, queueDueRun, type MaintenanceSchedule } from '../../server/maintenance-schedule.ts';
import { reopen, sharedDatabase } from '../support/shared-database.ts';
import {
  buildTestApp,
  injectFromApp,
  signUp,
  smtpMail,
  TEST_PASSWORD,
  type TestApp,
} from '../support/harness.ts';
import {
  type MailReceiver,
  downSmtpUrl,
  startMailReceiver,
  startSilentMailServer,
} from '../support/mail-receiver.ts';
import { needsPostgres } from '../support/postgres.ts';

// The job queue (pg-boss, server/jobs/queue.ts): the admin jobs run on its schedule, every job runs once
// however many processes share the database, and a job survives the process that queued it.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every minute, looked at every second: the first run comes within seconds of the start. */
const EVERY_MINUTE: MaintenanceSchedule = {
  trialReminders: '* * * * *',
  cleanup: '* * * * *',
  domainChecks: '* * * * *',
  leadDigest: '* * * * *',
  cronCheckSeconds: 1,
};

function signUpRequest(app: FastifyInstance, email: string) {
  return injectFromApp(app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Queue', email, password: TEST_PASSWORD, callbackURL: '/onboarding' },
  });
}

let emailCounter = 0;
const newEmail = () => `jobs-${(emailCounter += 1)}-${Date.now()}@example.com`;

describe('the admin jobs', () => {
  it('run on their schedule in the server', async () => {
    const shared = await sharedDatabase();
    const first = await buildTestApp(shared.overrides);
    let second: FastifyInstance | undefined;
    try {
      const user = await signUp(first.app);
      // the trial ends in a day: the reminder is due
      await first.db
        .updateTable('profiles')
        .set({
          trial_start_date: new Date(Date.now() + DAY_MS - TRIAL_DAYS * DAY_MS),
          trial_days: TRIAL_DAYS,
        })
        .where('id', '=', user.userId)
        .execute();
      await first.app.close();
      second = await reopen(first.config, { maintenance: EVERY_MINUTE });
      await vi.waitFor(
        async () => {
          const mails = await listDevMailbox(first.config.dataDir);
          expect(
            mails.filter((mail) => mail.to === user.email && mail.subject.includes('trial')),
          ).toHaveLength(1);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await second?.close();
      await first.close();
      await shared.drop();
    }
  });
});

describe('the schedule', () => {
  const NIGHTLY = '40 3 * * *';

  it('names the latest slot at or before a time', () => {
    expect(latestSlot('15 * * * *', new Date('2026-11-23T10:15:00Z'))).toEqual(
      new Date('2026-11-23T10:15:00Z'),
    );
    expect(latestSlot('15 * * * *', new Date('2026-11-23T10:14:59Z'))).toEqual(
      new Date('2026-11-23T09:15:00Z'),
    );
    expect(latestSlot(NIGHTLY, new Date('2026-11-23T03:39:00Z'))).toEqual(new Date('2026-11-22T03:40:00Z'));
  });

  it('queues each slot once, however many processes look at it at once', async () => {
    const t = await buildTestApp();
    const boss = await startJobQueue(t.db, pino({ level: 'silent' }));
    try {
      // the default policy keeps every queued run, so each slot's job can be counted
      await ensureQueue(boss, QUEUES.cleanup);
      const lookAt = (at: string) => queueDueRun(t.db, boss, QUEUES.cleanup, NIGHTLY, new Date(at));
      const claims = await Promise.all(Array.from({ length: 5 }, () => lookAt('2026-11-23T03:41:00Z')));
      expect(claims.filter(Boolean)).toHaveLength(1);
      // later within the same slot, and a process whose clock is behind: nothing more
      expect(await lookAt('2026-11-24T03:39:59Z')).toBe(false);
      expect(await lookAt('2026-11-22T12:00:00Z')).toBe(false);
      expect(await lookAt('2026-11-24T03:40:00Z')).toBe(true);
      const { rows } = await sql<{
        slot: string;
      }>`select data->>'slot' as slot from pgboss.job where name = 'cleanup' order by created_on`.execute(
        t.db,
      );
      expect(rows.map((row) => row.slot)).toEqual(['2026-11-23T03:40:00.000Z', '2026-11-24T03:40:00.000Z']);
    } finally {
      await stopJobQueue(boss);
      await t.close();
    }
  });

  it('runs a slot missed while no server ran at the next start', async () => {
    const shared = await sharedDatabase();
    const first = await buildTestApp(shared.overrides);
    let second: FastifyInstance | undefined;
    try {
      // last run two nights ago: last night's was missed
      const twoNightsAgo = new Date(latestSlot(NIGHTLY, new Date()).getTime() - DAY_MS);
      await first.db
        .insertInto('scheduled_runs')
        .values({ queue: QUEUES.cleanup, slot: twoNightsAgo })
        .execute();
      await first.app.close();
      const database = await openDatabase(first.config.database, pino({ level: 'silent' }));
      second = await buildApp(first.config, {
        logger: false,
        database,
        maintenance: {
          trialReminders: NIGHTLY,
          cleanup: NIGHTLY,
          domainChecks: NIGHTLY,
          leadDigest: NIGHTLY,
          cronCheckSeconds: 1,
        },
      });
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{
            state: string;
          }>`select state::text from pgboss.job where name = 'cleanup'`.execute(database.db);
          expect(rows.map((row) => row.state)).toEqual(['completed']);
        },
        { timeout: 20_000, interval: 200 },
      );
      const runs = await database.db
        .selectFrom('scheduled_runs')
        .select('slot')
        .where('queue', '=', QUEUES.cleanup)
        .execute();
      expect(runs.map((run) => run.slot)).toEqual([latestSlot(NIGHTLY, new Date())]);
    } finally {
      await second?.close();
      await first.close();
      await shared.drop();
    }
  });
});

describe('two processes on one PostgreSQL', needsPostgres(), () => {
  let shared: { overrides: Partial<Config>; drop(): Promise<void> };
  let receiver: MailReceiver;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    // both start within one minute of the schedule: each minute's run is then one job, not one per minute
    const second = new Date().getUTCSeconds();
    if (second >= 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    shared = await sharedDatabase();
    receiver = await startMailReceiver();
    const overrides = { ...shared.overrides, mail: smtpMail(receiver.url) };
    apps = await Promise.all([
      buildTestApp(overrides, { maintenance: EVERY_MINUTE }),
      buildTestApp(overrides, { maintenance: EVERY_MINUTE }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await receiver?.close();
    await shared?.drop();
  });

  it('run each scheduled job once', async () => {
    const [first] = apps;
    if (!first) throw new Error('no app');
    const runs = () =>
      sql<{
        name: string;
        state: string;
      }>`select name, state::text from pgboss.job where name in ('trial-reminders', 'cleanup')`
        .execute(first.db)
        .then((result) => result.rows);
    await vi.waitFor(
      async () =>
        expect(
          (await runs())
            .filter((run) => run.state === 'completed')
            .map((run) => run.name)
            .sort(),
        ).toEqual(['cleanup', 'trial-reminders']),
      { timeout: 20_000, interval: 200 },
    );
    // both processes looked at the schedule several times meanwhile
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await runs()).map((run) => run.name).sort()).toEqual(['cleanup', 'trial-reminders']);
  });

  it('send each queued e-mail once', async () => {
    const emails = Array.from({ length: 20 }, newEmail);
    const responses = await Promise.all(
      emails.map((email, index) => signUpRequest((apps[index % 2] as TestApp).app, email)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(emails.map(() => 200));
    await Promise.all(emails.map((email) => receiver.waitFor((mail) => mail.to.includes(email), 20_000)));
    // every job is done: nothing more can come
    await vi.waitFor(
      async () => {
        const open = await apps[0]?.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '!=', 'sent')
          .execute();
        expect(open).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );
    for (const email of emails) {
      expect(
        receiver.messages.filter((mail) => mail.to.includes(email)),
        email,
      ).toHaveLength(1);
    }
  });
});

describe('a queued e-mail', () => {
  it('is sent by the next process when the one that queued it stopped first', async () => {
    const shared = await sharedDatabase();
    const smtpUrl = await downSmtpUrl();
    const first = await buildTestApp({ ...shared.overrides, mail: smtpMail(smtpUrl) });
    let second: FastifyInstance | undefined;
    let back: MailReceiver | undefined;
    try {
      const email = newEmail();
      const response = await signUpRequest(first.app, email);
      expect(response.statusCode).toBe(200);
      const ticket = String(response.headers[MAIL_TICKET_HEADER]);
      // tried once and refused; the retry waits in the database
      await vi.waitFor(
        async () => {
          const row = await first.db
            .selectFrom('mail_outbox')
            .select('status')
            .where('id', '=', ticket)
            .executeTakeFirst();
          expect(row?.status).toBe('retrying');
        },
        { timeout: 10_000, interval: 100 },
      );
      await first.app.close();

      back = await startMailReceiver(Number(new URL(smtpUrl).port));
      second = await reopen(first.config);
      const message = await back.waitFor((mail) => mail.to.includes(email), 20_000);
      expect(message.body).toContain('/api/auth/verify-email?token=');
      expect(back.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    } finally {
      await second?.close();
      await first.close();
      await back?.close();
      await shared.drop();
    }
  });

  it('in hand when its server stops is given back within the bound of the stop, and sent by the next one', async () => {
    const shared = await sharedDatabase();
    const silent = await startSilentMailServer();
    const first = await buildTestApp({ ...shared.overrides, mail: smtpMail(silent.url) });
    let second: FastifyInstance | undefined;
    const receiver = await startMailReceiver();
    try {
      const email = newEmail();
      const response = await signUpRequest(first.app, email);
      const ticket = String(response.headers[MAIL_TICKET_HEADER]);
      // the worker has it, and the mail server says nothing
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{
            state: string;
          }>`select state::text from pgboss.job where id = ${ticket}`.execute(first.db);
          expect(rows[0]?.state).toBe('active');
        },
        { timeout: 10_000, interval: 100 },
      );
      const stopping = Date.now();
      await first.app.close();
      expect(Date.now() - stopping).toBeLessThan(WORKER_STOP_TIMEOUT_MS + 3_000);

      second = await reopen({ ...first.config, mail: smtpMail(receiver.url) });
      const message = await receiver.waitFor((mail) => mail.to.includes(email), 20_000);
      expect(message.body).toContain('/api/auth/verify-email?token=');
    } finally {
      await silent.close();
      await second?.close();
      await first.close();
      await receiver.close();
      await shared.drop();
    }
  });
});
