import type { Kysely } from 'kysely';

// Card designs (customBranding): a vCard's layout, font, button style, cover and logo, as one
// JSON value (src/schemas/card-design.ts). Null: never designed. Kept when a plan ends (the public page
// then shows the free design), so buying again brings the design back.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').addColumn('design', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').dropColumn('design').execute();
}
