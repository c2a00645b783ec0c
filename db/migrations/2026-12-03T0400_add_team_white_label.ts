import type { Kysely } from 'kysely';

// White label (docs/decisions/015-what-each-plan-feature-is.md, feature whiteLabel): a team's owner or an
// admin turns it on, next to the team's brand template; its cards' pages and its e-mails then carry the
// team's name and logo, not Tapcard's, while the team's plan in effect has the feature
// (server/branding/branding.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('white_label', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('white_label').execute();
}
