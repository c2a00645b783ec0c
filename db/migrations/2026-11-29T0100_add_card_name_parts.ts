import type { Kysely } from 'kysely';

// A card's given and family name, for the .vcf's N (how a contacts app files the card). Both null on the
// cards made before: they go on suggesting the parts from the full name (src/name-parts.ts), nothing is
// rewritten. The new social platforms need no column: they join the card's social_links list.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vcards')
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').dropColumn('given_name').dropColumn('family_name').execute();
}
