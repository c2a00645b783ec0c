import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { SubmitButton } from './SubmitButton.tsx';

interface FormActionsProps {
  submitLabel: ReactNode;
  busy: boolean;
  /** What the submit button reads while busy. */
  busyLabel: ReactNode;
  /** Beside the submit button (a dialog's Cancel). */
  secondaryAction?: ReactNode;
  className?: string;
}

/** A form's footer: the submit button, and its Cancel beside it, or below it on a phone. */
export function FormActions({ submitLabel, busy, busyLabel, secondaryAction, className }: FormActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {secondaryAction}
      <SubmitButton busy={busy} busyLabel={busyLabel} block={false}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
