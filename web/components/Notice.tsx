import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { cn } from '../lib/cn.ts';

const TONES = {
  /** Something stands in the way (an unconfirmed address, a link that no longer works): an alert. */
  warning: {
    role: 'alert',
    classes: 'border-amber-300 bg-amber-50 text-amber-950',
    icon: <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />,
  },
  /** The result of something the person did (a link was sent): a polite status. */
  success: {
    role: 'status',
    classes: 'border-emerald-300 bg-emerald-50 text-emerald-950',
    icon: <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />,
  },
  /** Neither good nor bad news (a payment that is still being confirmed): a polite status. */
  info: {
    role: 'status',
    classes: 'border-sky-300 bg-sky-50 text-sky-950',
    icon: <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700" />,
  },
} as const;

/** A box inside a form or page, announced when it appears. */
export function Notice({
  title,
  tone = 'warning',
  children,
}: {
  title: ReactNode;
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  const { role, classes, icon } = TONES[tone];
  return (
    <div role={role} className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', classes)}>
      {icon}
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
