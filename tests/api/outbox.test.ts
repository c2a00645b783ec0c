import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_TICKET_HEADER } from '../../src/api.ts';
import { startJobQueue, stopJobQueue } from '../../server/jobs/queue.ts';
import { startOutbox, type MailStatus, type UndeliveredMail } from '../../server/mail/outbox.ts';
import type { MailMessage } from '../../server/mail/types.ts';
import {
  buildTestApp,
  createTestDatabase,
  injectFromApp,
  openTestDatabase,
  readinessAsOperator,
  signUp,
  smtpMail,
  TEST_METRICS_TOKEN,
  TEST_PASSWORD,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  testConfig,
  type ReadinessDetails,
  type TestApp,
} from '../support/harness.ts';
import {
  downSmtpUrl,
  startMailReceiver,
  startSilentMailServer,
  type MailReceiver,
} from '../support/mail-receiver.ts';
import { captureLogs, WARN } from '../support/logs.ts';
import { beforeMigration } from '../support/migrations.ts';

// The outbox (server/mail/outbox.ts): a request queues its e-mail and answers at once; a worker sends it,
// retrying while the mail server is away (twice, after 1-2 s and 2-4 s, in tests); a message given up is
// told to the person: by ticket on the sign-up's waiting screen, and on the account page.

let newEmailCounter = 0;
const newEmail = () => `outbox-${(newEmailCounter += 1)}-${Date.now()}@example.com`;

function signUpRequest(app: FastifyInstance, email: string) {
  return injectFromApp(app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Outbox', email, password: TEST_PASSWORD, callbackURL: '/onboarding' },
  });
}

async function statusOf(app: FastifyInstance, ticket: string): Promise<MailStatus | null> {
  const response = await trpcQuery(app, 'auth.mailStatus', '', { ticket });
  return trpcData<{ status: MailStatus | null }>(response).status;
}

async function waitForStatus(app: FastifyInstance, ticket: string, status: MailStatus): Promise<void> {
  await vi.waitFor(async () => expect(await statusOf(app, ticket)).toBe(status), {
    timeout: 20_000,
    interval: 100,
  });
}

/** Signs up each address while the mail server is away: their tickets, once each message waits for a retry. */
async function signUpsWaitingForMail(app: FastifyInstance, emails: readonly string[]): Promise<string[]> {
  const tickets: string[] = [];
  for (const email of emails) {
    const response = await signUpRequest(app, email);
    expect(response.statusCode).toBe(200);
    tickets.push(String(response.headers[MAIL_TICKET_HEADER]));
  }
  for (const ticket of tickets) await waitForStatus(app, ticket, 'retrying');
  return tickets;
}

describe('a sign-up while the mail server is away', () => {
  it('answers without waiting for a mail server that does not answer', async () => {
    const silent = await startSilentMailServer();
    const app = await buildTestApp({ mail: smtpMail(silent.url) });
    try {
      const started = Date.now();
      const response = await signUpRequest(app.app, newEmail());
      expect(response.statusCode).toBe(200);
      // the mail transport waits 10 s for a greeting: the answer came long before
      expect(Date.now() - started).toBeLessThan(5_000);
      const ticket = String(response.headers[MAIL_TICKET_HEADER]);
      expect(await statusOf(app.app, ticket)).toBe('queued');
    } finally {
      // first: the send in hand fails at once, and the app's close need not wait for it
      await silent.close();
      await app.close();
    }
  });

  it('SMTP down during sign-up, then up: the confirmation arrives once, and the outage is said once', async () => {
    const smtpUrl = await downSmtpUrl();
    const logs = captureLogs();
    const app = await buildTestApp(
      { mail: smtpMail(smtpUrl), metricsToken: TEST_METRICS_TOKEN },
      { logger: { level: 'info', stream: logs.stream } },
    );
    const ready = async () => {
      const response = await readinessAsOperator(app.app);
      expect(response.statusCode).toBe(200);
      return response.json<ReadinessDetails>();
    };
    let back: MailReceiver | undefined;
    try {
      expect((await ready()).checks['mail.server']).toBe('ok');
      const emails = [newEmail(), newEmail()];
      const tickets = await signUpsWaitingForMail(app.app, emails);
      const degraded = await ready();
      expect(degraded.status).toBe('degraded');
      expect(degraded.checks['mail.server']).toMatch(/^failing since \S+: .*ECONNREFUSED/);
      // two messages, each tried and refused: one line
      const problems = logs.lines.filter((line) => (line.level ?? 0) >= WARN);
      expect(problems.map((line) => line.msg)).toEqual([expect.stringMatching(/^mail server failing/)]);

      back = await startMailReceiver(Number(new URL(smtpUrl).port));
      for (const email of emails) {
        const message = await back.waitFor((mail) => mail.to.includes(email), 15_000);
        expect(message.body).toContain('/api/auth/verify-email?token=');
      }
      for (const ticket of tickets) await waitForStatus(app.app, ticket, 'sent');
      expect(await ready()).toMatchObject({ status: 'ready', checks: { 'mail.server': 'ok' } });
      expect(logs.lines.filter((line) => line.msg === 'mail server answers again')).toHaveLength(1);
      // past the next retry's time: nothing more comes
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const email of emails) {
        expect(back.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
      }
    } finally {
      // the app first: the receiver's close waits for the app's pooled SMTP connection to end
      await app.close();
      await back?.close();
    }
  });
});

