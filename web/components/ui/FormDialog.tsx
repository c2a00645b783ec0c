import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from './Dialog.tsx';

const LAYOUT_CLASSES = {
  /** A box in the middle of the screen that scrolls inside when the screen is short. */
  box: 'max-h-[calc(100dvh-2rem)] overflow-y-auto',
  /** The same box, wider from `sm` up: a form with fields side by side (dates, a rule's conditions). */
  roomy: 'max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl',
  /** The whole screen on a phone and a wide box from `sm` up, scrolling inside: long forms with a preview. */
  wide: 'inset-0 h-dvh w-full max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none p-4 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6',
} as const;

interface FormDialogProps {
  title: ReactNode;
  description: ReactNode;
  layout?: keyof typeof LAYOUT_CLASSES;
  /** The `name` of the field to start at, when it is not the first thing that takes focus. */
  initialFocusField?: string;
  /** The form; its footer puts <FormDialogCancel /> beside the submit button. */
  children: ReactNode;
}

/**
 * The frame of a create/edit dialog: title, description and the form below them. Render it inside a
 * <Dialog> that mounts it only while open, so every opening starts with a fresh form.
 */
export function FormDialog({
  title,
  description,
  layout = 'box',
  initialFocusField,
  children,
}: FormDialogProps) {
  return (
    <DialogContent
      className={LAYOUT_CLASSES[layout]}
      onOpenAutoFocus={(event) => {
        if (initialFocusField === undefined) return;
        event.preventDefault();
        if (event.currentTarget instanceof HTMLElement)
          event.currentTarget.querySelector<HTMLElement>(`[name="${initialFocusField}"]`)?.focus();
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      <div className="mt-6">{children}</div>
    </DialogContent>
  );
}

/** A form dialog's Cancel: closes it without saving. */
export function FormDialogCancel() {
  return (
    <DialogClose asChild>
      <Button variant="secondary">
        <Trans>Cancel</Trans>
      </Button>
    </DialogClose>
  );
}
