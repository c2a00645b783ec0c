import { sql, type Kysely } from 'kysely';

// Admin jobs: `npm run trials:expire` and `npm run cleanup` (server/trials, server/cleanup).
// trial_reminders: one row per reminder of one trial, keyed by the trial's end, so a reminder is sent once
// per trial (its primary key is the claim several processes race for) and a later trial is reminded again.
// The indexes let the clean-up find expired sessions, expired tokens and old unconfirmed accounts without
// reading every row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trial_reminders')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trial_ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('ending_soon', 'ended')`))
    // when a process took it on; a claim never marked sent is taken over after a while (a crash mid-send)
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('trial_reminders_pkey', ['user_id', 'trial_ends_at', 'kind'])
    .execute();

  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('verifications_expires_at_idx')
    .on('verifications')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('users_unconfirmed_created_at_idx')
    .on('users')
    .column('created_at')
    .where(sql.ref('email_verified'), '=', false)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_unconfirmed_created_at_idx').execute();
  await db.schema.dropIndex('verifications_expires_at_idx').execute();
  await db.schema.dropIndex('sessions_expires_at_idx').execute();
  await db.schema.dropTable('trial_reminders').execute();
}
