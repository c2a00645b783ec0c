import { skipToken } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Notice } from '../../components/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';

/** How often the waiting screen asks again while the e-mail is still on its way. */
const MAIL_STATUS_REFRESH_MS = 5_000;

export type ConfirmationMailState = RouterOutputs['auth']['mailStatus']['status'];

/**
 * What became of the confirmation e-mail, asked with the ticket of the sign-up's answer (none: not
 * asked), again every few seconds while it is on its way.
 */
export function useConfirmationMailState(mailTicket: string | null): ConfirmationMailState | undefined {
  const { data } = trpc.auth.mailStatus.useQuery(mailTicket ? { ticket: mailTicket } : skipToken, {
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'retrying' ? MAIL_STATUS_REFRESH_MS : false;
    },
  });
  return data?.status;
}

/**
 * The confirmation e-mail's state on the waiting screen: nothing while it goes out normally; a note while
 * the mail server refuses it and it is tried again; and, once it was given up, that it could not be sent
 * (the screen's description names the address), with a new try and the way back to the address.
 */
export function ConfirmationMailStatus({
  email,
  state,
  resending,
  onResend,
  onChangeEmail,
}: {
  email: string;
  state: ConfirmationMailState | undefined;
  resending: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  if (state === 'retrying') {
    return (
      <Notice tone="info" title={<Trans>Sending is taking longer than usual</Trans>}>
        <p className="break-words">
          <Trans>
            The email to <strong>{email}</strong> could not be delivered yet. We keep trying.
          </Trans>
        </p>
      </Notice>
    );
  }
  if (state !== 'failed') return null;
  return (
    <Notice title={<Trans>We could not send the email</Trans>}>
      <p>
        <Trans>Check the address or try again.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={resending} onClick={onResend}>
          {resending ? <Trans>Please wait...</Trans> : <Trans>Try again</Trans>}
        </Button>
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          <Trans>Use a different email</Trans>
        </Button>
      </div>
    </Notice>
  );
}