describe('a message queued in the transaction of its caller', () => {
  it("is sent once that transaction has committed, not at the worker's next poll", async () => {
    const silent = pino({ level: 'silent' });
    const database = await createTestDatabase();
    const handle = await openTestDatabase(database.config);
    const boss = await startJobQueue(handle.db, silent);
    const sent: MailMessage[] = [];
    const transport = {
      send: async (message: MailMessage) => void sent.push(message),
      close: async () => {},
    };
    // a poll far beyond the wait below: only a wake of the worker sends the message in time (on PostgreSQL a
    // wake during the transaction finds nothing; PGlite's one connection makes the fetch wait for the commit)
    const config = testConfig(database.config, tmpdir(), { jobs: { pollingIntervalSeconds: 60 } });
    const outbox = await startOutbox(boss, handle.db, config, transport, silent);
    try {
      const to = 'queued-in-a-transaction@example.com';
      await handle.db.transaction().execute(async (trx) => {
        await outbox.send(
          { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' },
          { kind: 'support_confirmation', userId: null },
          trx,
        );
        // the rest of the caller's work, before its commit
        await sleep(30);
      });
      await vi.waitFor(() => expect(sent.map((message) => message.to)).toEqual([to]), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await outbox.stop(1_000);
      await stopJobQueue(boss);
      await handle.close();
      await database.drop();
    }
  });
});

describe('a message withdrawn before it was sent (its lead erased, its account deleted)', () => {
  it('is never sent, and its job ends without a try', async () => {
    const smtpUrl = await downSmtpUrl();
    const app = await buildTestApp({ mail: smtpMail(smtpUrl) });
    let back: MailReceiver | undefined;
    try {
      const [withdrawn, kept] = [newEmail(), newEmail()];
      const tickets = await signUpsWaitingForMail(app.app, [withdrawn, kept]);
      // as erasing a lead deletes its notification's row (mail_outbox.lead_id, on delete cascade)
      await app.db
        .deleteFrom('mail_outbox')
        .where('id', '=', tickets[0] ?? '')
        .execute();

      back = await startMailReceiver(Number(new URL(smtpUrl).port));
      await back.waitFor((mail) => mail.to.includes(kept), 15_000);
      await waitForStatus(app.app, tickets[1] ?? '', 'sent');
      // past the withdrawn one's next retry: it never comes
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(back.messages.filter((mail) => mail.to.includes(withdrawn))).toEqual([]);
    } finally {
      await app.close();
      await back?.close();
    }
  });
});

describe('the messages a previous version queued (migration 2026-12-09T0300)', () => {
  it('move from their jobs into their rows, and every mail job keeps its id alone', async () => {
    const app = await buildTestApp();
    try {
      const message = {
        to: 'grace@example.com',
        subject: 'New contact',
        text: 'Grace Hopper',
        html: '<p>Grace</p>',
      };
      const [waiting, sent] = [randomUUID(), randomUUID()];
      await beforeMigration(app.db, '2026-12-09T0300_keep_mail_in_the_outbox', async () => {
        for (const [id, status] of [
          [waiting, 'queued'],
          [sent, 'sent'],
        ] as const) {
          await sql`insert into mail_outbox (id, user_id, recipient, kind, status)
            values (${id}, null, ${message.to}, 'lead_new', ${status})`.execute(app.db);
        }
        // the waiting one an hour from now, so that this app's worker leaves it be
        const data = (id: string) => JSON.stringify({ id, message });
        await sql`insert into pgboss.job (id, name, data, state, start_after)
          values (${waiting}, 'mail', ${data(waiting)}::jsonb, 'created', now() + interval '1 hour'),
                 (${sent}, 'mail', ${data(sent)}::jsonb, 'completed', now())`.execute(app.db);
      });
      const rows = await app.db
        .selectFrom('mail_outbox')
        .select(['id', 'message'])
        .where('id', 'in', [waiting, sent])
        .execute();
      expect(Object.fromEntries(rows.map((row) => [row.id, row.message]))).toEqual({
        [waiting]: message,
        [sent]: null,
      });
      const { rows: jobs } = await sql<{ id: string; data: unknown }>`
        select id, data from pgboss.job where id in (${waiting}, ${sent})`.execute(app.db);
      expect(Object.fromEntries(jobs.map((job) => [job.id, job.data]))).toEqual({
        [waiting]: { id: waiting },
        [sent]: { id: sent },
      });
    } finally {
      await app.close();
    }
  });
});

describe('an e-mail that could not be sent after every retry', () => {
  let down: TestApp;

  beforeAll(async () => {
    down = await buildTestApp({ mail: smtpMail(await downSmtpUrl()) });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('is reported to the waiting screen of the sign-up, by its ticket', async () => {
    const email = newEmail();
    const response = await signUpRequest(down.app, email);
    expect(response.statusCode).toBe(200);
    const ticket = String(response.headers[MAIL_TICKET_HEADER]);
    await waitForStatus(down.app, ticket, 'failed');
    const row = await down.db
      .selectFrom('mail_outbox')
      .innerJoin('users', 'users.id', 'mail_outbox.user_id')
      .select(['mail_outbox.recipient', 'mail_outbox.kind', 'mail_outbox.attempts', 'users.email'])
      .where('mail_outbox.id', '=', ticket)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ recipient: email, kind: 'verify_email', attempts: 3, email });
  });

  it('answers no status for an unknown ticket, and refuses one that is not a ticket', async () => {
    expect(await statusOf(down.app, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const refused = await trpcQuery(down.app, 'auth.mailStatus', '', { ticket: 'x' });
    expect(refused.statusCode).toBe(400);
  });

  it("is listed on its account's page until the person closes the notice, for that account only", async () => {
    const owner = await signUp(down.app);
    const other = await signUp(down.app);
    const change = await injectFromApp(down.app, {
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: owner.cookie },
      payload: { newEmail: newEmail(), callbackURL: '/account' },
    });
    expect(change.statusCode).toBe(200);
    const listed = async (cookie: string) =>
      trpcData<UndeliveredMail[]>(await trpcQuery(down.app, 'account.undeliveredMail', cookie));
    await vi.waitFor(async () => expect(await listed(owner.cookie)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
    const [failed] = await listed(owner.cookie);
    expect(failed).toMatchObject({ recipient: owner.email, count: 1 });
    expect(await listed(other.cookie)).toEqual([]);
    // a second message to the same address, given up too: one notice, which names both
    await down.db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        user_id: owner.userId,
        recipient: owner.email,
        kind: 'trial_ending_soon',
        status: 'failed',
      })
      .execute();
    expect(await listed(owner.cookie)).toMatchObject([{ recipient: owner.email, count: 2 }]);

    // another account cannot close it
    const recipient = owner.email;
    expect(
      (await trpcMutate(down.app, 'account.dismissUndeliveredMail', other.cookie, { recipient })).statusCode,
    ).toBe(200);
    expect(await listed(owner.cookie)).toHaveLength(1);
    expect(
      (await trpcMutate(down.app, 'account.dismissUndeliveredMail', owner.cookie, { recipient })).statusCode,
    ).toBe(200);
    expect(await listed(owner.cookie)).toEqual([]);
    const refused = await trpcMutate(down.app, 'account.dismissUndeliveredMail', owner.cookie, {
      recipient: 'x'.repeat(300),
    });
    expect(trpcError(refused).data.reason).toBe('validation_failed');

    const anonymous = await trpcQuery(down.app, 'account.undeliveredMail', '');
    expect(trpcError(anonymous).data.reason).toBe('unauthenticated');
  });
});
