import type { ComponentProps, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField } from './TextField.tsx';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete'> & {
  label?: ReactNode;
  /** 'new-password' where one is chosen (browsers offer a strong one), 'current-password' to sign in. */
  autoComplete: 'current-password' | 'new-password';
};

/** A required password field (labelled 'Password' unless told otherwise), filled in by password managers. */
export function PasswordField({ label = <Trans>Password</Trans>, ...props }: PasswordFieldProps) {
  return <TextField label={label} type="password" required {...props} />;
}
