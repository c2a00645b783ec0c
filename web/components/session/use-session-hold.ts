import { useEffect } from 'react';
import { hasUnsavedChanges } from '../../lib/leave-guard.ts';
import { recoverableAccount, recoverSession, useRecoveryState } from '../../lib/session-recovery.ts';

/**
 * Whether a page whose session just ended stays on screen: yes while it holds unsaved changes (or the
 * sign-in dialog is open), so a session that ended elsewhere (signed out on another device, found when
 * the tab comes back to the front) does not swap the form for the sign-in screen. The dialog opens
 * once for that; closed, the page stays until the person leaves it (the leave guard asks first), and its
 * next save opens the dialog again.
 */
export function useSessionHold(signedOut: boolean): boolean {
  const { open } = useRecoveryState();
  const hold = signedOut && recoverableAccount() !== null && (open || hasUnsavedChanges());
  useEffect(() => {
    if (hold) void recoverSession();
  }, [hold]);
  return hold;
}
