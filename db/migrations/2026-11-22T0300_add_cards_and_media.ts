import { sql, type Kysely } from 'kysely';

// Cards: the vCard shown at /{username} when a person has several, and the photos people
// uploaded (storage key, owner and size: the plan's photo quota is the sum of a user's rows).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('primary_vcard_id', 'uuid', (col) => col.references('vcards.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('media_user_id_idx').on('media').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
  await db.schema.alterTable('profiles').dropColumn('primary_vcard_id').execute();
}
