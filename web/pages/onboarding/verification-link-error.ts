// After a confirmation link, the person lands on /onboarding with what went wrong in the address: in the
// hash (`#error=access_denied&error_description=…`, spec section 2) or in the query, as better-auth
// redirects (`?error=TOKEN_EXPIRED` or `?error=INVALID_TOKEN`; the server adds `LINK_ALREADY_USED`).

import { AUTH_ERROR_CODES } from '#src/errors.ts';

export type VerificationLinkError = 'expired' | 'used' | 'failed';

/** What a confirmation link's error in the address means (spec section 8, verification link), if any. */
export function verificationLinkError(hash: string, search: string): VerificationLinkError | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''));
  const fromQuery = new URLSearchParams(search);
  const error = fromHash.get('error') ?? fromQuery.get('error');
  if (!error) return null;
  const description = fromHash.get('error_description') ?? fromQuery.get('error_description') ?? '';
  if (error === 'TOKEN_EXPIRED') return 'expired';
  if (error === 'access_denied' && /expired/i.test(description)) return 'expired';
  if (error === 'INVALID_TOKEN' || error === AUTH_ERROR_CODES.linkAlreadyUsed || error === 'otp_expired')
    return 'used';
  return 'failed';
}
