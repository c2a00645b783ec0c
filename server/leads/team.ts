import type { AppDeps } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { leadScopeOf, type LeadScope } from './service.ts';

// A team's leads (docs/decisions/021-teams.md): a lead left on a team card belongs to the team's account
// (server/leads/capture.ts), and the team's owner and admins handle them as a person handles their own,
// through the same service functions with the team's account as the scope. Who may is decided before:
// the procedure's teamRole, or requireTeamRole in the download routes.

/**
 * The leads of team `teamId`; null while the team has no account (its first card makes it), when it has
 * no leads either. A read: the account is looked up, never made here.
 */
export async function teamLeadScope(
  deps: Pick<AppDeps, 'db' | 'changes' | 'webhooks'>,
  teamId: string,
): Promise<LeadScope | null> {
  const team = await deps.db
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  return team?.account_id ? leadScopeOf(deps, team.account_id) : null;
}

/** The same for a call on something that must exist (one lead, the settings): not_found without an account. */
export async function existingTeamLeadScope(
  deps: Pick<AppDeps, 'db' | 'changes' | 'webhooks'>,
  teamId: string,
): Promise<LeadScope> {
  const scope = await teamLeadScope(deps, teamId);
  if (!scope) throw new AppError('not_found');
  return scope;
}
