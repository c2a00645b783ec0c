import type { Kysely } from 'kysely';

// Plans that end, trials that expire, downgrades (docs/decisions/013-pause-never-delete.md): what is over a
// plan's limit is paused, computed from the plan at request time. The one thing stored is the owner's choice
// of which vCards, QR codes and profile links stay live within the limit: when they chose an item, the latest
// choice ranking first (src/pauses.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').addColumn('live_chosen_at', 'timestamptz').execute();
  await db.schema.alterTable('links').addColumn('live_chosen_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('live_chosen_at').execute();
  await db.schema.alterTable('vcards').dropColumn('live_chosen_at').execute();
}
