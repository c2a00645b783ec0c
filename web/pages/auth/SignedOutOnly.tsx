import { useEffect, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSessionStatus } from '../../lib/use-session-status.ts';

/**
 * Renders a sign-in screen only to visitors without a session; with one (already there, or just made)
 * it shows Loading... and calls `leave` (spec section 2: signed-in visitors go to /dashboard).
 */
export function SignedOutOnly({ leave, children }: { leave: () => void; children: ReactNode }) {
  const { status } = useSessionStatus();
  useEffect(() => {
    if (status === 'signed-in') leave();
  }, [status, leave]);
  if (status !== 'signed-out') {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  return children;
}
