import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths, signInPath } from '#src/routes.ts';
import { authClient } from '../lib/auth-client.ts';
import { dashboardLeft, isLoggingOut } from './dashboard/use-logout.ts';

/**
 * spec section 2: dashboard pages show Loading... while the session is checked, and send visitors without
 * one to /auth, which brings them back to the page they asked for once signed in.
 */
export function RequireSession() {
  const { data: session, isPending } = authClient.useSession();
  const { pathname, search, hash } = useLocation();
  useEffect(() => dashboardLeft, []);
  if (isPending) {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  // Anything without a user (also a non-JSON answer, as from a dev server without the API) is no session.
  // A logout in progress goes to / by itself.
  if (!session?.user) {
    return isLoggingOut() ? null : <Navigate to={signInPath(paths.auth, pathname + search + hash)} replace />;
  }
  return <Outlet />;
}
