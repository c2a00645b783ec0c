import { Trans, useLingui } from '@lingui/react/macro';
import { ANALYTICS_RANGES, type AnalyticsRange } from '#src/analytics.ts';
import { cn } from '../../lib/cn.ts';

/** The range of the analytics page (fullAnalytics): 7, 30 or 90 days, as radio buttons that look like tabs. */
export function RangePicker({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (days: AnalyticsRange) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="sr-only">
        <Trans>Range</Trans>
      </legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {ANALYTICS_RANGES.map((days) => (
          <label
            key={days}
            className={cn(
              'relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-strong',
              days === value ? 'bg-ink text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name="analytics-range"
              // over the whole label, unseen: a tap or click anywhere on it is the radio's own
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
              checked={days === value}
              onChange={() => onChange(days)}
            />
            {t`${days} days`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
