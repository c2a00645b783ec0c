import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordPolicyHint } from './PasswordPolicyHint.tsx';
import { TextField } from './TextField.tsx';

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
      <TextField
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        required
        hint={<PasswordPolicyHint />}
        error={passwordError}
        {...password}
      />
      <TextField
        label={<Trans>Confirm new password</Trans>}
        type="password"
        autoComplete="new-password"
        required
        error={confirmationError}
        {...confirmation}
      />
    </>
  );
}
