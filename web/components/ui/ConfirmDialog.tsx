import { useState, type ReactElement, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { Button } from './Button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from './Dialog.tsx';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Shown on the confirm button while `onConfirm` runs. */
  pendingLabel: ReactNode;
  /** Does the thing; resolves true to close the dialog, false to keep it open (it failed). */
  onConfirm: () => Promise<boolean>;
  /** 'primary' for an action that takes nothing away (a publish): its button is not the red one. */
  confirmVariant?: 'destructive' | 'primary';
  /** What else the action asks, between the description and the buttons (a choice that goes with it). */
  children?: ReactNode;
}

/**
 * An action behind a confirmation: Cancel, or the button (red for a destructive one, the default) that
 * shows its progress.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  confirmVariant = 'destructive',
  children,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const once = useSingleFlight();

  const confirm = () =>
    once(async () => {
      setPending(true);
      try {
        if (await onConfirm()) setOpen(false);
      } finally {
        setPending(false);
      }
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button variant={confirmVariant} disabled={pending} onClick={() => void confirm()}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
