import type { Kysely } from 'kysely';

// docs/decisions/021-teams.md: a team card made for someone who has not joined yet (by an admin, or a CSV
// import) is a draft: its page, .vcf, CardDAV entry, wallet pass, short link and the team's directory know
// nothing of it until its person joins or an admin publishes it. Cards made before this stay as they were:
// public (some may be printed already).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vcards')
    .addColumn('draft', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').dropColumn('draft').execute();
}
