import type { Kysely } from 'kysely';

// A team card's edit in the team's log names the fields it changed (server/teams/audit.ts): their paths in
// the card form's values ('position', 'address.city', 'socialLinks.linkedin'), comma-separated; null for
// an entry that names none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('team_events').addColumn('fields', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('team_events').dropColumn('fields').execute();
}
