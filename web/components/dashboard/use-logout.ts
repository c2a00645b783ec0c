import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { authClient } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';

/**
 * True while a logout is under way. The session guard then lets the dashboard go quietly instead of
 * sending the person to /auth: its redirect would race the logout's own navigation to / (the session
 * ends before the router has left the dashboard) and could win.
 */
let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

/** Runs a sign-out and the navigation after it with the session guard quiet (see `loggingOut`). */
export async function whileLoggingOut(run: () => Promise<void>): Promise<void> {
  loggingOut = true;
  try {
    await run();
  } finally {
    loggingOut = false;
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

/** Signs out and goes to the landing page (spec section 2); a failure leaves the user signed in and says so. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useLingui();
  return () =>
    whileLoggingOut(async () => {
      if (await signOutSucceeded()) {
        await navigate(paths.home);
      } else {
        toast({ variant: 'destructive', title: t`Sign out failed`, description: t`Please try again.` });
      }
    });
}
