import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../config.ts';
import { ensureQueue, QUEUES, queueDb, type JobQueue } from '../jobs/queue.ts';
import { startWorker } from '../jobs/worker.ts';
import type { MailAbout, Mailer, MailKind, MailMessage, MailTransport } from './types.ts';

// The outbox: a request that sends e-mail stores the message in a mail_outbox row and queues a job naming
// it, in one transaction, and returns at once, so a slow or absent mail server never slows or fails it.
// The message stays in the row only until it is sent or given up (the queue keeps finished jobs for days,
// and a message may hold a lead's details or a support message): the job holds the row's id alone. A
// worker sends each message through the transport; when the mail server refuses, the job is tried again
// with growing waits (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS). A message given up after its last try
// goes to the dead letter queue, whose worker marks it failed: the person is then told (the waiting
// screen of the sign-up asks by ticket, the account page lists them).
// A message is sent at least once: only if the process dies between the mail server's acceptance and
// the job's completion can it go out twice.

interface MailJob {
  /** The job's id, also the mail_outbox row's: the dead letter copy has a new job id of its own. */
  id: string;
}

export type MailStatus = 'queued' | 'retrying' | 'sent' | 'failed';

/** How long a message that could not be sent is shown to its account. */
const UNDELIVERED_SHOWN_DAYS = 30;

/**
 * The messages the account page tells about. Not the sign-up's (the waiting screen tells by ticket, and a
 * signed-in account has confirmed its address), nor those a signed-in person has no use for (a reset, a
 * sign-up attempt with the registered address), nor the team's copy of a support message.
 */
const ACCOUNT_PAGE_KINDS: readonly MailKind[] = [
  'change_email',
  'confirm_new_email',
  'trial_ending_soon',
  'trial_ended',
  'plan_ended',
  'support_confirmation',
];

/** Messages one fetch of a worker takes at most. */
const MAIL_BATCH_SIZE = 20;

/**
 * A message still in hand this long after it was taken (its process died) is handed out again by the
 * queue's maintenance; far longer than a send may take (the transport gives up after 20 s).
 */
const MAIL_JOB_EXPIRES_IN_SECONDS = 120;
/**
 * A message queued in the caller's transaction is seen by the worker only once that commits: the wake at
 * once may find nothing (on PostgreSQL; PGlite's one connection makes that fetch wait for the commit), so
 * the worker is woken again this long after, once for every message queued meanwhile.
 */
const WAKE_AFTER_TRANSACTION_MS = 100;

const queuedInRequest = new AsyncLocalStorage<string[]>();

export interface Outbox extends Mailer {
  /** Stops the workers, waiting at most `timeoutMs` for the messages in hand. */
  stop(timeoutMs: number): Promise<void>;
}

/** Runs `handle` and returns, beside its result, the ids (tickets) of the messages it queued. */
export async function collectQueuedMail<T>(
  handle: () => Promise<T>,
): Promise<{ result: T; tickets: string[] }> {
  const tickets: string[] = [];
  const result = await queuedInRequest.run(tickets, handle);
  return { result, tickets };
}

