import { sql, type Kysely } from 'kysely';

// CRM connectors (docs/decisions/026-crm-connectors.md): an account's connection to a CRM, made with the
// CRM's own OAuth, with its tokens sealed under a key derived from AUTH_SECRET (server/crm/sealing.ts); the
// connects under way (their state and PKCE verifier, for ten minutes); and one sync per lead and connection,
// queued with its job (pg-boss queue `crm`) in the transaction that stores the lead, so a lead is sent once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_connections')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // the account whose leads it receives: a person's, or a team's
    .addColumn('account_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    // who connected it (a team's admin may leave the team: the connection stays the team's)
    .addColumn('connected_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    // the CRM's account (HubSpot's hub id and domain), as the CRM named it
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('external_name', 'text', (col) => col.notNull())
    .addColumn('access_token', 'text', (col) => col.notNull())
    .addColumn('refresh_token', 'text', (col) => col.notNull())
    .addColumn('access_expires_at', 'timestamptz', (col) => col.notNull())
    // connected, or reconnect (the CRM refused its token: revoked, expired)
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('connected'))
    .addColumn('status_detail', 'text')
    .addColumn('mapping', 'jsonb', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('crm_connections_account_provider', ['account_id', 'provider'])
    .execute();

  await db.schema
    .createTable('crm_connects')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('crm_syncs')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (col) =>
      col.notNull().references('crm_connections.id').onDelete('cascade'),
    )
    // erasing the lead deletes its sync: one not sent yet is then not sent
    .addColumn('lead_id', 'uuid', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // why the last try failed: refused (by the CRM, for good), rate_limited, unavailable, reconnect; and
    // the CRM's own words when it gave any
    .addColumn('error_kind', 'text')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    // what is done at the CRM already, so a try after a failure repeats nothing: the record, then the note
    .addColumn('record_id', 'text')
    .addColumn('record_created', 'boolean')
    .addColumn('note_id', 'text')
    // a try in hand until then: another process leaves it
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('crm_syncs_connection_lead', ['connection_id', 'lead_id'])
    .execute();
  await db.schema.createIndex('crm_syncs_lead_id').on('crm_syncs').column('lead_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crm_syncs').execute();
  await db.schema.dropTable('crm_connects').execute();
  await db.schema.dropTable('crm_connections').execute();
}
