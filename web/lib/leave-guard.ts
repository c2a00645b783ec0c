// Every form with unsaved changes asks before the page is left
// (docs/decisions/020-edits-carry-their-version.md). The forms say here whether they have unsaved changes
// (use-leave-guard.ts); one guard per page (web/components/LeaveGuard.tsx) reads it when a navigation starts
// and asks the person.

interface UnsavedForm {
  unsaved: boolean;
  /** What 'Leave without saving' throws away besides the form itself (its kept draft). */
  discard: (() => void) | undefined;
}

const forms = new Map<symbol, UnsavedForm>();
/** Navigations under way that must not ask (a save that leaves the page when it is done, a sign-out). */
let passes = 0;
/** A question asked by code (the Logout button) rather than by a navigation, while it waits for the answer. */
let asked: ((leave: boolean) => void) | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A form's state: called on every change of its unsaved state, and with false when it goes away. */
export function reportUnsaved(form: symbol, unsaved: boolean, discard?: () => void): void {
  if (unsaved) forms.set(form, { unsaved, discard });
  else forms.delete(form);
}

export function hasUnsavedChanges(): boolean {
  return forms.size > 0;
}

/** Whether a navigation starting now should ask first. */
export function shouldAskBeforeLeaving(): boolean {
  return passes === 0 && hasUnsavedChanges();
}

/**
 * The person chose 'Leave without saving': each form's kept draft is thrown away, and no form counts
 * as unsaved any more (they are about to go).
 */
export function discardUnsavedChanges(): void {
  for (const form of forms.values()) form.discard?.();
  forms.clear();
}

/**
 * Runs a navigation that must not ask (the form was just saved, or the person already answered): the
 * router decides whether to block as the navigation starts, synchronously, inside `go`.
 */
export function leaveWithoutAsking<T>(go: () => T): T {
  passes += 1;
  try {
    return go();
  } finally {
    passes -= 1;
  }
}

/** A load of another page, from code, that must not ask (the tab's own 'Leave site?'): set before it starts. */
let unloadApproved = false;

/** Loads `url` in this tab without asking: what the page held is no longer wanted (or no longer its own). */
export function loadPageWithoutAsking(url: string): void {
  unloadApproved = true;
  window.location.assign(url);
}

/** Whether closing or reloading the tab now should ask first (`busy`: a save is still on its way). */
export function shouldAskBeforeUnload(busy: boolean): boolean {
  return !unloadApproved && (busy || hasUnsavedChanges());
}

/**
 * Asks the person whether to leave the page's unsaved changes, for a way out that is no navigation (the
 * Logout button). Resolves true at once when nothing is unsaved.
 */
export function askBeforeLeaving(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  asked?.(false);
  return new Promise((resolve) => {
    asked = resolve;
    notify();
  });
}

/** The answer to askBeforeLeaving's question. */
export function answerLeaving(leave: boolean): void {
  const answer = asked;
  asked = null;
  if (leave) discardUnsavedChanges();
  notify();
  answer?.(leave);
}

/** Whether askBeforeLeaving waits for an answer (the guard shows its dialog). */
export function isAskingBeforeLeaving(): boolean {
  return asked !== null;
}

export function subscribeLeaving(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
