import { useRef, type ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const PLACEMENT_CLASSES = {
  center:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl p-6 motion-safe:data-[state=open]:animate-dialog-in',
  left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] p-4 motion-safe:data-[state=open]:animate-drawer-in',
} as const;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** 'left' slides in from the edge as a drawer; 'center' is a modal box. */
  placement?: keyof typeof PLACEMENT_CLASSES;
  /** Accessible name of the icon-only close button. */
  closeLabel?: string;
  /** false: no close button, for a dialog that must be answered (also refuse Escape and outside clicks). */
  closable?: boolean;
}

/**
 * Where focus goes when a dialog closes (WCAG 2.4.3): back to what had it when the dialog opened. Radix
 * returns it to the Dialog's Trigger only, so a dialog opened from code (Create New QR, Create vCard) left
 * it on <body>. When that element is gone or disabled (the card just deleted, the Create button of a plan
 * now full), the page's heading takes it, so the next Tab starts from the content, not the top.
 */
function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const fallback =
    document.querySelector<HTMLElement>('main h1[tabindex]') ??
    document.querySelector<HTMLElement>('main[tabindex]');
  fallback?.focus();
}

export function DialogContent({
  placement = 'center',
  closeLabel,
  closable = true,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const { t } = useLingui();
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50 motion-safe:data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-white shadow-xl focus-visible:outline-none',
          PLACEMENT_CLASSES[placement],
          className,
        )}
        onOpenAutoFocus={(event) => {
          // runs before focus moves into the dialog
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          returnFocus(opener.current);
        }}
        {...props}
      >
        {children}
        {closable && (
          <DialogPrimitive.Close
            aria-label={closeLabel ?? t`Close`}
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('pr-10 text-lg font-semibold text-ink', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1 text-sm text-slate-600', className)} {...props} />;
}
