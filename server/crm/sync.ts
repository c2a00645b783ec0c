import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { can } from '../../src/plans.ts';
import { SPLIT_NAME, type CrmErrorKind, type CrmMapping } from '../../src/crm.ts';
import { LEAD_FIELDS, type LeadField } from '../../src/schemas/lead.ts';
import { accountRecipient } from '../access/team-access.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import type { Config } from '../config.ts';
import { ensureQueue, QUEUES, queueDb, type JobQueue } from '../jobs/queue.ts';
import { startWorker } from '../jobs/worker.ts';
import { translate } from '../lib/server-i18n.ts';
import { CrmFailure, type CrmConnector } from './connector.ts';
import { detailOf } from './http.ts';
import { connectorOf, withAccessToken, type CrmParts } from './tokens.ts';

// A lead to its account's CRMs (docs/decisions/026-crm-connectors.md). The capture of a lead queues, in its
// own transaction, one crm_syncs row per connection of the card's account and each row's job (queue `crm`):
// the sync exists if and only if the lead was stored, and is sent once however many servers run. A try
// finds the record by e-mail: it creates one, or writes only the mapped properties that are empty there (a
// salesperson's typing is never overwritten), then adds the consent receipt as a note. What is done at the
// CRM is written down step by step (record_id, note_id), so a try after a failure repeats none of it. A
// 429 is tried again after its Retry-After, a CRM that failed or did not answer after doubling waits; a
// refusal (a field the CRM refuses, a property it lacks) and a revoked token are given up at once, with
// the CRM's words, for the Connections page. The lead stays in Tapcard whatever happens.

interface SyncJob {
  syncId: string;
}

/** The longest a try may hold its sync: its calls (10 s each, a handful) and their records. */
const CLAIM_SECONDS = 120;

/** pg-boss's own expiry of a try in hand, the backstop of a process that died mid-try. */
const JOB_EXPIRES_IN_SECONDS = 2 * CLAIM_SECONDS;

const SYNC_BATCH_SIZE = 5;

/** Queues syncs and wakes the worker; the services get it through AppDeps. */
export interface CrmOutbox {
  /**
   * Queues `leadId` for each connection of `accountId` in `trx` (the lead's transaction), while the
   * account's plan includes apiAccess. Call wake() once the transaction committed.
   */
  queueLead(trx: Transaction<Database>, accountId: string, leadId: string): Promise<void>;
  /** Queues the syncs again (the Connections page's "Try again"), in `trx`. */
  queueAgain(trx: Transaction<Database>, syncIds: readonly string[]): Promise<void>;
  wake(): void;
}

export interface CrmSyncer extends CrmOutbox {
  stop(timeoutMs: number): Promise<void>;
}

function sendJob(boss: JobQueue, db: Kysely<Database>, syncId: string, startAfterSeconds = 0) {
  return boss.send(QUEUES.crm, { syncId } satisfies SyncJob, {
    // the retries of known failures are the sync's own (their waits: Retry-After, or doubling); pg-boss
    // retries only a try a process did not finish
    retryLimit: 2,
    retryDelay: CLAIM_SECONDS,
    expireInSeconds: JOB_EXPIRES_IN_SECONDS,
    ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
    db: queueDb<Database>(db),
  });
}

export function createCrmOutbox(boss: JobQueue): CrmOutbox {
  return {
    async queueLead(trx, accountId, leadId) {
      const connections = await trx
        .selectFrom('crm_connections')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      if (connections.length === 0) return;
      if (!can(await planInEffectOf({ db: trx }, accountId), 'apiAccess')) return;
      const syncs = await trx
        .insertInto('crm_syncs')
        .values(connections.map((connection) => ({ connection_id: connection.id, lead_id: leadId })))
        .onConflict((oc) => oc.columns(['connection_id', 'lead_id']).doNothing())
        .returning('id')
        .execute();
      for (const sync of syncs) await sendJob(boss, trx, sync.id);
    },
    async queueAgain(trx, syncIds) {
      for (const id of syncIds) await sendJob(boss, trx, id);
    },
    wake: () => undefined,
  };
}

/** The outbox of a process that runs no job queue (scripts, tests calling a service): nothing is queued. */
export function crmWithoutQueue(): CrmOutbox {
  return {
    async queueLead(trx, accountId) {
      const connection = await trx
        .selectFrom('crm_connections')
        .select('id')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (connection) throw new Error('this process has no job queue to send leads to a CRM through');
    },
    async queueAgain() {
      throw new Error('this process has no job queue to send leads to a CRM through');
    },
    wake: () => undefined,
  };
}

