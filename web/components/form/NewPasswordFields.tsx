import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordPolicyHint } from './PasswordPolicyHint.tsx';
import { PasswordField } from './PasswordField.tsx';

/**
 * A new password with the policy hint, typed twice: the reset form and the account's password change.
 * Each input comes registered with its form (the two forms name the first field differently).
 */
export function NewPasswordFields({
  password,
  confirmation,
  passwordError,
  confirmationError,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmationError: string | undefined;
}) {
  return (
    <>
      <PasswordField
        label={<Trans>New password</Trans>}
        autoComplete="new-password"
        hint={<PasswordPolicyHint />}
        error={passwordError}
        {...password}
      />
      <PasswordField
        label={<Trans>Confirm new password</Trans>}
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
      />
    </>
  );
}
