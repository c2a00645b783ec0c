import { sql, type Kysely } from 'kysely';

// A team's CSV import looks each row's person up under the team's lock (server/teams/import.ts): the team's
// pending invitation to the address and the card that waits for it. Without these indexes each lookup read
// every invitation and every card of the team, so a row cost more the larger the team had grown.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index team_invitations_pending_by_email on team_invitations (team_id, lower(email))
    where status = 'pending'`.execute(db);
  await sql`
    create index vcards_invitee_email_idx on vcards (user_id, invitee_email)
    where invitee_email is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index vcards_invitee_email_idx`.execute(db);
  await sql`drop index team_invitations_pending_by_email`.execute(db);
}
