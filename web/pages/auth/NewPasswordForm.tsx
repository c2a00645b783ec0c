import { Trans, useLingui } from '@lingui/react/macro';
import { NewPasswordSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';

/** The form behind the e-mailed reset link: a new password with the sign-up policy, typed twice. */
export function NewPasswordForm({
  token,
  onDone,
  onLinkInvalid,
}: {
  token: string;
  onDone: () => void;
  /** The link has expired or was used: the person needs a new one. */
  onLinkInvalid: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useZodForm(NewPasswordSchema, { password: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ password }) => {
    const { error } = await authCall(authClient.resetPassword({ newPassword: password, token }));
    if (error) {
      if (error.code === 'INVALID_TOKEN') {
        onLinkInvalid();
        return;
      }
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(authErrorMessage(error)) });
      return;
    }
    toast({ title: t`Password updated`, description: t`You can now sign in with your new password.` });
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <NewPasswordFields
        password={form.register('password')}
        confirmation={form.register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmationError={errors.confirmPassword?.message}
      />
      <SubmitButton busy={isSubmitting}>
        <Trans>Update password</Trans>
      </SubmitButton>
    </form>
  );
}
