import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/Button.tsx';

const TONES = {
  /** Something runs out (the free trial). */
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: 'text-amber-700', text: '' },
  /** Something is still to do (the setup). */
  brand: { box: 'border-brand/40 bg-brand-soft text-ink', icon: 'text-brand-strong', text: 'text-slate-700' },
} as const;

/** A banner above a dashboard page: an icon, a title, a sentence, and the page that deals with it. */
export function DashboardBanner({
  tone,
  icon,
  title,
  action,
  children,
}: {
  tone: keyof typeof TONES;
  /** A lucide icon; hidden from screen readers, and on phones. */
  icon: ReactNode;
  title: ReactNode;
  action: { to: string; label: ReactNode };
  children: ReactNode;
}) {
  const classes = TONES[tone];
  return (
    <div
      role="status"
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center',
        classes.box,
      )}
    >
      <span aria-hidden className={cn('hidden shrink-0 sm:block [&_svg]:size-5', classes.icon)}>
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{title}</p>
        <p className={classes.text}>{children}</p>
      </div>
      <Button asChild size="sm">
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </div>
  );
}
