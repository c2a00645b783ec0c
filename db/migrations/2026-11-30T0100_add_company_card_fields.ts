import { sql, type Kysely } from 'kysely';

// What companies put on their people's cards: a department, a work phone beside the phone (the .vcf's
// mobile number) and a postal address (street, city, region, postal code, country as one JSON object;
// null: none). Existing cards have none. The edit-version trigger (migration 2026-11-29T0300) counts a
// change of them as a new version, as it does every field the vCard form edits.

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
] as const;
const EDITED_NOW = [...EDITED_BEFORE, 'department', 'work_phone', 'address'] as const;

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
  await db.schema
    .alterTable('vcards')
    .addColumn('department', 'text')
    .addColumn('work_phone', 'text')
    .addColumn('address', 'jsonb')
    .execute();
  await versionTrigger(db, EDITED_NOW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await versionTrigger(db, EDITED_BEFORE);
  await db.schema
    .alterTable('vcards')
    .dropColumn('department')
    .dropColumn('work_phone')
    .dropColumn('address')
    .execute();
}
