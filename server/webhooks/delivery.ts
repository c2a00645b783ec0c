import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { paths } from '../../src/routes.ts';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_TRIES_KEPT,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '../../src/webhooks.ts';
import { can } from '../../src/plans.ts';
import { plansInEffectOf } from '../access/plan-gate.ts';
import type { Config } from '../config.ts';
import { ensureQueue, QUEUES, queueDb, type JobQueue } from '../jobs/queue.ts';
import { startWorker } from '../jobs/worker.ts';
import { accountRecipient } from '../access/team-access.ts';
import { webhookDisabled } from '../mail/templates.ts';
import type { Mailer } from '../mail/types.ts';
import { signedHeaders } from './signing.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { postToTarget, systemResolver, type HostResolver, type TargetAnswer } from './target.ts';

// Deliveries. An event is stored as one webhook_deliveries row per subscribed endpoint,
// and each row's job (queue `webhooks`) is sent, in the transaction of the change: the delivery exists
// if and only if the change committed, and survives a restart. A job makes one attempt; when it fails,
// pg-boss tries it again with doubling waits (config.webhooks.retry, about 24 hours), in whichever
// process fetches it first (FOR UPDATE SKIP LOCKED: once across processes). The row tells the log what
// happened: attempts, the last answer's status and time, the last error and the next try; each try's row
// (webhook_delivery_tries) what the receiver answered. A disabled endpoint has no delivery waiting: nothing
// is tried while it is disabled but what its owner asks for (a test, a redelivery), once.

interface DeliveryJob {
  deliveryId: string;
  /**
   * Asked for by the owner of a disabled endpoint (a test event, a redelivery): tried once, since nothing
   * else is tried while it is disabled.
   */
  once?: true;
}

/** The body every delivery sends (the Standard Webhooks payload shape). */
export interface WebhookPayload {
  type: WebhookDeliveryEvent;
  timestamp: string;
  data: unknown;
}

/** Deliveries one fetch of the worker takes; sent side by side. */
const WEBHOOK_BATCH_SIZE = 10;

/**
 * The longest a try can take: its request (the address's lookup, then the answer, each within
 * WEBHOOK_TIMEOUT_SECONDS) and the writes that record it. A delivery in hand for longer was left by a
 * process that died, and the worker hands it out again at once (server/jobs/worker.ts): a crashed
 * delivery is sent again within this and RECLAIM_EVERY_SECONDS of the next process's start.
 */
export const WEBHOOK_TRY_BOUND_SECONDS = 2 * WEBHOOK_TIMEOUT_SECONDS + 10;

/** pg-boss's own expiry of a delivery in hand, the backstop of the worker's: it waits the retry's delay. */
const WEBHOOK_JOB_EXPIRES_IN_SECONDS = 4 * WEBHOOK_TRY_BOUND_SECONDS;

/** The most of an error message the log keeps. */
const ERROR_MAX_LENGTH = 300;

/**
 * What a delivery carries that is deleted with it: a lead (lead.created), whose deletion deletes the
 * delivery and the details in its log (migration 2026-12-11T0100).
 */
export interface WebhookAbout {
  leadId?: string;
}

/** Queues events and wakes the worker; the services get it through AppDeps. */
export interface WebhookOutbox {
  /**
   * Queues `event` for each enabled endpoint of `ownerId` subscribed to it, in `trx` (the change's
   * transaction); `data` is read only when one is. Call wake() once the transaction committed.
   */
  emit(
    trx: Transaction<Database>,
    ownerId: string,
    event: WebhookEvent,
    data: () => unknown,
    about?: WebhookAbout,
  ): Promise<void>;
  /**
   * Queues a delivery of `payload` (a new one, or again one that exists: redelivery) to one endpoint;
   * `once` for a disabled endpoint's (its owner's test or redelivery): one try, no retries.
   */
  queue(
    trx: Transaction<Database>,
    endpointId: string,
    payload: WebhookPayload,
    deliveryId?: string,
    options?: WebhookAbout & { once?: boolean },
  ): Promise<string>;
  /** This process's worker fetches now instead of at its next poll (a transaction that queued committed). */
  wake(): void;
}