export interface CrmSyncDeps extends CrmParts {
  db: Kysely<Database>;
  config: Config;
}

/** What a try came to: done, or failed (of a kind, with the CRM's words; `retryAfterSeconds` from a 429). */
type TryOutcome =
  | { kind: 'synced' }
  | { kind: 'nothing' }
  | { kind: 'failed'; error: CrmErrorKind; detail: string; retryAfterSeconds?: number };

/** The values of the mapped fields the lead has, by CRM property (a split name to its two properties). */
export function crmValues(
  connector: CrmConnector,
  mapping: CrmMapping,
  lead: Record<LeadField, string | null>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of LEAD_FIELDS) {
    const property = mapping.fields[field];
    const value = lead[field]?.trim();
    if (!property || !value) continue;
    if (field === 'name' && property === SPLIT_NAME) {
      const cut = value.lastIndexOf(' ');
      const [first, last] = cut > 0 ? [value.slice(0, cut).trim(), value.slice(cut + 1)] : [value, ''];
      values[connector.nameProperties.first] = first;
      if (last) values[connector.nameProperties.last] = last;
    } else {
      values[property] = value;
    }
  }
  if (mapping.ownerId) values[connector.ownerProperty] = mapping.ownerId;
  return values;
}

/** The consent receipt as the note's title and text, in the account's language. */
async function consentNote(
  db: Kysely<Database>,
  accountId: string,
  lead: { card_name: string; consent_text: string; consent_language: string; created_at: Date },
): Promise<{ title: string; body: string }> {
  const { language } = await accountRecipient(db, accountId);
  const at = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(lead.created_at);
  return {
    title: translate(language, /*i18n*/ { id: 'crm.consentNoteTitle', message: 'Consent receipt (Tapcard)' }),
    body: translate(
      language,
      /*i18n*/ {
        id: 'crm.consentNote',
        message:
          'Consent receipt (Tapcard): contact shared on the card "{card}" on {at}, agreeing to: "{consent}" (form in {formLanguage}).',
      },
      { card: lead.card_name, at, consent: lead.consent_text, formLanguage: lead.consent_language },
    ),
  };
}

