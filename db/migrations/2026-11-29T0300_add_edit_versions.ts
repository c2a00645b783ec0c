import { sql, type Kysely } from 'kysely';

// docs/decisions/020-edits-carry-their-version.md: every edit carries the version it was based on, and a save
// based on an older version is refused (edit_conflict). Each row a dashboard form edits has a version: vCards
// (the vCard form and the design page), profiles (the profile page and the account's name) and links
// (a profile link, a QR code's title and destination, its QR studio design). A trigger adds one whenever a
// write changes what such a form shows, whichever path writes it (a rename of the account, the demo's
// photos, the title a vCard gives its own QR code, a new printed code the studio's scan check depends
// on), and leaves it alone for what no form edits (counts, keep-live choices, plan facts, the order of
// links): so the click counter's hot update fires no trigger at all. A write that stores the same values
// changes no version. Existing rows start at 1, as a new row does.

/** The columns of each table whose change is a new version, as the forms edit them. */
const EDITED_COLUMNS = {
  vcards: [
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
  ],
  profiles: ['name', 'first_name', 'last_name', 'username', 'profile_pic'],
  links: ['title', 'url', 'icon', 'qr_design', 'chosen_code'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bump_edit_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  for (const [table, columns] of Object.entries(EDITED_COLUMNS)) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    const list = sql.join(columns.map((column) => sql.ref(column)));
    const before = sql.join(columns.map((column) => sql.ref(`old.${column}`)));
    const after = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
    await sql`
      create trigger ${sql.ref(`${table}_bump_edit_version`)} before update of ${list} on ${sql.table(table)}
      for each row when ((${before}) is distinct from (${after}))
      execute function bump_edit_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(EDITED_COLUMNS)) {
    await sql`drop trigger ${sql.ref(`${table}_bump_edit_version`)} on ${sql.table(table)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
  await sql`drop function bump_edit_version()`.execute(db);
}
