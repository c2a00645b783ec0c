// The verify-email waiting screen has no session yet, so what it shows (the address and the name typed)
// is kept by this browser tab (sessionStorage): a reload shows the waiting screen again, not an empty
// sign-up form. The password is never stored.

const KEY = 'tapcard.awaitingConfirmation';

export interface AwaitingConfirmation {
  email: string;
  name: string;
  /** The ticket of the confirmation e-mail (server/mail/outbox.ts), to tell when it could not be sent. */
  mailTicket: string | null;
}

function isAwaitingConfirmation(value: unknown): value is AwaitingConfirmation {
  if (typeof value !== 'object' || value === null) return false;
  const { email, name, mailTicket } = value as Record<string, unknown>;
  return (
    typeof email === 'string' &&
    email !== '' &&
    typeof name === 'string' &&
    (typeof mailTicket === 'string' || mailTicket === null)
  );
}

export function readAwaitingConfirmation(): AwaitingConfirmation | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return isAwaitingConfirmation(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the waiting screen's address and name, or forgets them (null). */
export function storeAwaitingConfirmation(value: AwaitingConfirmation | null): void {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // without storage a reload shows the sign-up form again, as before
  }
}
