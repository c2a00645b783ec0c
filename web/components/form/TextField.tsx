import type { ComponentProps } from 'react';
import { Input } from '../ui/Input.tsx';
import { FieldShell, type FieldShellProps } from './FieldShell.tsx';

export type TextFieldProps = FieldShellProps & Omit<ComponentProps<'input'>, 'id'>;

/**
 * A labelled input with its hint and error, both tied to the input for screen readers; with `limit`, its
 * length counter and maxlength.
 */
export function TextField({ label, error, hint, id, limit, ...inputProps }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} limit={limit}>
      {(control) => <Input {...control} {...inputProps} />}
    </FieldShell>
  );
}
