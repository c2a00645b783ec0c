import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { authCall } from '../../lib/auth-client.ts';
import { AuthCallError, type AuthError } from '../../lib/auth-error.ts';
import { toast, type ToastInput } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { teamFailureMessage } from './team-failure.ts';

/** A call of the organization plugin's client whose refusal is thrown (AuthCallError), for a team action. */
export async function organizationCall(request: Promise<{ error: AuthError | null }>): Promise<void> {
  const { error } = await authCall(request);
  if (error) throw new AuthCallError(error);
}

interface TeamAction {
  /** The call itself: an organizationCall or a tRPC mutation; it throws when refused. */
  run: () => Promise<unknown>;
  /** The failure toast's title; its description says why, and who may. */
  failureTitle: string;
  success: Omit<ToastInput, 'variant'>;
}

/**
 * Runs a team action and says how it went in a toast. Either way the team's view, log and cards are read again: a
 * refusal often means it was out of date (a member removed, an invitation answered in the meantime).
 * Resolves whether it succeeded (a ConfirmDialog's onConfirm stays open on false).
 */
export function useTeamAction(): (action: TeamAction) => Promise<boolean> {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  return useCallback(
    async ({ run, failureTitle, success }) => {
      let succeeded = true;
      try {
        await run();
        toast(success);
      } catch (error) {
        succeeded = false;
        toast({
          variant: 'destructive',
          title: failureTitle,
          description: i18n._(teamFailureMessage(error)),
        });
      }
      await Promise.all([
        utils.teams.mine.invalidate(),
        utils.teams.events.invalidate(),
        utils.teams.cards.invalidate(),
      ]);
      return succeeded;
    },
    [i18n, utils],
  );
}
