import { sql, type Kysely } from 'kysely';

// better-auth's passkey plugin (@better-auth/passkey): one row per WebAuthn credential, its columns mapped
// to snake_case in server/passkeys/auth-plugin.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('public_key', 'text', (col) => col.notNull())
    // base64url credential ids: one credential belongs to one account
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'boolean', (col) => col.notNull())
    .addColumn('transports', 'text')
    .addColumn('aaguid', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('passkeys_user_id_idx').on('passkeys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
}
