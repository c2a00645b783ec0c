import { Toast } from 'radix-ui';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
  type ToastItem,
} from '../../lib/toast.ts';

/** spec section 9, interface: F8 moves focus to the notifications. */
const TOAST_HOTKEY = ['F8'];

function ToastCard({ item }: { item: ToastItem }) {
  const { t } = useLingui();
  const destructive = item.variant === 'destructive';
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-xl border p-3 pr-11 shadow-lg sm:p-4 sm:pr-12',
        'motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0',
        'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=cancel]:transition-transform',
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-ink',
      )}
    >
      <div className="grid gap-1">
        <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
        {item.description && (
          <Toast.Description className={cn('text-sm', destructive ? 'text-red-50' : 'text-slate-700')}>
            {item.description}
          </Toast.Description>
        )}
      </div>
      <Toast.Close
        aria-label={t`Close notification`}
        className={cn(
          'absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md',
          destructive ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        <X aria-hidden className="size-4" />
      </Toast.Close>
    </Toast.Root>
  );
}

/**
 * Renders the toasts of the toast() store; mount once, near the root. On a phone they are compact and at
 * the top, over the bar with the logo and menu: at the bottom they hid the chart, the plan cards and the
 * form buttons there. From `sm` up they sit in the bottom right corner, beside the content.
 */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToasts();
  const hotkeyLabel = TOAST_HOTKEY.join('+');
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t`Notification`}
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        label={t`Notifications (${hotkeyLabel})`}
        className="fixed inset-x-0 top-0 z-[100] flex flex-col gap-2 p-2 [--toast-from:-1rem] sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:w-full sm:max-w-sm sm:p-4 sm:[--toast-from:1rem]"
      />
    </Toast.Provider>
  );
}
