import type { ComponentProps, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField } from './TextField.tsx';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'label'> & { label?: ReactNode };

/** An e-mail address field (labelled 'Email' unless told otherwise), with the keyboard and autofill for one. */
export function EmailField({ label = <Trans>Email</Trans>, ...props }: EmailFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" required {...props} />;
}
