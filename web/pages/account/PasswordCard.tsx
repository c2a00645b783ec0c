import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { ChangePasswordSchema } from '#src/schemas/auth.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { SESSIONS_QUERY_KEY } from './use-sessions.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * spec section 2, Security: current, new and confirm, with the sign-up policy
 * (docs/decisions/007-security-beyond-the-spec.md).
 */
export function PasswordCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useZodForm(ChangePasswordSchema, EMPTY);
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const [newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ['newPassword', 'confirmPassword'],
  });
  const [signOutOthers, setSignOutOthers] = useState(false);

  const onSubmit = form.submit(async ({ currentPassword, newPassword }) => {
    const { error } = await authCall(
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: signOutOthers }),
    );
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to update password`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    form.reset(EMPTY);
    setSignOutOthers(false);
    toast({
      title: t`Password updated successfully`,
      description: signOutOthers ? t`Your other devices have been signed out.` : undefined,
    });
    await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  });

  return (
    <SectionCard title={t`Password`} description={<Trans>Change the password you sign in with.</Trans>}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label={<Trans>Current password</Trans>}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          password={form.register('newPassword')}
          confirmation={form.register('confirmPassword')}
          passwordError={errors.newPassword?.message}
          confirmationError={errors.confirmPassword?.message}
        />
        <CheckboxField
          label={<Trans>Sign out of other devices</Trans>}
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.target.checked)}
        />
        <div>
          {/* spec section 5: the button waits until both new-password fields are filled */}
          <SubmitButton busy={isSubmitting} disabled={!newPassword || !confirmPassword} block={false}>
            <Trans>Update password</Trans>
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