export interface WebhookDeliverer extends WebhookOutbox {
  /** Stops the worker, waiting at most `timeoutMs` for the deliveries in hand. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Whether an account's endpoints are sent its events: while its plan in effect includes apiAccess. An
 * account whose Business plan ended keeps its endpoints and their log, and is sent nothing until it buys the
 * plan again (what was queued before the end is still delivered).
 */
export async function mayReceiveWebhooks(db: Kysely<Database>, ownerId: string): Promise<boolean> {
  return (await ownersReceivingWebhooks(db, [ownerId])).has(ownerId);
}

/** The accounts of `ownerIds` that are sent their events (mayReceiveWebhooks), read in one statement. */
export async function ownersReceivingWebhooks(
  db: Kysely<Database>,
  ownerIds: readonly string[],
): Promise<Set<string>> {
  const plans = await plansInEffectOf({ db }, ownerIds);
  return new Set(ownerIds.filter((id) => can(plans.get(id) ?? 'free', 'apiAccess')));
}

export function webhookPayload(type: WebhookDeliveryEvent, data: unknown, at = new Date()): WebhookPayload {
  return { type, timestamp: at.toISOString(), data };
}

/** The body a delivery sends and signs, made from its stored payload: the log shows this very text. */
export function deliveryBody(payload: unknown): string {
  return JSON.stringify(payload);
}

/**
 * Fails the endpoint's deliveries waiting for a try, as it is disabled (in the transaction that disables
 * it): nothing is tried while it is disabled, and its log says so rather than a next try that never comes.
 * Their jobs, when they come, find nothing to send.
 */
export async function failWaitingDeliveries(trx: Kysely<Database>, endpointId: string): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Queues deliveries only: for the admin commands, whose events the servers' workers deliver. */
export function createWebhookOutbox(boss: JobQueue, config: Config): WebhookOutbox {
  const { limit, delaySeconds } = config.webhooks.retry;
  const queue: WebhookOutbox['queue'] = async (trx, endpointId, payload, deliveryId, options = {}) => {
    const id = deliveryId ?? `msg_${randomUUID()}`;
    if (deliveryId) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: sql<Date>`now()`, delivered_at: null })
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id,
          endpoint_id: endpointId,
          event_type: payload.type,
          payload: JSON.stringify(payload),
          next_attempt_at: sql<Date>`now()`,
          // the statement's time, not its transaction's: events emitted together (a CSV import's rows, a
          // card with its links) are logged in the order they happened
          created_at: sql<Date>`clock_timestamp()`,
          lead_id: options.leadId ?? null,
        })
        .execute();
    }
    const job: DeliveryJob = options.once ? { deliveryId: id, once: true } : { deliveryId: id };
    await boss.send(QUEUES.webhooks, job, {
      retryLimit: options.once ? 0 : limit,
      retryDelay: delaySeconds,
      retryBackoff: true,
      expireInSeconds: WEBHOOK_JOB_EXPIRES_IN_SECONDS,
      db: queueDb<Database>(trx),
    });
    return id;
  };
  return {
    queue,
    async emit(trx, ownerId, event, data, about) {
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('user_id', '=', ownerId)
        .where('enabled', '=', true)
        .where(sql<boolean>`${event} = any(events)`)
        .execute();
      if (endpoints.length === 0) return;
      if (!(await mayReceiveWebhooks(trx, ownerId))) return;
      const payload = webhookPayload(event, await data());
      for (const endpoint of endpoints) await queue(trx, endpoint.id, payload, undefined, about);
    },
    wake: () => undefined,
  };
}

/**
 * Records a try: its row in the log (the newest WEBHOOK_TRIES_KEPT are kept) and the delivery's state.
 * A failed try leaves it waiting for the next (`pending`) only while its endpoint is enabled: one disabled
 * meanwhile tries nothing more. Answers the delivery's state.
 */
