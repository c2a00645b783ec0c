import { useLingui } from '@lingui/react/macro';
import { supportSendErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

/** The toast of both contact forms for a message the server refused or could not send. */
export function useMessageNotSent(): (error: unknown) => void {
  const { t, i18n } = useLingui();
  return (error) =>
    toast({
      variant: 'destructive',
      title: t`Message not sent`,
      description: i18n._(supportSendErrorMessage(error)),
    });
}
