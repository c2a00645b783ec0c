import { useLingui } from '@lingui/react/macro';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast, type ToastInput } from '../../lib/toast.ts';

interface ConfirmedAction {
  /** The server call itself; it throws when the server refuses or cannot be reached. */
  run: () => Promise<unknown>;
  /** The failure toast's title (its description says why), or how to choose it from the error. */
  failureTitle: string | ((error: unknown) => string);
  /** The toast once it is done. */
  success: Omit<ToastInput, 'variant'>;
  /** Brings what the action changed up to date, after the success toast. */
  refresh: () => Promise<unknown>;
}

/**
 * The `onConfirm` of a ConfirmDialog that calls the server (spec section 8): on failure a toast and the
 * dialog stays open to try again; on success a toast, a refresh of what changed, and the dialog closes.
 */
export function useConfirmedAction({
  run,
  failureTitle,
  success,
  refresh,
}: ConfirmedAction): () => Promise<boolean> {
  const { i18n } = useLingui();
  return async () => {
    try {
      await run();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: typeof failureTitle === 'function' ? failureTitle(error) : failureTitle,
        description: i18n._(trpcErrorMessage(error)),
      });
      return false;
    }
    toast(success);
    await refresh();
    return true;
  };
}
