import { sql, type Kysely } from 'kysely';

// team.member_joined is queued after better-auth has committed the membership (its organization plugin writes
// outside our transactions), so it is marked on the accepted invitation in the transaction that queues it:
// `member_joined_queued_at` null on an accepted invitation whose person is a member means the event is still
// owed, and the webhook round queues it (queueOwedMemberJoined in server/teams/auth-plugin.ts) if the
// immediate try after the acceptance was lost (the process stopped, the database failed). Invitations
// accepted before this migration are not sent again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('team_invitations')
    .addColumn('member_joined_queued_at', 'timestamptz')
    .execute();
  await sql`update team_invitations set member_joined_queued_at = now() where status = 'accepted'`.execute(
    db,
  );
  // what the round looks for every few seconds: only the owed ones are in it
  await sql`
    create index team_invitations_member_joined_owed_idx on team_invitations (team_id, lower(email))
    where status = 'accepted' and member_joined_queued_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('team_invitations_member_joined_owed_idx').execute();
  await db.schema.alterTable('team_invitations').dropColumn('member_joined_queued_at').execute();
}
