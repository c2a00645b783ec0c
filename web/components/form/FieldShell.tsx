import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validationMessage } from '../../lib/error-messages.ts';
import { Label } from '../ui/Label.tsx';

export interface FieldShellProps {
  label: ReactNode;
  /** A validation id (src/messages.ts), shown translated under the field. */
  error?: string | undefined;
  /** A permanent help text under the field (for example the password policy). */
  hint?: ReactNode;
  id?: string | undefined;
}

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, one control, its hint and its error, tied together for screen readers. */
export function FieldShell({
  label,
  error,
  hint,
  id,
  children,
}: FieldShellProps & { children: (control: FieldControlProps) => ReactNode }) {
  const { i18n } = useLingui();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
