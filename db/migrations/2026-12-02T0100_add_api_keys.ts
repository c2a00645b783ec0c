import { sql, type Kysely } from 'kysely';

// better-auth's API key plugin (@better-auth/api-key): one row per key, its columns mapped to snake_case in
// server/api-keys/auth-plugin.ts. Only the key's SHA-256 hash is stored (`key`), with its first characters
// (`start`) to recognise it by. The owner is `reference_id`, an account: its deletion deletes its keys.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('config_id', 'text', (col) => col.notNull().defaultTo('default'))
    .addColumn('name', 'text')
    .addColumn('start', 'text')
    .addColumn('prefix', 'text')
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('reference_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('refill_interval', 'bigint')
    .addColumn('refill_amount', 'integer')
    .addColumn('last_refill_at', 'timestamptz')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('rate_limit_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('rate_limit_time_window', 'bigint')
    .addColumn('rate_limit_max', 'integer')
    .addColumn('request_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('remaining', 'integer')
    .addColumn('last_request', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('permissions', 'text')
    .addColumn('metadata', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('api_keys_reference_id_idx').on('api_keys').column('reference_id').execute();
  // the plugin deletes expired keys by this column
  await db.schema.createIndex('api_keys_expires_at_idx').on('api_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
