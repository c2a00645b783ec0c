import type { PlanId } from '#src/plans.ts';
import { isUsernameCheckable, USERNAME_CHECK_DELAY_MS, usernameChangeProblem } from '#src/username.ts';
import { trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

/**
 * Where the availability check of a username stands (spec section 5):
 * - idle: nothing to ask the server (a rule is broken, it is too short, or it is the person's own name);
 * - checking: waiting for the typing to pause, or for the answer;
 * - available / taken: the answer;
 * - invalid: the server judged a rule broken (its message id in `problem`);
 * - unknown: the check itself failed; the spec says this blocks nothing.
 */
export type UsernameCheck =
  | { state: 'idle' | 'checking' | 'available' | 'taken' | 'unknown' }
  | { state: 'invalid'; problem: string | null };

/**
 * Asks profile.checkUsername about `username` USERNAME_CHECK_DELAY_MS after the last keystroke, once it
 * is long enough and keeps the rules of `plan`. `savedUsername` (the person's current one) is not checked.
 */
export function useUsernameCheck(
  username: string,
  plan: PlanId,
  savedUsername: string | null = null,
): UsernameCheck {
  const settled = useDebounced(username, USERNAME_CHECK_DELAY_MS);
  const wanted =
    username !== savedUsername &&
    isUsernameCheckable(username) &&
    usernameChangeProblem(username, plan, savedUsername) === null;
  const typing = settled !== username;
  const answer = trpc.profile.checkUsername.useQuery(
    { username: settled },
    // a failed check is 'unknown' at once rather than retried while the person waits
    { enabled: wanted && !typing, retry: false, staleTime: 10_000 },
  );

  if (!wanted) return { state: 'idle' };
  if (typing || answer.isFetching) return { state: 'checking' };
  if (answer.isError) return { state: 'unknown' };
  if (!answer.data) return { state: 'checking' };
  if (answer.data.status === 'invalid') return { state: 'invalid', problem: answer.data.problem };
  return { state: answer.data.status };
}

/** Spec section 5: the submit waits while the check runs and refuses a taken name. */
export function usernameCheckBlocksSubmit(check: UsernameCheck): boolean {
  return check.state === 'checking' || check.state === 'taken';
}
