import { sql, type Kysely } from 'kysely';

// better-auth's rate limiter stored in the database (so limits hold across processes) and its
// two-factor plugin (TOTP secret and backup codes, both encrypted by better-auth).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('last_request', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('two_factor_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('two_factors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backup_codes', 'text', (col) => col.notNull())
    .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('failed_verification_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('two_factors_user_id_idx').on('two_factors').column('user_id').execute();
  await db.schema.createIndex('two_factors_secret_idx').on('two_factors').column('secret').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factors').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_enabled').execute();
  await db.schema.dropTable('rate_limits').execute();
}
