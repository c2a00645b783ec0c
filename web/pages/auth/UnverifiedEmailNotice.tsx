import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/Notice.tsx';
import { useResendVerification } from './use-resend-verification.ts';

/** Shown when a sign-in is refused because the address is not confirmed yet: offers a new link. */
export function UnverifiedEmailNotice({ email }: { email: string }) {
  const { resend, busy } = useResendVerification();
  return (
    <Notice title={<Trans>Email not verified yet</Trans>}>
      <p className="break-words">
        <Trans>
          Open the confirmation link we sent to <strong>{email}</strong>, then sign in again. No email? Get a
          new link.
        </Trans>
      </p>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void resend(email)}>
        {busy ? <Trans>Please wait...</Trans> : <Trans>Resend confirmation email</Trans>}
      </Button>
    </Notice>
  );
}
