import { paths } from '#src/routes.ts';
import { withoutTrailingSlash } from '../../lib/nav.ts';

/**
 * The dashboard pages an account whose trial has expired still reaches without choosing a plan: its
 * settings (password, two-factor, sessions, language, deleting the account) and support. The 'Trial
 * Expired' modal covers every other one.
 */
const OPEN_AFTER_TRIAL: ReadonlySet<string> = new Set([paths.account, paths.support]);

export function isOpenAfterTrial(pathname: string): boolean {
  return OPEN_AFTER_TRIAL.has(withoutTrailingSlash(pathname));
}
