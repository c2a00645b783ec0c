import type { Kysely } from 'kysely';

// A team's owner or admins pause one team card (docs/decisions/021-teams.md: offboarding hands a card on or
// pauses it): `vcards.paused_at` is when they did (null: not paused by the team). Its page, .vcf and short
// link answer the paused page as a card paused by its plan does, read in the queries that already serve them;
// who paused it is in the team's log. Not an edited column (migration 2026-11-29T0300): a pause changes no
// edit version.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').addColumn('paused_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').dropColumn('paused_at').execute();
}
