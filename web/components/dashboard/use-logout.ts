import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { authClient } from '../../lib/auth-client.ts';
import { clearAccountDrafts } from '../../lib/drafts.ts';
import { askBeforeLeaving, leaveWithoutAsking } from '../../lib/leave-guard.ts';
import { toast } from '../../lib/toast.ts';

/**
 * True from the start of a logout until the dashboard is gone. The session guard then lets the dashboard
 * go quietly instead of sending the person to /auth: its redirect would race the logout's own navigation
 * (the session ends first, and the router commits the new page in a transition, after the old one has
 * re-rendered without a session).
 */
let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

/** The guard's dashboard has unmounted: a later visit without a session is sent to /auth again. */
export function dashboardLeft(): void {
  loggingOut = false;
}

/**
 * Runs a sign-out and the navigation after it with the session guard quiet (see `loggingOut`). `run`
 * answers whether it left the dashboard; when it did not (a failed sign-out) the guard speaks again.
 */
export async function whileLoggingOut(run: () => Promise<boolean>): Promise<void> {
  loggingOut = true;
  let left = false;
  try {
    left = await run();
  } finally {
    if (!left) loggingOut = false;
  }
}

async function signOutSucceeded(): Promise<boolean> {
  try {
    const { error } = await authClient.signOut();
    return !error;
  } catch {
    return false; // network failure
  }
}

/**
 * Signs out and goes to the landing page (spec section 2); a failure leaves the user signed in and says so.
 * With unsaved changes on the page it asks first (the leave guard's dialog), and it deletes the drafts the
 * account kept in this browser: whoever uses it next must not find them.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useLingui();
  const accountId = authClient.useSession().data?.user.id;
  return async () => {
    if (!(await askBeforeLeaving())) return;
    await whileLoggingOut(async () => {
      if (await signOutSucceeded()) {
        if (accountId) clearAccountDrafts(localStorage, accountId);
        await leaveWithoutAsking(() => navigate(paths.home));
        return true;
      }
      toast({ variant: 'destructive', title: t`Sign out failed`, description: t`Please try again.` });
      return false;
    });
  };
}