/** Creates the mail queues and starts the workers that send, and that record what was given up. */
export async function startOutbox(
  boss: JobQueue,
  db: Kysely<Database>,
  config: Config,
  transport: MailTransport,
  logger: FastifyBaseLogger,
): Promise<Outbox> {
  await ensureQueue(boss, QUEUES.mailGivenUp);
  await ensureQueue(boss, QUEUES.mail);
  // sent or given up, the message leaves the row: what is kept says only what became of it (and to whom)
  const mark = (id: string, status: MailStatus, attempted: boolean) =>
    db
      .updateTable('mail_outbox')
      .set({
        status,
        updated_at: sql<Date>`now()`,
        ...(attempted ? { attempts: sql<number>`attempts + 1` } : {}),
        ...(status === 'sent' || status === 'failed' ? { message: null } : {}),
      })
      .where('id', '=', id)
      .returning('recipient')
      .executeTakeFirst();

  const deliver = async (job: PgBoss.JobWithMetadata<MailJob>) => {
    const { id } = job.data;
    const row = await db.selectFrom('mail_outbox').select('message').where('id', '=', id).executeTakeFirst();
    // no row, or no message: withdrawn before it was sent (its lead erased, its account deleted)
    if (!row?.message) return;
    // written by send() below
    const message = row.message as MailMessage;
    try {
      await transport.send(message);
    } catch (error) {
      const retry = job.retryCount < job.retryLimit;
      // the transport has said what is wrong: once per outage of the mail server, once per refused message
      logger.debug(
        { mail: { id, to: message.to, attempt: job.retryCount + 1, retry }, err: error },
        retry ? 'e-mail not sent; it will be tried again' : 'e-mail not sent on its last try',
      );
      await mark(id, 'retrying', true);
      throw error;
    }
    // sent: a record that cannot be written now must not make the job fail and send the message again
    await mark(id, 'sent', true).catch((error: unknown) =>
      logger.warn({ err: error, mail: { id } }, 'e-mail sent, but its record could not be updated'),
    );
  };
  const workerOptions = {
    pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
    batchSize: MAIL_BATCH_SIZE,
  };
  // a batch at a time, sent side by side (the SMTP transport keeps a pool of connections)
  const sender = startWorker(boss, QUEUES.mail, workerOptions, deliver, logger);
  const givenUp = startWorker<MailJob>(
    boss,
    QUEUES.mailGivenUp,
    workerOptions,
    async (job) => {
      const { id } = job.data;
      const marked = await mark(id, 'failed', false);
      logger.error({ mail: { id, to: marked?.recipient } }, 'e-mail given up');
    },
    logger,
  );

  const { limit, delaySeconds } = config.mail.retry;
  let wakeAfterTransaction: NodeJS.Timeout | null = null;
  const wakeSoon = () => {
    wakeAfterTransaction ??= setTimeout(() => {
      wakeAfterTransaction = null;
      sender.notify();
    }, WAKE_AFTER_TRANSACTION_MS).unref();
  };
  return {
    async send(message: MailMessage, about: MailAbout, inTransaction?: Transaction<Database>) {
      const id = randomUUID();
      const queue = async (trx: Transaction<Database>) => {
        await trx
          .insertInto('mail_outbox')
          .values({
            id,
            user_id: about.userId,
            recipient: message.to,
            kind: about.kind,
            message: JSON.stringify(message),
            lead_id: about.leadId ?? null,
          })
          .execute();
        await boss.send(QUEUES.mail, { id } satisfies MailJob, {
          id,
          retryLimit: limit,
          retryDelay: delaySeconds,
          retryBackoff: true,
          expireInSeconds: MAIL_JOB_EXPIRES_IN_SECONDS,
          deadLetter: QUEUES.mailGivenUp,
          db: queueDb<Database>(trx),
        });
      };
      if (inTransaction) await queue(inTransaction);
      else await db.transaction().execute(queue);
      queuedInRequest.getStore()?.push(id);
      // this process's worker starts on it now (and again once the caller's transaction is over), not at
      // its next poll
      sender.notify();
      if (inTransaction) wakeSoon();
    },
    async close() {
      await transport.close();
    },
    async stop(timeoutMs: number) {
      if (wakeAfterTransaction) clearTimeout(wakeAfterTransaction);
      await Promise.all([sender.stop(timeoutMs), givenUp.stop(timeoutMs)]);
    },
  };
}

/** What became of the message of a ticket (the id a sign-up's answer carries); null for an unknown one. */
export async function mailStatus(db: Kysely<Database>, ticket: string): Promise<MailStatus | null> {
  const row = await db.selectFrom('mail_outbox').select('status').where('id', '=', ticket).executeTakeFirst();
  return row?.status ?? null;
}

/** The messages to one address that could not be sent: one notice, however many there were. */
export interface UndeliveredMail {
  recipient: string;
  count: number;
  lastFailedAt: Date;
}

/**
 * The account's messages of the last days that could not be sent and whose notice is still open, per
 * address, the latest failure first.
 */
export async function listUndeliveredMail(db: Kysely<Database>, userId: string): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(({ fn }) => [
      'recipient',
      fn.countAll<string>().as('count'),
      fn.max('updated_at').as('lastFailedAt'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .where('kind', 'in', ACCOUNT_PAGE_KINDS)
    .where('dismissed_at', 'is', null)
    .where('updated_at', '>', sql<Date>`now() - make_interval(days => ${UNDELIVERED_SHOWN_DAYS})`)
    .groupBy('recipient')
    .orderBy('lastFailedAt', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Closes the notice of the account's undelivered messages to one address. */
export async function dismissUndeliveredMail(
  db: Kysely<Database>,
  userId: string,
  recipient: string,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ dismissed_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('recipient', '=', recipient)
    .where('status', '=', 'failed')
    .where('dismissed_at', 'is', null)
    .execute();
}
