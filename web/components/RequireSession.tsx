import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths, signInPath } from '#src/routes.ts';
import { useSessionStatus } from '../lib/use-session-status.ts';
import { dashboardLeft, isLoggingOut } from './dashboard/use-logout.ts';
import { SessionRecoveryDialog } from './session/SessionRecoveryDialog.tsx';
import { useSessionHold } from './session/use-session-hold.ts';

/**
 * spec section 2: dashboard pages show Loading... while the session is checked, and send visitors without
 * one to /auth, which brings them back to the page they asked for once signed in. A session that ends
 * while a page is open is asked for again in a dialog over it (SessionRecoveryDialog).
 */
export function RequireSession() {
  // 'checking' only until the first answer: a refetch without a session must not swap the page for Loading
  const { status } = useSessionStatus();
  const { pathname, search, hash } = useLocation();
  const hold = useSessionHold(status === 'signed-out');
  useEffect(() => dashboardLeft, []);
  if (status === 'checking') {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  // Anything without a user (also a non-JSON answer, as from a dev server without the API) is no session.
  // A logout in progress goes to / by itself; a page with unsaved changes stays, under the sign-in dialog.
  if (status === 'signed-out' && !hold) {
    return isLoggingOut() ? null : <Navigate to={signInPath(paths.auth, pathname + search + hash)} replace />;
  }
  return (
    <>
      <Outlet />
      <SessionRecoveryDialog />
    </>
  );
}
