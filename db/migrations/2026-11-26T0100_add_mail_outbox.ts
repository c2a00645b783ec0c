import { sql, type Kysely } from 'kysely';

// E-mail goes through an outbox (server/mail/outbox.ts): a request stores the message as a job of the
// queue and returns; a worker sends it, retrying with backoff. This table says what became of each
// message, so the person can be told when one finally could not be sent. Its id is the job's id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'retrying', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('dismissed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('mail_outbox_failed_by_user')
    .on('mail_outbox')
    .columns(['user_id', 'updated_at'])
    .where(sql.ref('status'), '=', 'failed')
    .execute();
  await db.schema.createIndex('mail_outbox_created_at').on('mail_outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
