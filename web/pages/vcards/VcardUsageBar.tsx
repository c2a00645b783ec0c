import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn.ts';
import type { VcardUsage } from './vcard-usage.ts';

/** 'N of M vCards' and a bar that turns red at the plan limit (spec section 4, limits in use). */
export function VcardUsageBar({ usage }: { usage: VcardUsage }) {
  const { t } = useLingui();
  const { count, limit } = usage;
  return (
    <div className="min-w-0 flex-1 space-y-2">
      <p className="text-sm font-medium text-ink">
        {usage.unlimited ? (
          <Trans>{count} vCards · unlimited on your plan</Trans>
        ) : (
          <Trans>
            {count} of {limit} vCards
          </Trans>
        )}
      </p>
      {!usage.unlimited && (
        <div
          role="progressbar"
          aria-label={t`vCards used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(count, limit)}
          className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full rounded-full', usage.full ? 'bg-red-600' : 'bg-brand')}
            style={{ width: `${usage.percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
