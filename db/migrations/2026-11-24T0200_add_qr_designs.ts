import type { Kysely } from 'kysely';

// The QR studio: a QR code's design belongs to its link, so the image is the same
// wherever it is drawn. Null: the plain default. Kept when the plan no longer includes it (drawn plain then).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('links').addColumn('qr_design', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('qr_design').execute();
}
