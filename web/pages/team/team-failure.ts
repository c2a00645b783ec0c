import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AuthCallError } from '../../lib/auth-error.ts';
import { authErrorMessage, trpcErrorMessage, trpcFailure } from '../../lib/error-messages.ts';

/** team_role_required names the lowest role that may: the generic text says "owner or admins". */
const OWNER_ONLY = msg`Only the team's owner can do this.`;

/**
 * The text of a refused team action, whoever refused it: the organization plugin's own endpoints
 * (an AuthCallError with its code, or one of ours upper-cased) or a tRPC procedure (a reason).
 */
export function teamFailureMessage(error: unknown): MessageDescriptor {
  if (error instanceof AuthCallError) return authErrorMessage(error.error);
  const failure = trpcFailure(error);
  if (failure?.reason === 'team_role_required' && failure.meta?.role === 'owner') return OWNER_ONLY;
  return trpcErrorMessage(error);
}
