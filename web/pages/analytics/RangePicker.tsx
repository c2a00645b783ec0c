import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '#src/analytics.ts';
import type { PlanId } from '#src/plans.ts';
import { planPickerPath } from '#src/routes.ts';
import { cn } from '../../lib/cn.ts';
import { PLAN_BADGES } from '../../lib/plan-names.ts';
import { useRangeTexts } from './range-texts.ts';

/**
 * The range of the analytics page (fullAnalytics): 7, 30 or 90 days and 12 months, as radio buttons that
 * look like tabs. A range of a higher plan (`lockedBy`: the plan that has it, or null) is shown locked, with
 * its plan's name, as a link to the plan picker instead of a choice the server would refuse.
 */
export function RangePicker({
  value,
  onChange,
  lockedBy,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
  lockedBy: (range: AnalyticsRange) => PlanId | null;
}) {
  const { i18n } = useLingui();
  const rangeTexts = useRangeTexts();
  const option = 'relative rounded-md px-3 py-1.5 text-sm font-semibold';
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="sr-only">
        <Trans>Range</Trans>
      </legend>
      <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-0.5">
        {ANALYTICS_RANGES.map((range) => {
          const name = rangeTexts.name(range);
          const plan = lockedBy(range);
          if (plan) {
            const planName = i18n._(PLAN_BADGES[plan]);
            return (
              <Link
                key={range}
                to={planPickerPath}
                className={cn(
                  option,
                  // inline, not flex: the spaces between name, plan and note stay in its accessible name
                  'text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-strong',
                )}
              >
                <Lock aria-hidden className="mr-1 inline-block size-3.5 align-[-0.125em]" />
                {name}{' '}
                <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs font-semibold text-brand-strong">
                  {planName}
                </span>{' '}
                <span className="sr-only">
                  <Trans>(upgrade to choose it)</Trans>
                </span>
              </Link>
            );
          }
          return (
            <label
              key={range}
              className={cn(
                option,
                'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-strong',
                range === value ? 'bg-ink text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <input
                type="radio"
                name="analytics-range"
                // over the whole label, unseen: a tap or click anywhere on it is the radio's own
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
                checked={range === value}
                onChange={() => onChange(range)}
              />
              {name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
