import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck, MailX } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { useAuthProviders } from '../../lib/use-auth-providers.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { TextLink } from '../auth/TextLink.tsx';
import { useResendVerification } from '../auth/use-resend-verification.ts';
import { ConfirmationMailStatus, useConfirmationMailState } from './ConfirmationMailStatus.tsx';
import { DevMailboxNotice } from './DevMailboxNotice.tsx';

/** spec section 9, timing: the 'check your spam folder' hint appears after 30 seconds of waiting. */
const HINT_DELAY_MS = 30_000;

function useShownAfter(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}

/**
 * The waiting screen that replaces the steps until the address is confirmed (spec section 2). Opening the
 * link signs the person in; `onSessionFound` hands over to the signed-in steps.
 */
export function VerifyEmailWaiting({
  email,
  mailTicket,
  onSessionFound,
  onChangeEmail,
}: {
  email: string;
  /** The sign-up's e-mail ticket: what became of the confirmation e-mail is shown when it is known. */
  mailTicket: string | null;
  onSessionFound: () => void;
  onChangeEmail: () => void;
}) {
  const { t, i18n } = useLingui();
  const { resend, busy: resending } = useResendVerification();
  // a new e-mail was asked for: the sign-up's ticket no longer says what the person waits for
  const [resent, setResent] = useState(false);
  const resendNow = async () => {
    await resend(email);
    setResent(true);
  };
  const mailState = useConfirmationMailState(resent ? null : mailTicket);
  const [checking, setChecking] = useState(false);
  const showHint = useShownAfter(HINT_DELAY_MS);
  const providers = useAuthProviders();

  async function checkConfirmed() {
    setChecking(true);
    const { data, error } = await authCall(authClient.getSession());
    setChecking(false);
    if (error) {
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(authErrorMessage(error)) });
      return;
    }
    if (data?.user) {
      onSessionFound();
      return;
    }
    toast({
      variant: 'destructive',
      title: t`No active session found`,
      description: t`Open the link from the email in this browser, or sign in.`,
    });
  }

  return (
    <AuthCard
      title={t`Check your email`}
      description={
        mailState === 'failed' ? (
          <Trans>
            We could not send an email to <strong className="break-words text-ink">{email}</strong>.
          </Trans>
        ) : (
          <Trans>
            We sent an email to <strong className="break-words text-ink">{email}</strong>. Open the link in it
            to continue.
          </Trans>
        )
      }
    >
      {mailState === 'failed' ? (
        <MailX aria-hidden className="mx-auto size-12 text-amber-700" />
      ) : (
        <MailCheck aria-hidden className="mx-auto size-12 text-brand-strong" />
      )}
      <ConfirmationMailStatus
        email={email}
        state={mailState}
        resending={resending}
        onResend={() => void resendNow()}
        onChangeEmail={onChangeEmail}
      />
      <DevMailboxNotice shown={providers?.devMailbox === true} />
      <div className="grid gap-3">
        <Button size="block" disabled={checking} onClick={() => void checkConfirmed()}>
          {checking ? <Trans>Please wait...</Trans> : <Trans>I already confirmed my email</Trans>}
        </Button>
        <Button variant="secondary" size="block" disabled={resending} onClick={() => void resendNow()}>
          {resending ? <Trans>Please wait...</Trans> : <Trans>Resend confirmation email</Trans>}
        </Button>
      </div>
      <div role="status">
        {showHint && (
          <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
            <Trans>
              Still nothing? Check your spam folder, and make sure{' '}
              <strong className="break-words">{email}</strong> is your address.
            </Trans>{' '}
            <button
              type="button"
              onClick={onChangeEmail}
              className="rounded font-semibold text-brand-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-strong"
            >
              <Trans>Use a different email</Trans>
            </button>
          </p>
        )}
      </div>
      <p className="text-center">
        <TextLink to={paths.login}>
          <Trans>Confirmed on another device? Sign in</Trans>
        </TextLink>
      </p>
    </AuthCard>
  );
}
