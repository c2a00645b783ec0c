import { useSyncExternalStore } from 'react';

// docs/decisions/020-edits-carry-their-version.md: a session that ends while a page is open (signed out on
// another device, expired) does not throw away what the person typed. A save refused with `unauthenticated`
// waits (web/lib/session-recovery-link.ts) while a sign-in dialog opens over the page
// (web/components/session/SessionRecoveryDialog.tsx); signed in again as the same account, the save is
// sent again. This module is what they share: the account the page belongs to and the dialog's state.

/** The account a page was opened for: only it may receive the page's saves. */
export interface PageAccount {
  id: string;
  email: string;
}

/** How the dialog ended: signed in again as the page's account, or closed without signing in. */
export type RecoveryOutcome = 'signed-in' | 'dismissed';

export interface RecoveryState {
  /** The sign-in dialog is open. */
  open: boolean;
  account: PageAccount | null;
}

let account: PageAccount | null = null;
/** Mounted dialogs: without one (a screen outside the dashboard and onboarding) nothing can ask. */
let hosts = 0;
let waiting: { promise: Promise<RecoveryOutcome>; resolve: (outcome: RecoveryOutcome) => void } | null = null;
let state: RecoveryState = { open: false, account: null };
const listeners = new Set<() => void>();

function publish(): void {
  state = { open: waiting !== null, account };
  for (const listener of listeners) listener();
}

/** The page is signed in as `signedIn` (the session as last read). */
export function rememberPageAccount(signedIn: PageAccount): void {
  if (account?.id === signedIn.id && account.email === signedIn.email) return;
  account = signedIn;
  publish();
}

/** The account a sign-in dialog would ask for, or null when no dialog can open here. */
export function recoverableAccount(): PageAccount | null {
  return hosts > 0 ? account : null;
}

/**
 * Opens the sign-in dialog (once for every caller that asks while it is open) and resolves with how it
 * ended. Without a dialog to open it resolves 'dismissed' at once.
 */
export function recoverSession(): Promise<RecoveryOutcome> {
  if (!recoverableAccount()) return Promise.resolve('dismissed');
  if (!waiting) {
    let resolve: (outcome: RecoveryOutcome) => void = () => undefined;
    const promise = new Promise<RecoveryOutcome>((settle) => {
      resolve = settle;
    });
    waiting = { promise, resolve };
    publish();
  }
  return waiting.promise;
}

/** The dialog ended: every save that waited for it is sent again ('signed-in') or fails as it did. */
export function endRecovery(outcome: RecoveryOutcome): void {
  const ended = waiting;
  waiting = null;
  publish();
  ended?.resolve(outcome);
}

/** A dialog is mounted and can ask; returns what unmounts it. */
export function hostRecovery(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
  };
}

/** Whether the dialog is open, and for which account. */
export function recoveryState(): RecoveryState {
  return state;
}

export function useRecoveryState(): RecoveryState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, recoveryState);
}
