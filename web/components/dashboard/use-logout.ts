import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { authClient } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';

async function signOutSucceeded(): Promise<boolean> {
  try {
    const { error } = await authClient.signOut();
    return !error;
  } catch {
    return false; // network failure
  }
}

/**
 * Goes to the landing page and signs out (spec section 2); a failure leaves the user signed in and says so.
 * Leaving the dashboard first matters: signing out while on it makes the session guard send the person
 * to /auth, and that navigation would win over the one to /.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useLingui();
  return async () => {
    await navigate(paths.home);
    if (!(await signOutSucceeded())) {
      toast({ variant: 'destructive', title: t`Sign out failed`, description: t`Please try again.` });
    }
  };
}
