import { sql, type Kysely } from 'kysely';

// A team's template (src/team-template.ts; docs/decisions/021-teams.md): the brand its cards share, stored
// once per team and read when a team card is shown, so no card keeps a copy that could drift. `fields` holds
// the template's fields, `locked` the names of the locked ones. A team without a row has the default
// template, read as version 1; its first save writes the row at version 2. Its edit version rises as the
// other forms' rows do (migration 2026-11-29T0300's bump_edit_version), whenever a write changes them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_templates')
    .addColumn('team_id', 'text', (col) => col.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('locked', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create trigger team_templates_bump_edit_version before update of fields, locked on team_templates
    for each row when ((old.fields, old.locked) is distinct from (new.fields, new.locked))
    execute function bump_edit_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_templates').execute();
}
