import { sql, type Kysely } from 'kysely';

// An authenticator code is accepted once only: the codes each user presented recently
// (server/auth/totp-replay.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_totp_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('used_totp_codes_pkey', ['user_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_totp_codes').execute();
}
