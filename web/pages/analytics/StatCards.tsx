import { useLingui } from '@lingui/react/macro';
import type { AnalyticsRange } from '#src/analytics.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ChangeIndicator } from './ChangeIndicator.tsx';
import { METRICS, type SummaryMetric } from './metrics.ts';
import { useRangeTexts } from './range-texts.ts';

type Totals = RouterOutputs['analytics']['overview']['totals'];

const CARD_ORDER: readonly SummaryMetric[] = ['scans', 'views', 'clicks', 'leads', 'interactions'];

/**
 * spec section 2, Analytics: the counts of the range (30 days unless chosen), each with its change: every
 * kind of activity, leads included, and their total.
 */
export function StatCards({ totals, range }: { totals: Totals; range: AnalyticsRange }) {
  const { i18n } = useLingui();
  const rangeTexts = useRangeTexts();
  return (
    <ul
      aria-label={rangeTexts.totals(range)}
      className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5"
    >
      {CARD_ORDER.map((metric) => {
        const { label, icon: Icon, colour } = METRICS[metric];
        return (
          <li key={metric} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="flex items-start justify-between gap-4">
              <div>
                <p className="text-sm font-medium text-slate-700">{i18n._(label)}</p>
                <p className="mt-1 text-3xl font-bold text-ink">{i18n.number(totals[metric].current)}</p>
              </div>
              <span
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-50"
                style={{ color: colour }}
              >
                <Icon aria-hidden className="size-5" />
              </span>
            </div>
            <ChangeIndicator total={totals[metric]} range={range} />
          </li>
        );
      })}
    </ul>
  );
}
