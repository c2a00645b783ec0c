import { paths } from '#src/routes.ts';
import { withoutTrailingSlash } from '../../lib/nav.ts';

/**
 * The dashboard pages an account whose trial has expired still reaches without choosing a plan: its
 * settings (password, two-factor, sessions, language, deleting the account), support, and the team's
 * pages, which follow the team's plan and never the person's own (docs/decisions/021-teams.md: a seat on a
 * team does not expire with its person's trial; an invitation opens on the team page too). The 'Trial
 * Expired' modal covers every other one.
 */
const OPEN_AFTER_TRIAL: ReadonlySet<string> = new Set([
  paths.account,
  paths.support,
  paths.team,
  paths.teamCard,
  paths.teamAnalytics,
  paths.teamLeads,
]);

export function isOpenAfterTrial(pathname: string): boolean {
  return OPEN_AFTER_TRIAL.has(withoutTrailingSlash(pathname));
}
