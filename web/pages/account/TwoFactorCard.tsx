import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { type AuthError } from '../../lib/auth-error.ts';
import { authErrorMessage, ERROR_REASON_TEXT } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { PasswordPrompt } from './PasswordPrompt.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

type PasswordAction = 'enable' | 'disable' | 'regenerate';

type Step =
  | { kind: 'status'; focus: boolean }
  | { kind: 'password'; action: PasswordAction }
  | { kind: 'verify'; totpURI: string; backupCodes: readonly string[] }
  | { kind: 'backup-codes'; codes: readonly string[] };

/** On or off; focused when the person comes back to it from a step, so the keyboard is not lost. */
function Status({ enabled, focus }: { enabled: boolean; focus: boolean }) {
  const Icon = enabled ? ShieldCheck : ShieldOff;
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) line.current?.focus();
  }, [focus]);
  return (
    <p ref={line} tabIndex={-1} className="flex items-center gap-2 font-medium text-ink">
      <Icon aria-hidden className={enabled ? 'size-5 text-emerald-700' : 'size-5 text-slate-500'} />
      {enabled ? (
        <Trans>Two-factor authentication is on.</Trans>
      ) : (
        <Trans>Two-factor authentication is off.</Trans>
      )}
    </p>
  );
}

/** Two-factor authentication with an authenticator app (better-auth TOTP): on, off, new backup codes. */
export function TwoFactorCard() {
  const { t, i18n } = useLingui();
  const enabled = authClient.useSession().data?.user.twoFactorEnabled === true;
  const [step, setStep] = useState<Step>({ kind: 'status', focus: false });
  const backToStatus = () => setStep({ kind: 'status', focus: true });

  function failed(title: string, error?: AuthError) {
    const description = error ? authErrorMessage(error) : ERROR_REASON_TEXT.internal;
    toast({ variant: 'destructive', title, description: i18n._(description) });
  }

  async function confirm(action: PasswordAction, password: string) {
    switch (action) {
      case 'enable': {
        const { data, error } = await authCall(authClient.twoFactor.enable({ password }));
        if (error) return failed(t`Two-factor authentication was not turned on`, error);
        // 'otp' (codes by e-mail) is a method this app does not configure
        if (data.method !== 'totp') return failed(t`Two-factor authentication was not turned on`);
        setStep({ kind: 'verify', totpURI: data.totpURI, backupCodes: data.backupCodes });
        return;
      }
      case 'disable': {
        const { error } = await authCall(authClient.twoFactor.disable({ password }));
        if (error) return failed(t`Two-factor authentication was not turned off`, error);
        toast({ title: t`Two-factor authentication is off` });
        backToStatus();
        return;
      }
      case 'regenerate': {
        const { data, error } = await authCall(authClient.twoFactor.generateBackupCodes({ password }));
        if (error) return failed(t`New backup codes were not created`, error);
        toast({ title: t`New backup codes created`, description: t`Your old backup codes no longer work.` });
        setStep({ kind: 'backup-codes', codes: data.backupCodes });
        return;
      }
    }
  }

  function content() {
    switch (step.kind) {
      case 'password':
        return (
          <PasswordPrompt
            description={<Trans>Enter your password to confirm it is you.</Trans>}
            submitLabel={
              step.action === 'enable' ? (
                <Trans>Continue</Trans>
              ) : step.action === 'disable' ? (
                <Trans>Turn off</Trans>
              ) : (
                <Trans>Create new codes</Trans>
              )
            }
            onConfirm={(password) => confirm(step.action, password)}
            onCancel={backToStatus}
          />
        );
      case 'verify':
        return (
          <TotpEnrolment
            totpURI={step.totpURI}
            onVerified={() => {
              toast({ title: t`Two-factor authentication is on` });
              setStep({ kind: 'backup-codes', codes: step.backupCodes });
            }}
            onCancel={backToStatus}
          />
        );
      case 'backup-codes':
        return <BackupCodes codes={step.codes} onDone={backToStatus} />;
      case 'status':
        return (
          <div className="space-y-4">
            <Status enabled={enabled} focus={step.focus} />
            <div className="flex flex-wrap gap-2">
              {enabled ? (
                <>
                  <Button
                    variant="secondary"
                    onClick={() => setStep({ kind: 'password', action: 'regenerate' })}
                  >
                    <Trans>Regenerate backup codes</Trans>
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setStep({ kind: 'password', action: 'disable' })}
                  >
                    <Trans>Disable</Trans>
                  </Button>
                </>
              ) : (
                <Button onClick={() => setStep({ kind: 'password', action: 'enable' })}>
                  <Trans>Enable</Trans>
                </Button>
              )}
            </div>
          </div>
        );
    }
  }

  return (
    <SectionCard
      title={t`Two-factor authentication`}
      description={
        <Trans>
          Sign in with your password and a code from an authenticator app, so a stolen password is not enough.
        </Trans>
      }
    >
      {content()}
    </SectionCard>
  );
}
