import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn.ts';
import { validationMessage } from '../../lib/error-messages.ts';
import { Label } from '../ui/Label.tsx';

export interface FieldShellProps {
  label: ReactNode;
  /** A validation id (src/messages.ts), shown translated under the field. */
  error?: string | undefined;
  /** A permanent help text under the field (for example the password policy). */
  hint?: ReactNode;
  id?: string | undefined;
  /**
   * The field's length limit (its schema's number) and how long its value is now: shown as a counter
   * beside the label, and the control gets it as its maxlength.
   */
  limit?: FieldLimit | undefined;
}

export interface FieldLimit {
  max: number;
  length: number;
}

/** "12/100" beside a label; a screen reader hears the limit itself once, not every keystroke. */
function LengthCounter({ id, limit }: { id: string; limit: FieldLimit }) {
  const { max, length } = limit;
  return (
    <span
      id={id}
      className={cn('text-xs text-slate-600 tabular-nums', length >= max && 'font-semibold text-ink')}
    >
      <span aria-hidden>
        {length}/{max}
      </span>
      <span className="sr-only">
        <Trans>At most {max} characters</Trans>
      </span>
    </span>
  );
}

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  maxLength?: number;
}

/** A label, one control, its hint and its error, tied together for screen readers. */
export function FieldShell({
  label,
  error,
  hint,
  id,
  limit,
  children,
}: FieldShellProps & { children: (control: FieldControlProps) => ReactNode }) {
  const { i18n } = useLingui();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const limitId = `${controlId}-limit`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, limit ? limitId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1.5">
      {limit ? (
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={controlId}>{label}</Label>
          <LengthCounter id={limitId} limit={limit} />
        </div>
      ) : (
        <Label htmlFor={controlId}>{label}</Label>
      )}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        ...(limit ? { maxLength: limit.max } : {}),
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
