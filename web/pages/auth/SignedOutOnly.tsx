import { Suspense, useEffect, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSessionStatus } from '../../lib/use-session-status.ts';

/**
 * Renders a sign-in screen only to visitors without a session; with one (already there, or just made)
 * it shows Loading... and calls `leave` (spec section 2: signed-in visitors go to /dashboard). The same
 * Loading... stands while the screen's form code arrives (the screens load their forms lazily, so their
 * heading shows before the form libraries have loaded).
 */
export function SignedOutOnly({ leave, children }: { leave: () => void; children: ReactNode }) {
  const { status } = useSessionStatus();
  useEffect(() => {
    if (status === 'signed-in') leave();
  }, [status, leave]);
  const loading = (
    <p role="status" className="py-10 text-center text-slate-700">
      <Trans>Loading...</Trans>
    </p>
  );
  if (status !== 'signed-out') return loading;
  return <Suspense fallback={loading}>{children}</Suspense>;
}
