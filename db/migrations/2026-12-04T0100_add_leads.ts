import { sql, type Kysely } from 'kysely';

// Contact exchange: a visitor leaves their details on a card's page ("Share your contact back") and the
// card's account keeps them as a lead, with the receipt of what the visitor agreed to: the exact consent
// text shown, its language, the time, the card and the fields given. The visitor's address is never kept;
// the salted hash of the day (server/analytics/unique-visitors.ts) serves the per-address rate limit and
// means nothing once the day's salt is gone. A card's form settings (src/schemas/lead.ts LeadFormSettings,
// null: never set, the form off) are edited in the vCard form, so the edit-version trigger counts them.
// The account chooses how it is told of new leads and how long they are kept.

const EDITED_BEFORE = [
  'name',
  'given_name',
  'family_name',
  'company',
  'position',
  'phone',
  'email',
  'website',
  'photo',
  'social_links',
  'background_color',
  'font_color',
  'icon_color',
  'design',
  'department',
  'work_phone',
  'address',
] as const;
const EDITED_NOW = [...EDITED_BEFORE, 'lead_form'] as const;

async function versionTrigger(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
  await sql`drop trigger vcards_bump_edit_version on vcards`.execute(db);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const before = sql.join(columns.map((column) => sql.ref(`old.${column}`)));
  const after = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
  await sql`
    create trigger vcards_bump_edit_version before update of ${list} on vcards
    for each row when ((${before}) is distinct from (${after}))
    execute function bump_edit_version()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vcards').addColumn('lead_form', 'jsonb').execute();
  await versionTrigger(db, EDITED_NOW);
  await db.schema
    .alterTable('profiles')
    // 'each': an e-mail per lead; 'digest': one a day with the day's leads
    .addColumn('lead_notification', 'text', (col) => col.notNull().defaultTo('each'))
    // leads older than this many days are deleted by the nightly clean-up; null: kept
    .addColumn('lead_retention_days', 'integer')
    .execute();
  await sql`
    alter table profiles add constraint profiles_lead_notification
    check (lead_notification in ('each', 'digest'))`.execute(db);
  await db.schema
    .createTable('leads')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // the card whose page it was left on; null once that card is deleted (card_name keeps what it was)
    .addColumn('vcard_id', 'uuid', (col) => col.references('vcards.id').onDelete('set null'))
    .addColumn('card_name', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('note', 'text')
    // the receipt: the consent text exactly as shown, the page's language and the fields given
    .addColumn('consent_text', 'text', (col) => col.notNull())
    .addColumn('consent_language', 'text', (col) => col.notNull())
    .addColumn('fields_given', 'jsonb', (col) => col.notNull())
    // the day's salted hash of the visitor's address (rate limit), never the address
    .addColumn('client_address_hash', 'text', (col) => col.notNull())
    // when the owner was told (its own e-mail or a digest); null: not yet
    .addColumn('notified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('leads_user_id_created_at_idx')
    .on('leads')
    .columns(['user_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('leads_vcard_id_created_at_idx')
    .on('leads')
    .columns(['vcard_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('leads_client_address_hash_created_at_idx')
    .on('leads')
    .columns(['client_address_hash', 'created_at'])
    .execute();
  await sql`create index leads_not_notified_idx on leads (user_id) where notified_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leads').execute();
  await db.schema.alterTable('profiles').dropConstraint('profiles_lead_notification').execute();
  await db.schema
    .alterTable('profiles')
    .dropColumn('lead_notification')
    .dropColumn('lead_retention_days')
    .execute();
  await versionTrigger(db, EDITED_BEFORE);
  await db.schema.alterTable('vcards').dropColumn('lead_form').execute();
}
