import { sql, type Kysely } from 'kysely';

// A QR code made for one of its account's verified custom domains
// (docs/decisions/017-hosts-classified-exactly.md) encodes and is copied with that domain:
// `https://{domain}/l/{code}`. The name is kept as it was chosen, as it is printed: the code still leads to
// the link on the main address, and on the domain while the server answers it (a removed or lapsed domain
// redirects there). Choosing another one is an edit, so the edit version trigger (migration 2026-11-29T0300)
// counts it.

const EDITED_BEFORE = ['title', 'url', 'icon', 'qr_design', 'chosen_code'] as const;
const EDITED_NOW = [...EDITED_BEFORE, 'domain'] as const;

async function versionTrigger(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
  await sql`drop trigger links_bump_edit_version on links`.execute(db);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const before = sql.join(columns.map((column) => sql.ref(`old.${column}`)));
  const after = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
  await sql`
    create trigger links_bump_edit_version before update of ${list} on links
    for each row when ((${before}) is distinct from (${after}))
    execute function bump_edit_version()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('links').addColumn('domain', 'text').execute();
  await versionTrigger(db, EDITED_NOW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await versionTrigger(db, EDITED_BEFORE);
  await db.schema.alterTable('links').dropColumn('domain').execute();
}
