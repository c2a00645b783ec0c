import { Trans, useLingui } from '@lingui/react/macro';
import { TotpCodeFormSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TotpCodeField } from '../../components/form/TotpCodeField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { StepHeading } from './StepHeading.tsx';
import { TotpQrCode } from './TotpQrCode.tsx';

/** The secret of an otpauth:// address, in groups of four for typing it by hand. */
function readableSecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** Scan (or type) the secret, then prove it with a first code: only then is two-factor sign-in on. */
export function TotpEnrolment({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useZodForm(TotpCodeFormSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ code }) => {
    const { error } = await authCall(authClient.twoFactor.verifyTotp({ code }));
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Verification failed`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    onVerified();
  });

  return (
    <div className="space-y-4">
      <StepHeading>
        <Trans>Set up your authenticator app</Trans>
      </StepHeading>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <Trans>
            Open an authenticator app on your phone (for example Google Authenticator or 1Password).
          </Trans>
        </li>
        <li>
          <Trans>Scan the QR code, or enter the setup key by hand.</Trans>
        </li>
        <li>
          <Trans>Type the 6-digit code the app shows for Tapcard.</Trans>
        </li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <TotpQrCode uri={totpURI} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-ink">
            <Trans>Setup key</Trans>
          </p>
          <p
            data-testid="totp-secret"
            className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-ink"
          >
            {readableSecret(totpURI)}
          </p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TotpCodeField error={errors.code?.message} {...form.register('code')} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={isSubmitting} block={false}>
            <Trans>Verify and turn on</Trans>
          </SubmitButton>
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}
