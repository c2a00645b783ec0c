import { sql, type Kysely } from 'kysely';

// Outgoing webhooks: an account's endpoints, and one row per delivery (an event sent to
// one endpoint), whose id is the webhook-id header: the same on every try, so a receiver can drop repeats.
// A delivery's row and its job (pg-boss queue `webhooks`) are written in the transaction of the change.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // the Standard Webhooks signing secret, whsec_<base64>: shown to its owner on demand
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('events', sql`text[]`, (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('disabled_reason', 'text')
    // the first failed delivery since the last success: 3 days of it disable the endpoint
    .addColumn('failing_since', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // the events of a change are queued for its owner's endpoints: read by owner in the change's transaction
  await db.schema
    .createIndex('webhook_endpoints_user_id_idx')
    .on('webhook_endpoints')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'uuid', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_response_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addCheckConstraint('webhook_deliveries_status', sql`status in ('pending', 'delivered', 'failed')`)
    .execute();
  // the log: an endpoint's deliveries, newest first, paged by (created_at, id)
  await db.schema
    .createIndex('webhook_deliveries_endpoint_log_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at desc', 'id desc'])
    .execute();
  // the clean-up removes old deliveries by age
  await db.schema
    .createIndex('webhook_deliveries_created_at_idx')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();

  // counted events (link.scanned, profile.viewed) waiting for their endpoint's next batch: added by each
  // written batch of scans and views, in its transaction, and taken out by the batch delivery
  await db.schema
    .createTable('webhook_event_counts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('endpoint_id', 'uuid', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (col) => col.notNull())
    // the link scanned or the card viewed (null: the profile page without a card)
    .addColumn('item_id', 'text')
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_event_counts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
