import { Trans, useLingui } from '@lingui/react/macro';
import { Notice } from '../../components/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The account's e-mails that could not be sent after every retry (a change of address, a trial reminder,
 * a support confirmation): one notice per address, however many messages to it failed, until the person
 * closes it. The change of address is asked again in the card below.
 */
export function UndeliveredMailNotice() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { data } = trpc.account.undeliveredMail.useQuery();
  const dismiss = trpc.account.dismissUndeliveredMail.useMutation({
    onSuccess: () => utils.account.undeliveredMail.invalidate(),
    onError: (error) =>
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(trpcErrorMessage(error)) }),
  });
  if (!data || data.length === 0) return null;
  return (
    <>
      {data.map(({ recipient, count }) => (
        <Notice key={recipient} title={<Trans>We could not send an email</Trans>}>
          <p className="break-words">
            {count === 1 ? (
              <Trans>
                We could not send the email to <strong>{recipient}</strong>. Check the address or try again.
              </Trans>
            ) : (
              <Trans>
                We could not send {count} emails to <strong>{recipient}</strong>. Check the address or try
                again.
              </Trans>
            )}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ recipient })}
          >
            <Trans>Dismiss</Trans>
          </Button>
        </Notice>
      ))}
    </>
  );
}
