import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { ResetRequestSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { EmailField } from '../../components/form/EmailField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

/** Asks for a reset link by e-mail; the link comes back to /auth (spec section 7, send password reset). */
export function ResetRequestForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useLingui();
  const form = useZodForm(ResetRequestSchema, { email: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ email }) => {
    const { error } = await authCall(authClient.requestPasswordReset({ email, redirectTo: paths.auth }));
    if (error) {
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(authErrorMessage(error)) });
      return;
    }
    // the same answer for every address: it never says whether an account exists
    toast({
      title: t`Check your email`,
      description: t`If an account uses this address, a link to choose a new password is on its way.`,
    });
    onSent();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <SubmitButton busy={isSubmitting}>
        <Trans>Send Reset Link</Trans>
      </SubmitButton>
    </form>
  );
}
