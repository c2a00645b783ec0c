import type { ComponentProps } from 'react';
import { Textarea } from '../ui/Input.tsx';
import { FieldShell, type FieldShellProps } from './FieldShell.tsx';

type TextAreaFieldProps = FieldShellProps & Omit<ComponentProps<'textarea'>, 'id'>;

/** A labelled multi-line text box with its hint and error. */
export function TextAreaField({ label, error, hint, id, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(control) => <Textarea {...control} {...textareaProps} />}
    </FieldShell>
  );
}
