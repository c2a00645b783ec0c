import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LinkKind } from '../../db/schema.ts';
import { LINK_OUTCOMES, type LinkOutcome } from '../../src/link-lifecycle.ts';
import type { WebhookBatchedEvent } from '../../src/webhooks.ts';
import { ownersReceivingWebhooks, webhookPayload, type WebhookOutbox } from './delivery.ts';

// link.scanned and profile.viewed, sent in batches: a visit costs nothing more than it
// did. Each batch of scans or views the counters write (server/links/hits.ts, public-profile/views.ts)
// adds, in its own transaction and with one statement, its counts for the endpoints subscribed; every
// WEBHOOK_BATCH_INTERVAL_SECONDS the counts waiting are taken out and sent as one delivery per endpoint
// and event. A count is in exactly one delivery: written with its batch (once, by the batch's id), and
// taken out with the delivery that carries it. What each delivery's data is: the document's `webhooks`
// (server/api/webhook-events.ts).

/** Counted visits of one owner's item (a link, or a card: null for the profile page without one). */
export interface CountedItem {
  userId: string;
  itemId: string | null;
  count: number;
  /** Where a link sent these scans (src/link-lifecycle.ts); left out: to its destination. */
  outcome?: LinkOutcome;
}

/**
 * What a row of webhook_event_counts counts (its item_id): a card's views by the card's id; a link's scans
 * by its id and their outcome, `{id}:{outcome}`, so a link's scans of each outcome are summed apart (a row
 * with the id alone, written before scans kept their outcome, counts scans of its destination).
 */
function countedSubject(event: WebhookBatchedEvent, item: CountedItem): string | null {
  if (event !== 'link.scanned' || item.itemId === null) return item.itemId;
  return `${item.itemId}:${item.outcome ?? 'destination'}`;
}

function scanSubject(subject: string): { linkId: string; outcome: LinkOutcome } {
  const [linkId = '', outcome] = subject.split(':');
  return { linkId, outcome: LINK_OUTCOMES.find((known) => known === outcome) ?? 'destination' };
}

/** Rows one round takes out at most; the rest wait for the next round. */
const COUNTS_PER_ROUND = 10_000;

/** Adds a written batch's counts for the endpoints of their owners subscribed to `event`. */
export async function addWebhookCounts(
  trx: Transaction<Database>,
  event: WebhookBatchedEvent,
  counted: CountedItem[],
): Promise<void> {
  if (counted.length === 0) return;
  await sql`
    insert into webhook_event_counts (endpoint_id, event_type, item_id, count)
    select e.id, ${event}, c.item_id, sum(c.count)
    from unnest(
      ${counted.map((item) => item.userId)}::text[],
      ${counted.map((item) => countedSubject(event, item))}::text[],
      ${counted.map((item) => item.count)}::int[]
    ) as c(user_id, item_id, count)
    join webhook_endpoints e on e.user_id = c.user_id and e.enabled and ${event} = any(e.events)
    group by e.id, c.item_id`.execute(trx);
}

/** What a batched event's delivery carries: the counts per item since the last one. */
export interface CountsData {
  /** When the first of these counts was written. */
  since: string;
  total: number;
  items: (ViewCounts | ScanCounts)[];
}

/** profile.viewed: a card's views (id null: the profile page without a card). */
interface ViewCounts {
  id: string | null;
  count: number;
}

/** link.scanned: a link's scans, by where it sent them; its kind null when it was deleted since. */
interface ScanCounts {
  id: string;
  kind: LinkKind | null;
  count: number;
  outcomes: Record<LinkOutcome, number>;
}

/** The items of a batch: a link's scans summed over their outcomes, a card's views as counted. */
function countedItems(
  event: WebhookBatchedEvent,
  counts: Map<string | null, number>,
  kinds: Map<string, LinkKind>,
): CountsData['items'] {
  if (event !== 'link.scanned') return [...counts].map(([id, count]) => ({ id, count }));
  const links = new Map<string, ScanCounts>();
  for (const [subject, count] of counts) {
    if (subject === null) continue;
    const { linkId, outcome } = scanSubject(subject);
    const link = links.get(linkId) ?? {
      id: linkId,
      kind: kinds.get(linkId) ?? null,
      count: 0,
      outcomes: { destination: 0, fallback: 0, rule: 0 },
    };
    link.count += count;
    link.outcomes[outcome] += count;
    links.set(linkId, link);
  }
  return [...links.values()];
}

