import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChangeBus } from '../lib/changes.ts';

// Live updates of a team (docs/decisions/021-teams.md): a change to its members, invitations, name or log is
// told to every member's open dashboards, in this process and the others, and to whoever it concerned who is
// no longer a member (someone removed or who left).

/** The user ids of a team's members now. */
export async function teamMemberIds(db: Kysely<Database>, teamId: string): Promise<string[]> {
  const rows = await db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute();
  return rows.map((row) => row.user_id);
}

export function announceTeamChange(changes: ChangeBus, userIds: Iterable<string>): void {
  for (const userId of new Set(userIds)) changes.publish({ userId, topic: 'team' });
}
