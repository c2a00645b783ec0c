import { useId, type ComponentProps, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validationMessage } from '../../lib/error-messages.ts';
import { Input } from '../ui/Input.tsx';
import { Label } from '../ui/Label.tsx';

interface TextFieldProps extends ComponentProps<'input'> {
  label: ReactNode;
  /** A validation id (src/messages.ts), shown translated under the field. */
  error?: string | undefined;
  /** A permanent help text under the field (for example the password policy). */
  hint?: ReactNode;
}

/** A labelled input with its hint and error, both tied to the input for screen readers. */
export function TextField({ label, error, hint, id, ...inputProps }: TextFieldProps) {
  const { i18n } = useLingui();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {i18n._(validationMessage(error))}
        </p>
      )}
    </div>
  );
}