async function recordTry(
  trx: Transaction<Database>,
  id: string,
  triedAt: Date,
  outcome: { answer?: TargetAnswer | undefined; error?: string },
  status: 'pending' | 'delivered' | 'failed',
): Promise<string> {
  const { answer, error } = outcome;
  await trx
    .insertInto('webhook_delivery_tries')
    .values({
      delivery_id: id,
      tried_at: triedAt,
      status_code: answer?.status ?? null,
      response_ms: answer?.ms ?? null,
      error: error ?? null,
      answer: answer?.body ?? null,
      answer_truncated: answer?.truncated ?? false,
    })
    .execute();
  await trx
    .deleteFrom('webhook_delivery_tries')
    .where('delivery_id', '=', id)
    .where(
      'id',
      'not in',
      trx
        .selectFrom('webhook_delivery_tries')
        .select('id')
        .where('delivery_id', '=', id)
        .orderBy('id', 'desc')
        .limit(WEBHOOK_TRIES_KEPT),
    )
    .execute();
  const stillWaiting = sql<'pending' | 'failed'>`case when exists (
      select 1 from webhook_endpoints e where e.id = webhook_deliveries.endpoint_id and e.enabled
    ) then 'pending' else 'failed' end`;
  const updated = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: status === 'pending' ? stillWaiting : status,
      attempts: sql<number>`attempts + 1`,
      last_status_code: answer?.status ?? null,
      last_response_ms: answer?.ms ?? null,
      last_error: error ?? null,
      // until pg-boss has set the next try (afterFailed)
      next_attempt_at: null,
      ...(status === 'delivered' ? { delivered_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return updated?.status ?? 'failed';
}

export interface DelivererDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  resolveHost: HostResolver;
}

/** Creates the queue and starts the worker that makes the attempts. */
export async function startWebhookDeliverer(
  boss: JobQueue,
  deps: DelivererDeps,
  logger: FastifyBaseLogger,
): Promise<WebhookDeliverer> {
  const { db, config } = deps;
  await ensureQueue(boss, QUEUES.webhooks);

  const attempt = async (job: PgBoss.JobWithMetadata<DeliveryJob>) => {
    const delivery = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.status', 'd.payload', 'd.endpoint_id', 'e.url', 'e.secret', 'e.enabled'])
      .where('d.id', '=', job.data.deliveryId)
      .executeTakeFirst();
    // its endpoint was deleted, or another try of a redelivered one got there first, or it was disabled
    if (!delivery || delivery.status !== 'pending') return;
    // left waiting while its endpoint was being disabled: not a try, nothing is sent
    if (!delivery.enabled && !job.data.once) {
      await failWaitingDeliveries(db, delivery.endpoint_id);
      return;
    }
    const body = deliveryBody(delivery.payload);
    const triedAt = new Date();
    let failure: string;
    let answer: TargetAnswer | undefined;
    try {
      answer = await postToTarget(
        new URL(delivery.url),
        signedHeaders(delivery.secret, delivery.id, triedAt, body),
        body,
        deps.resolveHost,
        config.webhooks.allowedNetworks,
      );
      if (answer.status >= 200 && answer.status < 300) {
        const delivered = answer;
        await db.transaction().execute(async (trx) => {
          await recordTry(trx, delivery.id, triedAt, { answer: delivered }, 'delivered');
          await trx
            .updateTable('webhook_endpoints')
            .set({ failing_since: null })
            .where('id', '=', delivery.endpoint_id)
            .execute();
        });
        return;
      }
      failure = `HTTP ${answer.status}`;
    } catch (error) {
      failure = (error as Error).message.slice(0, ERROR_MAX_LENGTH);
    }
    const last = job.retryCount >= job.retryLimit;
    const status = await db
      .transaction()
      .execute((trx) =>
        recordTry(trx, delivery.id, triedAt, { answer, error: failure }, last ? 'failed' : 'pending'),
      );
    // a disabled endpoint's one try says nothing of it: it is failing already, or its owner turned it off
    const disabled = delivery.enabled && (await noteFailure(delivery.endpoint_id));
    if (status === 'failed' || disabled) {
      if (last)
        logger.info({ webhook: { delivery: delivery.id } }, 'webhook delivery given up after its last try');
      return;
    }
    throw new Error(failure);
  };

  /**
   * Marks the endpoint failing from now unless it was already; failing for WEBHOOK_DISABLE_AFTER_DAYS, it
   * is disabled and its owner told (a team's owner for a team's endpoint), once (the update that disables it is the one that sends the mail).
   */
  const noteFailure = (endpointId: string): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: sql<Date>`coalesce(failing_since, now())` })
        .where('id', '=', endpointId)
        .execute();
      const disabled = await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_at: sql<Date>`now()`, disabled_reason: 'failing' })
        .where('id', '=', endpointId)
        .where('enabled', '=', true)
        .where('failing_since', '<=', sql<Date>`now() - make_interval(days => ${WEBHOOK_DISABLE_AFTER_DAYS})`)
        .returning(['url', 'user_id'])
        .executeTakeFirst();
      if (!disabled) return false;
      await failWaitingDeliveries(trx, endpointId);
      const recipient = await accountRecipient(trx, disabled.user_id);
      const mail = webhookDisabled(recipient.language, {
        name: recipient.name,
        endpointUrl: disabled.url,
        teamName: recipient.teamName,
        days: WEBHOOK_DISABLE_AFTER_DAYS,
        url: `${config.publicUrl}${paths.webhooks}`,
      });
      await deps.mailer.send(
        { to: recipient.email, ...mail },
        { kind: 'webhook_disabled', userId: recipient.userId },
        trx,
      );
      logger.warn({ webhook: { endpoint: endpointId } }, 'webhook endpoint disabled after failing for days');
      return true;
    });

  const showNextTry = async (jobIds: readonly string[]) => {
    await sql`
      update webhook_deliveries d set next_attempt_at = j.start_after
      from pgboss.job j
      where j.name = ${QUEUES.webhooks} and j.id = any(${jobIds}::uuid[]) and j.state = 'retry'
        and d.id = j.data->>'deliveryId' and d.status = 'pending'
    `
      .execute(db)
      // the log then shows no next try; the try itself is kept by pg-boss
      .catch((error: unknown) =>
        logger.warn({ err: error, job: { ids: jobIds } }, 'webhooks: the next try could not be recorded'),
      );
  };

  const worker = startWorker<DeliveryJob>(
    boss,
    QUEUES.webhooks,
    {
      pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
      batchSize: WEBHOOK_BATCH_SIZE,
      reclaimAfterSeconds: WEBHOOK_TRY_BOUND_SECONDS,
      // the log shows when pg-boss tries again
      afterFailed: (jobId) => showNextTry([jobId]),
      afterGivenBack: showNextTry,
    },
    attempt,
    logger,
  );
  const outbox = createWebhookOutbox(boss, config);
  return { ...outbox, wake: () => worker.notify(), stop: (timeoutMs) => worker.stop(timeoutMs) };
}

/**
 * The outbox of a process that runs no job queue (the seed script, tests calling a service directly): it
 * refuses to drop an event some endpoint would receive, and there is nothing to queue otherwise.
 */
export function outboxWithoutQueue(): WebhookOutbox {
  const refuse = () => {
    throw new Error('this process has no job queue to deliver webhooks through');
  };
  return {
    async emit(trx, ownerId, event) {
      const endpoint = await trx
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('user_id', '=', ownerId)
        .where('enabled', '=', true)
        .where(sql<boolean>`${event} = any(events)`)
        .executeTakeFirst();
      if (endpoint) refuse();
    },
    queue: async () => refuse(),
    wake: () => undefined,
  };
}

/** The webhook parts of AppDeps for a process without a job queue (outboxWithoutQueue). */
export function webhooksWithoutQueue(): Pick<AppDeps, 'webhooks' | 'resolveHost'> {
  return { webhooks: outboxWithoutQueue(), resolveHost: systemResolver };
}