/** One try of a sync, when no other process holds it; every step done at the CRM is recorded at once. */
export async function trySync(deps: CrmSyncDeps, syncId: string): Promise<TryOutcome> {
  const { db } = deps;
  const claimed = await db
    .updateTable('crm_syncs')
    .set({ claimed_until: sql<Date>`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where('id', '=', syncId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
    .returning(['id', 'connection_id', 'lead_id', 'record_id', 'note_id'])
    .executeTakeFirst();
  if (!claimed) return { kind: 'nothing' };
  const connection = await db
    .selectFrom('crm_connections')
    .select([
      'id',
      'account_id',
      'provider',
      'access_token',
      'refresh_token',
      'access_expires_at',
      'api_base',
      'status',
      'mapping',
    ])
    .where('id', '=', claimed.connection_id)
    .executeTakeFirst();
  const lead = await db
    .selectFrom('leads')
    .select([
      'name',
      'email',
      'phone',
      'company',
      'note',
      'card_name',
      'consent_text',
      'consent_language',
      'created_at',
    ])
    .where('id', '=', claimed.lead_id)
    .executeTakeFirst();
  // deleted meanwhile (its rows cascade): nothing to send
  if (!connection || !lead) return { kind: 'nothing' };

  try {
    const connector = connectorOf(deps, connection.provider);
    const { mapping } = connection;
    let recordId = claimed.record_id;
    if (recordId === null) {
      const values = crmValues(connector, mapping, lead);
      const properties = Object.keys(values);
      const existing = async (record: { id: string; values: Record<string, string | null> }) => {
        // only what the CRM has no value for: what a salesperson typed stays
        const missing = Object.fromEntries(
          Object.entries(values).filter(([property]) => !record.values[property]?.trim()),
        );
        if (Object.keys(missing).length > 0) {
          await withAccessToken(db, deps, connection, (token) =>
            connector.update(token, mapping.target, record.id, missing),
          );
        }
        return record.id;
      };
      const email = lead.email?.trim();
      const found = email
        ? await withAccessToken(db, deps, connection, (token) =>
            connector.findByEmail(token, mapping.target, email, properties),
          )
        : null;
      let created = false;
      if (found) {
        recordId = await existing(found);
      } else {
        try {
          const required = connector.requiredOnCreate[mapping.target] ?? {};
          recordId = await withAccessToken(db, deps, connection, (token) =>
            connector.create(token, mapping.target, { ...required, ...values }),
          );
          created = true;
        } catch (error) {
          // the CRM's search had not seen it yet
          if (!(error instanceof CrmFailure) || error.kind !== 'exists' || !error.extra.existingId)
            throw error;
          const id = error.extra.existingId;
          const record = await withAccessToken(db, deps, connection, (token) =>
            connector.read(token, mapping.target, id, properties),
          );
          recordId = await existing(record);
        }
      }
      await db
        .updateTable('crm_syncs')
        .set({ record_id: recordId, record_created: created })
        .where('id', '=', syncId)
        .execute();
    }
    if (claimed.note_id === null) {
      const { title, body } = await consentNote(db, connection.account_id, lead);
      const id = recordId;
      const noteId = await withAccessToken(db, deps, connection, (token) =>
        connector.addNote(token, mapping.target, id, {
          title,
          body,
          at: lead.created_at,
          ownerId: mapping.ownerId,
        }),
      );
      await db.updateTable('crm_syncs').set({ note_id: noteId }).where('id', '=', syncId).execute();
    }
    return { kind: 'synced' };
  } catch (error) {
    if (!(error instanceof CrmFailure)) {
      return { kind: 'failed', error: 'unavailable', detail: detailOf((error as Error).message) };
    }
    const kind: CrmErrorKind =
      error.kind === 'revoked' || error.kind === 'token'
        ? 'reconnect'
        : error.kind === 'rate_limited'
          ? 'rate_limited'
          : error.kind === 'unavailable'
            ? 'unavailable'
            : 'refused';
    return {
      kind: 'failed',
      error: kind,
      detail: error.detail,
      retryAfterSeconds: error.extra.retryAfterSeconds,
    };
  }
}

/** Creates the queue and starts the worker that tries the syncs. */
export async function startCrmSyncer(
  boss: JobQueue,
  deps: CrmSyncDeps,
  logger: FastifyBaseLogger,
): Promise<CrmSyncer> {
  const { db, config } = deps;
  await ensureQueue(boss, QUEUES.crm);
  const { limit, delaySeconds } = config.crm.retry;

  const attempt = async (job: PgBoss.JobWithMetadata<SyncJob>) => {
    const { syncId } = job.data;
    const outcome = await trySync(deps, syncId);
    if (outcome.kind === 'nothing') return;
    if (outcome.kind === 'synced') {
      await db
        .updateTable('crm_syncs')
        .set({
          status: 'synced',
          attempts: sql<number>`attempts + 1`,
          error_kind: null,
          last_error: null,
          next_attempt_at: null,
          claimed_until: null,
          synced_at: sql<Date>`now()`,
        })
        .where('id', '=', syncId)
        .execute();
      return;
    }
    const row = await db
      .updateTable('crm_syncs')
      .set({
        attempts: sql<number>`attempts + 1`,
        error_kind: outcome.error,
        last_error: outcome.detail,
        claimed_until: null,
      })
      .where('id', '=', syncId)
      .returning('attempts')
      .executeTakeFirst();
    if (!row) return;
    const again =
      (outcome.error === 'rate_limited' || outcome.error === 'unavailable') && row.attempts <= limit;
    if (!again) {
      await db
        .updateTable('crm_syncs')
        .set({ status: 'failed', next_attempt_at: null })
        .where('id', '=', syncId)
        .execute();
      logger.info({ crm: { sync: syncId, error: outcome.error } }, 'CRM sync given up');
      return;
    }
    const wait = outcome.retryAfterSeconds ?? delaySeconds * 2 ** (row.attempts - 1);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('crm_syncs')
        .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${wait})` })
        .where('id', '=', syncId)
        .execute();
      await sendJob(boss, trx, syncId, wait);
    });
  };

  const worker = startWorker<SyncJob>(
    boss,
    QUEUES.crm,
    {
      pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
      batchSize: SYNC_BATCH_SIZE,
      reclaimAfterSeconds: JOB_EXPIRES_IN_SECONDS,
    },
    attempt,
    logger,
  );
  const outbox = createCrmOutbox(boss);
  return { ...outbox, wake: () => worker.notify(), stop: (timeoutMs) => worker.stop(timeoutMs) };
}
