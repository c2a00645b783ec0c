import { sql, type Kysely } from 'kysely';

// A message waiting to be sent is kept in its mail_outbox row, not in the job that sends it (server/mail/
// outbox.ts): the job holds only the row's id, and the message is removed from the row once it is sent or
// given up. A queue's finished jobs are kept for days (pg-boss's archive), and with them, until now, every
// message whole: a lead's name, address, phone and note in its owner's notification, a support message,
// an invitation. A lead notification also names its lead, and erasing the lead deletes it (sent or not).
// Jobs a previous version queued are moved over: a waiting message into its row, and every mail job's data
// down to its id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('message', 'jsonb').execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('lead_id', 'uuid', (col) => col.references('leads.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('mail_outbox_lead_id')
    .on('mail_outbox')
    .column('lead_id')
    .where(sql.ref('lead_id'), 'is not', null)
    .execute();
  // the job queue's tables exist once the app has started on this database
  const { rows } = await sql<{ job: string | null; archive: string | null }>`
    select to_regclass('pgboss.job')::text as job, to_regclass('pgboss.archive')::text as archive`.execute(
    db,
  );
  const tables = rows[0];
  if (tables?.job) {
    await sql`
      update mail_outbox as outbox set message = job.data -> 'message'
      from pgboss.job as job
      where job.name in ('mail', 'mail-given-up') and job.id = outbox.id
        and job.state < 'completed' and job.data ? 'message'`.execute(db);
    await sql`
      update pgboss.job set data = jsonb_build_object('id', data -> 'id')
      where name in ('mail', 'mail-given-up') and data ? 'message'`.execute(db);
  }
  if (tables?.archive) {
    await sql`
      update pgboss.archive set data = jsonb_build_object('id', data -> 'id')
      where name in ('mail', 'mail-given-up') and data ? 'message'`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('lead_id').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('message').execute();
}
