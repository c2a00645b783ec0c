import { sql, type Kysely } from 'kysely';

// A delivery's tries, so its log can show what each one got back: the receiver's status, how long it took,
// why it failed, and the start of its answer (WEBHOOK_ANSWER_KEPT_BYTES, as text, marked when cut). Bounded
// three ways: the answer's start only, the newest WEBHOOK_TRIES_KEPT tries of a delivery, and they go with
// their delivery (its clean-up after WEBHOOK_DELIVERY_KEPT_DAYS, its endpoint's deletion, its lead's
// erasure: an answer may echo what the request carried). The request body is the delivery's payload,
// the same on every try.
//
// A disabled endpoint has no delivery waiting for a try (server/webhooks/delivery.ts): those left waiting
// on endpoints disabled before are failed here, as disabling now fails them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_delivery_tries')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('delivery_id', 'text', (col) =>
      col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('tried_at', 'timestamptz', (col) => col.notNull())
    // null: no HTTP answer (refused target, connection failed, timed out)
    .addColumn('status_code', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('answer', 'text')
    .addColumn('answer_truncated', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // a delivery's tries, newest first
  await db.schema
    .createIndex('webhook_delivery_tries_delivery_idx')
    .on('webhook_delivery_tries')
    .columns(['delivery_id', 'id desc'])
    .execute();
  await sql`
    update webhook_deliveries d set status = 'failed', next_attempt_at = null
      from webhook_endpoints e
     where e.id = d.endpoint_id and not e.enabled and d.status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery_tries').execute();
}
