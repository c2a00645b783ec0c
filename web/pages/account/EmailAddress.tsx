import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { ChangeEmailSchema } from '#src/schemas/auth.ts';
import { Notice } from '../../components/Notice.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { EmailField } from '../../components/form/EmailField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

function ChangeEmailForm({
  currentEmail,
  onSent,
  onCancel,
}: {
  currentEmail: string;
  onSent: (newEmail: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useZodForm(ChangeEmailSchema, { newEmail: '' });
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const { setFocus } = form;
  useEffect(() => setFocus('newEmail'), [setFocus]);

  const onSubmit = form.submit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === currentEmail.toLowerCase()) {
      toast({
        variant: 'destructive',
        title: t`Email not changed`,
        description: t`This is already your email address.`,
      });
      return;
    }
    // better-auth asks the current address to approve first, then confirms the new one
    const { error } = await authCall(authClient.changeEmail({ newEmail, callbackURL: paths.account }));
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Email not changed`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    onSent(newEmail);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <EmailField
        label={<Trans>New email address</Trans>}
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} block={false}>
          <Trans>Send confirmation</Trans>
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** What happens next, after a change was asked for. */
function ChangeEmailSent({ email, newEmail }: { email: string; newEmail: string }) {
  return (
    <Notice tone="success" title={<Trans>Check your inbox</Trans>}>
      <p className="break-words">
        <Trans>
          We sent a link to <strong>{email}</strong> to approve the change. After you approve it, we send a
          link to <strong>{newEmail}</strong>: your address changes once you open that one.
        </Trans>
      </p>
    </Notice>
  );
}

/** The account's address, and the change of it: confirmed from the current address, then the new one. */
export function EmailAddress({ email }: { email: string }) {
  const [state, setState] = useState<
    { kind: 'shown' } | { kind: 'editing' } | { kind: 'sent'; newEmail: string }
  >({ kind: 'shown' });
  const changeButton = useRef<HTMLButtonElement>(null);

  /** Closes the form; the focus goes back to the button that opened it, not to the top of the page. */
  function closeForm(next: typeof state) {
    flushSync(() => setState(next));
    changeButton.current?.focus();
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink">
            <Trans>Email address</Trans>
          </p>
          <p className="break-all text-slate-700">{email}</p>
        </div>
        {state.kind !== 'editing' && (
          <Button
            ref={changeButton}
            variant="secondary"
            size="sm"
            onClick={() => setState({ kind: 'editing' })}
          >
            <Trans>Change email</Trans>
          </Button>
        )}
      </div>
      {state.kind === 'editing' && (
        <ChangeEmailForm
          currentEmail={email}
          onSent={(newEmail) => closeForm({ kind: 'sent', newEmail })}
          onCancel={() => closeForm({ kind: 'shown' })}
        />
      )}
      {state.kind === 'sent' && <ChangeEmailSent email={email} newEmail={state.newEmail} />}
    </div>
  );
}
