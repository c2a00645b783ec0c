import { sql, type Kysely } from 'kysely';

// A busy card is viewed thousands of times a second; one row per view made the embedded database spend a
// quarter of each page's time on inserts. A row now holds the views of one card in one second.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profile_views')
    .addColumn('views', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`views > 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profile_views').dropColumn('views').execute();
}
