import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import type { PlanUsage } from './plan-usage.ts';

interface PlanUsageBarProps {
  usage: PlanUsage;
  /** The line above the bar, for example '2 of 5 vCards'. */
  summary: ReactNode;
  /** Accessible name of the bar, for example 'vCards used'. */
  meterLabel: string;
  /** Something past the limit was just refused: the bar turns red (spec section 4, limits in use). */
  refused?: boolean;
}

/** A usage line and a bar, red once something past the plan limit is refused; no bar when unlimited. */
export function PlanUsageBar({ usage, summary, meterLabel, refused = false }: PlanUsageBarProps) {
  const { count, limit } = usage;
  return (
    <div className="min-w-0 flex-1 space-y-2">
      <p className="text-sm font-medium text-ink">{summary}</p>
      {!usage.unlimited && (
        <div
          role="progressbar"
          aria-label={meterLabel}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(count, limit)}
          className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full rounded-full', refused ? 'bg-red-600' : 'bg-brand')}
            style={{ width: `${usage.percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
