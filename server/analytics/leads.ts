import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Leads as the analytics count them (migration 2026-12-04T0200): one row of lead_events per lead received,
// with its account, card and time and nothing about the visitor. The database adds it to the account's
// activity_quarter_hours in the same statement; erasing leads, or the Free plan keeping only its newest,
// deletes rows of leads, never of lead_events, so the counts stay those of the leads received.

/**
 * Counts a lead just stored for `userId` (the card's account) on `vcardId`, at `at`: called by recordLead
 * inside the transaction that stores the lead, so that a lead is counted exactly when it is kept.
 */
export async function countLead(
  trx: Kysely<Database>,
  lead: { userId: string; vcardId: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('lead_events')
    .values({ user_id: lead.userId, vcard_id: lead.vcardId, received_at: lead.at })
    .execute();
}
