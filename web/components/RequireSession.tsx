import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { authClient } from '../lib/auth-client.ts';
import { dashboardLeft, isLoggingOut } from './dashboard/use-logout.ts';

/** spec section 2: dashboard pages show Loading... while the session is checked, and send visitors without one to /auth. */
export function RequireSession() {
  const { data: session, isPending } = authClient.useSession();
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
  if (!session?.user) return isLoggingOut() ? null : <Navigate to={paths.auth} replace />;
  return <Outlet />;
}
