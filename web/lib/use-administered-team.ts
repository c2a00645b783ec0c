import { hasTeamRole } from '#src/teams.ts';
import { trpc } from './trpc.ts';

/**
 * The person's team when they are its owner or an admin, who handle its API keys, webhook endpoints and
 * domains; null otherwise (and while loading).
 */
export function useAdministeredTeam() {
  const team = trpc.teams.mine.useQuery();
  return team.data && hasTeamRole(team.data.me.role, 'admin') ? team.data : null;
}
