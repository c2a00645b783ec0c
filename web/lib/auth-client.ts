import { i18n } from '@lingui/core';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/react';
import { organizationClient, twoFactorClient } from 'better-auth/client/plugins';
// AuthError and AuthCallError are in auth-error.ts, without the client: pure helpers (and their unit tests)
// read them
import type { AuthError } from './auth-error.ts';

// The server mounts better-auth at /api/auth on the same origin, which is the client's default base path.
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  // Without options the plugin only adds its calls: a sign-in that needs a code answers
  // `twoFactorRedirect: true`, and the sign-in form asks for the code itself.
  // passkeyClient: adding a passkey and signing in with one (listing, renaming and removing are tRPC's)
  // organizationClient: a team's own calls (create, invite, accept, roles, leave…); its view is tRPC's
  plugins: [twoFactorClient(), passkeyClient(), organizationClient()],
  fetchOptions: {
    // The server writes e-mails, and a new profile's language, in the interface language of the request.
    onRequest(context) {
      if (i18n.locale) context.headers.set('Accept-Language', i18n.locale);
    },
  },
});

/** The error of a call that got no answer: better-auth's client throws then instead of returning one. */
const NO_ANSWER: AuthError = { status: 0 };

/** Awaits a better-auth call and turns a network failure into an ordinary `{ error }` result. */
export async function authCall<Result extends { error: AuthError | null }>(
  request: Promise<Result>,
): Promise<Result | { data: null; error: AuthError }> {
  try {
    return await request;
  } catch {
    return { data: null, error: NO_ANSWER };
  }
}
