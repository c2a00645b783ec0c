import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { PasskeyNameFormSchema } from '#src/schemas/passkey.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Notice } from '../../components/Notice.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { type AuthError } from '../../lib/auth-error.ts';
import {
  authErrorMessage,
  passkeyErrorMessage,
  PASSKEYS_UNSUPPORTED_TEXT,
} from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { useAuthProviders } from '../../lib/use-auth-providers.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { PasskeyList } from './PasskeyList.tsx';
import { PasswordPrompt } from './PasswordPrompt.tsx';

type PasskeysOffReason = NonNullable<RouterOutputs['auth']['providers']['passkeysOff']>;

/** The list (focus: back from a step, so 'Add a passkey' takes focus again), or a step of adding one. */
type Step = { kind: 'list'; focus: boolean } | { kind: 'password' } | { kind: 'name' };

/** A first name for a new passkey: where it is made, as the active sessions name devices ('' if unknown). */
function deviceName(): string {
  const { browser, os } = describeUserAgent(navigator.userAgent);
  return [browser, os].filter(Boolean).join(' · ');
}

/** The name of the new passkey, then the browser's own passkey dialog. */
function NewPasskeyForm({
  onAdded,
  onPasswordNeeded,
  onCancel,
}: {
  onAdded: () => Promise<void>;
  /** The password confirmation ran out (it lasts minutes): ask for it again. */
  onPasswordNeeded: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useZodForm(PasskeyNameFormSchema, { name: deviceName() || t`My passkey` });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = form.submit(async ({ name }) => {
    const { error } = await authCall(authClient.passkey.addPasskey({ name }));
    if (error) {
      toast({
        variant: 'destructive',
        title: t`The passkey was not added`,
        description: i18n._(passkeyErrorMessage(error, 'add')),
      });
      if ('code' in error && error.code === 'PASSWORD_CONFIRMATION_REQUIRED') onPasswordNeeded();
      return;
    }
    toast({ title: t`Passkey added`, description: t`You can now sign in with it.` });
    await onAdded();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={<Trans>Passkey name</Trans>}
        hint={
          <Trans>Then follow your browser: it asks for your fingerprint, face, PIN or security key.</Trans>
        }
        autoComplete="off"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormActions
        className="sm:justify-start"
        submitLabel={<Trans>Create passkey</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Waiting for your device...</Trans>}
        secondaryAction={
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        }
      />
    </form>
  );
}

/** Why this server offers no passkeys (server/passkeys/relying-party.ts), said where they would be. */
function PasskeysOffNote({ reason }: { reason: PasskeysOffReason }) {
  return (
    <Notice tone="info" title={<Trans>Passkeys are off on this server</Trans>}>
      <p>
        {reason === 'ip_address' ? (
          <Trans>
            This server is reached by an IP address, and browsers make passkeys only for a domain name.
          </Trans>
        ) : (
          <Trans>
            This server is reached over http, and browsers make passkeys only over https or on localhost.
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          Whoever runs this server can turn them on by setting PUBLIC_URL to its https address with a domain
          name.
        </Trans>
      </p>
    </Notice>
  );
}

/**
 * Passkeys (spec: WebAuthn among the sign-in factors): the list with Rename and Remove, and 'Add a
 * passkey', which asks for the password first, as the other security changes of this page do. When the
 * server offers no passkeys (its address cannot have them), the section says why instead.
 */
export function PasskeysCard() {
  const { t, i18n } = useLingui();
  const providers = useAuthProviders();
  const offered = providers?.passkey === true;
  const list = trpc.passkeys.list.useQuery(undefined, { enabled: offered });
  const [step, setStep] = useState<Step>({ kind: 'list', focus: false });
  const backToList = () => setStep({ kind: 'list', focus: true });
  const supported = browserSupportsWebAuthn();
  // the step that had focus is gone: the button that opened it gets it back (WCAG 2.4.3)
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAddButton = step.kind === 'list' && step.focus;
  useEffect(() => {
    if (focusAddButton) addButton.current?.focus();
  }, [focusAddButton]);

  if (providers?.passkeysOff) {
    return (
      <SectionCard title={t`Passkeys`}>
        <PasskeysOffNote reason={providers.passkeysOff} />
      </SectionCard>
    );
  }
  if (!offered) return null;

  async function confirmPassword(password: string) {
    const { error } = await authCall<{ error: AuthError | null }>(
      authClient.$fetch('/passkey/confirm-password', { method: 'POST', body: { password } }),
    );
    if (error) {
      toast({
        variant: 'destructive',
        title: t`The passkey was not added`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    setStep({ kind: 'name' });
  }

  function content() {
    if (!list.data) return <QueryStatus error={list.error} onRetry={() => void list.refetch()} />;
    switch (step.kind) {
      case 'password':
        return (
          <PasswordPrompt
            description={<Trans>Enter your password to confirm it is you.</Trans>}
            submitLabel={<Trans>Continue</Trans>}
            onConfirm={confirmPassword}
            onCancel={backToList}
          />
        );
      case 'name':
        return (
          <NewPasskeyForm
            onAdded={async () => {
              backToList();
              await list.refetch();
            }}
            onPasswordNeeded={() => setStep({ kind: 'password' })}
            onCancel={backToList}
          />
        );
      case 'list':
        return (
          <div className="space-y-4">
            <PasskeyList passkeys={list.data.passkeys} />
            {supported ? (
              <Button
                ref={addButton}
                onClick={() => setStep({ kind: list.data.hasPassword ? 'password' : 'name' })}
              >
                <KeyRound aria-hidden />
                <Trans>Add a passkey</Trans>
              </Button>
            ) : (
              <Notice tone="info" title={<Trans>Passkeys are not available in this browser</Trans>}>
                <p>{i18n._(PASSKEYS_UNSUPPORTED_TEXT)}</p>
              </Notice>
            )}
          </div>
        );
    }
  }

  return (
    <SectionCard
      title={t`Passkeys`}
      description={
        <Trans>
          Sign in with your fingerprint, face, screen lock or a security key instead of your password. A
          passkey cannot be phished, and it needs no authenticator-app code.
        </Trans>
      }
    >
      {content()}
    </SectionCard>
  );
}