/** The kind of each link scanned (QR code or profile link), in one statement; a deleted one is left out. */
async function kindsOfScannedLinks(
  trx: Transaction<Database>,
  subjects: Iterable<string | null>,
): Promise<Map<string, LinkKind>> {
  const ids = [
    ...new Set([...subjects].flatMap((subject) => (subject ? [scanSubject(subject).linkId] : []))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('links').select(['id', 'kind']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/** Takes out the counts waiting and queues one delivery per endpoint and event; true when it queued any. */
export async function sendWebhookCounts(db: Kysely<Database>, outbox: WebhookOutbox): Promise<boolean> {
  const deliveries = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom('webhook_event_counts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_event_counts')
          .select('id')
          .orderBy('id')
          .limit(COUNTS_PER_ROUND)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['endpoint_id', 'event_type', 'item_id', 'count', 'created_at'])
      .execute();
    const batches = new Map<
      string,
      { endpointId: string; event: WebhookBatchedEvent; since: Date; items: Map<string | null, number> }
    >();
    for (const row of taken) {
      const key = `${row.endpoint_id} ${row.event_type}`;
      const batch = batches.get(key) ?? {
        endpointId: row.endpoint_id,
        event: row.event_type,
        since: row.created_at,
        items: new Map<string | null, number>(),
      };
      batches.set(key, batch);
      if (row.created_at < batch.since) batch.since = row.created_at;
      batch.items.set(row.item_id, (batch.items.get(row.item_id) ?? 0) + row.count);
    }
    // an owner whose plan no longer includes webhooks is sent nothing: their counts are dropped
    const endpointIds = [...new Set([...batches.values()].map((batch) => batch.endpointId))];
    const owners =
      endpointIds.length === 0
        ? []
        : await trx
            .selectFrom('webhook_endpoints')
            .select(['id', 'user_id'])
            .where('id', 'in', endpointIds)
            .execute();
    const receiving = await ownersReceivingWebhooks(trx, [...new Set(owners.map((owner) => owner.user_id))]);
    const ownerOf = new Map(owners.map((owner) => [owner.id, owner.user_id]));
    const sent = [...batches.values()].filter((batch) => receiving.has(ownerOf.get(batch.endpointId) ?? ''));
    const kinds = await kindsOfScannedLinks(
      trx,
      sent.flatMap((batch) => (batch.event === 'link.scanned' ? [...batch.items.keys()] : [])),
    );
    for (const batch of sent) {
      const items = countedItems(batch.event, batch.items, kinds);
      const data: CountsData = {
        since: batch.since.toISOString(),
        total: items.reduce((sum, item) => sum + item.count, 0),
        items,
      };
      await outbox.queue(trx, batch.endpointId, webhookPayload(batch.event, data));
    }
    return sent.length;
  });
  if (deliveries > 0) outbox.wake();
  return deliveries > 0;
}

/** Events a round queues beside the counts: those owed by a change whose own try may have been lost. */
export type OwedEvents = (db: Kysely<Database>, outbox: WebhookOutbox) => Promise<unknown>;

/**
 * Sends the waiting counts every `intervalSeconds`, and queues the `owed` events (server/teams/auth-plugin.ts
 * queueOwedMemberJoined); the returned function stops it.
 */
export function startCountsSender(
  db: Kysely<Database>,
  outbox: WebhookOutbox,
  intervalSeconds: number,
  logger: FastifyBaseLogger,
  owed: readonly OwedEvents[] = [],
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  // what is not queued stays waiting (the counts in their table, an owed event unmarked) for the next round
  const retriedNextRound = (error: unknown) =>
    logger.warn({ err: error }, 'webhooks: events could not be queued; tried again next round');
  const timer = setInterval(() => {
    running = Promise.all([
      sendWebhookCounts(db, outbox).catch(retriedNextRound),
      ...owed.map((queue) => queue(db, outbox).catch(retriedNextRound)),
    ]);
  }, intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
