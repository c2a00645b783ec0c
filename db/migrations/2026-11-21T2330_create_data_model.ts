import { sql, type Kysely } from 'kysely';

// The whole data model of spec section 3 plus better-auth's tables (docs/decisions/004-usernames.md, STYLE.md
// 3.9 #10). Frozen in time: later changes get their own migration. Runs on PostgreSQL 15 and on PGlite (18).

export async function up(db: Kysely<unknown>): Promise<void> {
  // better-auth (snake_case mapping in server/auth/auth.ts)
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  // profiles: one per user, keyed by the user id (spec section 3)
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('username', 'text')
    .addColumn('theme_color', 'text', (col) => col.notNull().defaultTo('#00C2FF'))
    .addColumn('profile_pic', 'text')
    .addColumn('position', 'text')
    .addColumn('company', 'text')
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'es')`),
    )
    .addColumn('plan_type', 'text', (col) =>
      col
        .notNull()
        .defaultTo('free')
        .check(sql`plan_type in ('free', 'pro', 'business')`),
    )
    .addColumn('initialized', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('trial_start_date', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('trial_days', 'integer', (col) => col.notNull().defaultTo(14))
    .addColumn('subscription_end', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // docs/decisions/004-usernames.md: usernames are unique case-insensitively, enforced by the database
  await sql`create unique index profiles_username_key on profiles (lower(username))`.execute(db);

  await db.schema
    .createTable('vcards')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company', 'text')
    .addColumn('position', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('website', 'text')
    .addColumn('photo', 'text')
    .addColumn('qr_code', 'text')
    .addColumn('social_links', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('icon_color', 'text', (col) => col.notNull().defaultTo('#FFFFFF'))
    .addColumn('font_color', 'text', (col) => col.notNull().defaultTo('#FFFFFF'))
    .addColumn('background_color', 'text', (col) => col.notNull().defaultTo('#00C2FF'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('vcards_user_id_idx').on('vcards').column('user_id').execute();

  await db.schema
    .createTable('links')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('icon', 'text')
    .addColumn('click_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('scan_count', 'integer', (col) => col.notNull().defaultTo(0))
    // set when the link is the QR code a vCard manages; it goes with its vCard
    .addColumn('vcard_id', 'uuid', (col) => col.references('vcards.id').onDelete('cascade'))
    .addColumn('order_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('links_user_id_order_idx')
    .on('links')
    .columns(['user_id', 'order_index'])
    .execute();
  await db.schema.createIndex('links_vcard_id_idx').on('links').column('vcard_id').execute();

  await db.schema
    .createTable('profile_views')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vcard_id', 'uuid', (col) => col.references('vcards.id').onDelete('set null'))
    .addColumn('viewed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('profile_views_user_time_idx')
    .on('profile_views')
    .columns(['user_id', 'viewed_at'])
    .execute();

  // one row per counted scan or click (spec "analytics"); no IP address is kept
  await db.schema
    .createTable('link_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('link_id', 'uuid', (col) => col.notNull().references('links.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('scan', 'click')`))
    .addColumn('device', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('referrer_host', 'text')
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('link_events_user_time_idx')
    .on('link_events')
    .columns(['user_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('link_events_link_time_idx')
    .on('link_events')
    .columns(['link_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('support_messages_user_id_idx')
    .on('support_messages')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'support_messages',
    'link_events',
    'profile_views',
    'links',
    'vcards',
    'profiles',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
