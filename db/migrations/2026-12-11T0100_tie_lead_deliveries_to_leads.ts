import { sql, type Kysely } from 'kysely';

// A lead.created delivery carries its lead whole (name, address, phone, note, consent receipt), and the
// delivery log keeps it for WEBHOOK_DELIVERY_KEPT_DAYS. It names its lead, and deleting the lead deletes it,
// sent or not, whatever deletes the lead (its erasure, erasing all, the deletion by age, the Free plan's
// limit, clearing test data): as a lead's notification in mail_outbox (migration 2026-12-09T0300). Its job
// holds only the delivery's id, and finds nothing left to send.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('lead_id', 'uuid', (col) => col.references('leads.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_lead_id')
    .on('webhook_deliveries')
    .column('lead_id')
    .where(sql.ref('lead_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('lead_id').execute();
}
