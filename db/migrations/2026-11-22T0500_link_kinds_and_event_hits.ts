import { sql, type Kysely } from 'kysely';

// Two kinds of link share the links table: QR codes (My QR Codes, counted against the plan's QR
// limit, plus the one each vCard manages) and profile links (the links page, shown on the public profile in
// order). Both are short links at /l/{code}.
// A short link can be followed thousands of times a second; like profile_views, a link_events row now holds
// the scans or clicks of one link, kind, device and referrer in one second (`hits`), so counts are sums.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .defaultTo('profile')
        .check(sql`kind in ('qr', 'profile')`),
    )
    .execute();
  await sql`update links set kind = 'qr' where vcard_id is not null`.execute(db);
  await db.schema.dropIndex('links_user_id_order_idx').execute();
  await db.schema
    .createIndex('links_user_kind_order_idx')
    .on('links')
    .columns(['user_id', 'kind', 'order_index'])
    .execute();

  await db.schema
    .alterTable('link_events')
    .addColumn('hits', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`hits > 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('link_events').dropColumn('hits').execute();
  await db.schema.dropIndex('links_user_kind_order_idx').execute();
  await db.schema
    .createIndex('links_user_id_order_idx')
    .on('links')
    .columns(['user_id', 'order_index'])
    .execute();
  await db.schema.alterTable('links').dropColumn('kind').execute();
}
