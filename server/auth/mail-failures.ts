import { AsyncLocalStorage } from 'node:async_hooks';
import type { MailMessage, Mailer } from '../mail/types.ts';

// better-auth sends the sign-up confirmation after creating the user and only logs a failure, so the
// person would be told "check your email" for a message that never left. Sends made while handling an
// auth request are watched here, so routes.ts can answer that request with a clear "could not send".

const currentRequest = new AsyncLocalStorage<{ mailFailed: boolean }>();

/** Runs one auth request and says whether an e-mail it tried to send failed. */
export async function watchMailFailures<T>(
  handle: () => Promise<T>,
): Promise<{ result: T; mailFailed: boolean }> {
  const state = { mailFailed: false };
  const result = await currentRequest.run(state, handle);
  return { result, mailFailed: state.mailFailed };
}

/** Sends through the mailer, noting a failure for the auth request being handled. */
export async function sendWatched(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    const state = currentRequest.getStore();
    if (state) state.mailFailed = true;
    throw error;
  }
}

/**
 * Sends without making the request wait, for answers that must be the same (in time too) whether or not
 * an account was found. A failure is logged by the mailer and changes nothing in the answer.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage): void {
  mailer.send(message).catch(() => undefined);
}
