import type { Kysely } from 'kysely';

// The admin jobs' schedule is kept by the app (server/maintenance-schedule.ts): the latest time slot each
// scheduled job was queued for. A process claims a slot by moving it forward, in the same transaction as
// the job it queues, so however many processes look at the schedule, each slot runs once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('queue', 'text', (col) => col.primaryKey())
    .addColumn('slot', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').execute();
}
