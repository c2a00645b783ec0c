import { sql, type Kysely } from 'kysely';

// Counts survive database outages: a batch of counted views or hits is retried until it is written, so a
// retry after a commit whose outcome was unknown must not count twice. Each batch's id is written in the
// same transaction as its counts; a batch whose id is already here was written before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('count_batches')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('written_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('count_batches_written_at').on('count_batches').column('written_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('count_batches').execute();
}
