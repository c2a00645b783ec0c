import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasTeamRole, type TeamRole } from '../../src/teams.ts';
import { AppError } from '../lib/errors.ts';

// Who may act on what in a team: the one place that reads a person's membership and compares roles.
// Procedures declare the role they need in `.meta({ teamRole })` (server/trpc/init.ts), plain routes and
// the organization plugin's hooks call these functions.

export interface TeamMembership {
  teamId: string;
  memberId: string;
  role: TeamRole;
}

/** The team a person belongs to (one at most), with their role; null outside any team. */
export async function membershipOf(db: Kysely<Database>, userId: string): Promise<TeamMembership | null> {
  const row = await db
    .selectFrom('team_members')
    .select(['team_id', 'id', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { teamId: row.team_id, memberId: row.id, role: row.role } : null;
}

/**
 * The person's membership when their role is `required` or above; otherwise team_role_required, naming
 * the lowest role that may (and null for someone in no team).
 */
export async function requireTeamRole(
  db: Kysely<Database>,
  userId: string,
  required: TeamRole,
): Promise<TeamMembership> {
  const membership = await membershipOf(db, userId);
  if (membership && hasTeamRole(membership.role, required)) return membership;
  throw new AppError('team_role_required', { role: required, inTeam: membership !== null });
}

/** The team a procedure acts for: set by its `teamRole` meta (a procedure without one has none). */
export function actingTeam(ctx: { team: TeamMembership | null }): TeamMembership {
  if (!ctx.team) throw new Error('a team procedure needs .meta({ teamRole })');
  return ctx.team;
}
