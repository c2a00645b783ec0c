import type { ComponentProps } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField } from './TextField.tsx';

type TotpCodeFieldProps = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * The 6-digit code of an authenticator app (TotpCodeSchema), when two-factor sign-in is turned on and
 * at sign-in: phones open the number pad and may offer the code themselves.
 */
export function TotpCodeField(props: TotpCodeFieldProps) {
  return (
    <TextField
      label={<Trans>Authentication code</Trans>}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      {...props}
    />
  );
}
