import type { ComponentProps } from 'react';
import { Input } from '../ui/Input.tsx';
import { FieldShell, type FieldShellProps } from './FieldShell.tsx';

type TextFieldProps = FieldShellProps & Omit<ComponentProps<'input'>, 'id'>;

/** A labelled input with its hint and error, both tied to the input for screen readers. */
export function TextField({ label, error, hint, id, ...inputProps }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(control) => <Input {...control} {...inputProps} />}
    </FieldShell>
  );
}
