import { sql, type Kysely } from 'kysely';

// Resending an invitation is limited per address and day (INVITATION_MAILS_PER_ADDRESS_PER_DAY, counted in
// mail_outbox by server/teams/auth-plugin.ts): the count reads this index, not every mail kept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index mail_outbox_invitations_by_recipient on mail_outbox (lower(recipient), created_at)
    where kind = 'team_invitation'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_outbox_invitations_by_recipient`.execute(db);
}
