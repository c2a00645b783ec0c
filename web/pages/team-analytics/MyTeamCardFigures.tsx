import { useLingui } from '@lingui/react/macro';
import { ACTIVITY_METRICS, DEFAULT_RANGE } from '#src/analytics.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { trpc } from '../../lib/trpc.ts';
import { BROWSER_TIME_ZONE } from '../analytics/browser-time-zone.ts';
import { METRICS } from '../analytics/metrics.ts';
import { useRangeTexts } from '../analytics/range-texts.ts';

type CardFigures = RouterOutputs['analytics']['myTeamCards'][number];

/**
 * A member's own team cards' numbers of the default range (a Business team's advancedAnalytics), by card
 * id; empty while loading or when the team's plan has none (the numbers are simply not shown).
 */
export function useMyTeamCardFigures(): ReadonlyMap<string, CardFigures> {
  const figures = trpc.analytics.myTeamCards.useQuery(
    { timeZone: BROWSER_TIME_ZONE, range: DEFAULT_RANGE },
    { retry: false },
  );
  return new Map((figures.data ?? []).flatMap((row) => (row.id ? [[row.id, row] as const] : [])));
}

/** One card's scans, views, clicks and leads of the default range, under the card on the team page. */
export function MyTeamCardFigures({ figures }: { figures: CardFigures }) {
  const { i18n } = useLingui();
  const rangeTexts = useRangeTexts();
  return (
    <div className="pb-4 text-sm">
      <p className="font-medium text-slate-700">{rangeTexts.totals(DEFAULT_RANGE)}</p>
      <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {ACTIVITY_METRICS.map((metric) => (
          <div key={metric} className="flex gap-1.5">
            <dt className="text-slate-700">{i18n._(METRICS[metric].label)}</dt>
            <dd className="font-semibold text-ink tabular-nums">{i18n.number(figures[metric])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
