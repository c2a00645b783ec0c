import { sql, type Kysely } from 'kysely';

// Idempotency keys of the REST API's creates (server/api/idempotency.ts): the first answer to a POST with
// an `Idempotency-Key`, per account, with a hash of the request it answered, so that a retry gets the same
// answer instead of a second object. `status` null: the first request is still running. Kept 24 hours
// (server/cleanup/service.ts); removed with the account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('api_idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('api_idempotency_keys_created_at_idx')
    .on('api_idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_idempotency_keys').execute();
}
