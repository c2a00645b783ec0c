import type { Kysely } from 'kysely';

// Account settings edit first and last name (spec section 2); the full name (profiles.name, users.name)
// is kept as their join, so every screen that shows `name` stays right.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('first_name').dropColumn('last_name').execute();
}
