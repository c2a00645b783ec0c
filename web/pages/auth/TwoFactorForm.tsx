import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BackupCodeFormSchema, TotpCodeFormSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { TotpCodeField } from '../../components/form/TotpCodeField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { type AuthError } from '../../lib/auth-error.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

type Method = 'authenticator' | 'backup-code';

interface TwoFactorFormProps {
  onSignedIn: () => Promise<void>;
  /** Back to e-mail and password (also when the pending sign-in has expired). */
  onRestart: () => void;
}

function verify(method: Method, code: string): Promise<{ error: AuthError | null }> {
  return method === 'authenticator'
    ? authCall(authClient.twoFactor.verifyTotp({ code, trustDevice: false }))
    : authCall(authClient.twoFactor.verifyBackupCode({ code }));
}

function CodeForm({ method, onSignedIn, onRestart }: TwoFactorFormProps & { method: Method }) {
  const { t, i18n } = useLingui();
  const form = useZodForm(method === 'authenticator' ? TotpCodeFormSchema : BackupCodeFormSchema, {
    code: '',
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = form.submit(async ({ code }) => {
    const { error } = await verify(method, code);
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Verification failed`,
        description: i18n._(authErrorMessage(error)),
      });
      if (error.code === 'INVALID_TWO_FACTOR_COOKIE') onRestart();
      return;
    }
    await onSignedIn();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {method === 'authenticator' ? (
        <TotpCodeField
          hint={<Trans>Open your authenticator app and enter the 6-digit code for Tapcard.</Trans>}
          error={errors.code?.message}
          {...form.register('code')}
        />
      ) : (
        <TextField
          label={<Trans>Backup code</Trans>}
          hint={
            <Trans>
              Enter one of the backup codes you saved when you turned on two-factor authentication.
            </Trans>
          }
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.code?.message}
          {...form.register('code')}
        />
      )}
      <SubmitButton busy={isSubmitting}>
        <Trans>Verify</Trans>
      </SubmitButton>
    </form>
  );
}

/** The second sign-in step for accounts with two-factor authentication (better-auth TOTP or a backup code). */
export function TwoFactorForm({ onSignedIn, onRestart }: TwoFactorFormProps) {
  const [method, setMethod] = useState<Method>('authenticator');
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-ink">
        <Trans>Two-factor authentication</Trans>
      </h2>
      {/* a new form per method, so a typed code or error of one never shows in the other */}
      <CodeForm key={method} method={method} onSignedIn={onSignedIn} onRestart={onRestart} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setMethod(method === 'authenticator' ? 'backup-code' : 'authenticator')}
        >
          {method === 'authenticator' ? (
            <Trans>Use a backup code instead</Trans>
          ) : (
            <Trans>Use your authenticator app instead</Trans>
          )}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          <Trans>Back to sign in</Trans>
        </Button>
      </div>
    </div>
  );
}
