import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * SQL, selected beside a vCard's columns: the saved design of the QR code the vCard manages (null: plain),
 * so the public page and the dashboard's previews draw that code the same way.
 */
export function managedQrDesign(eb: ExpressionBuilder<Database, 'vcards'>) {
  return eb
    .selectFrom('links')
    .select('links.qr_design')
    .whereRef('links.vcard_id', '=', 'vcards.id')
    .limit(1)
    .as('qr_design');
}
