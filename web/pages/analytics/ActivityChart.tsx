import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ACTIVITY_METRICS, interactionsOf, type ActivityMetric, type RangeUnit } from '#src/analytics.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ChartDataTable } from './ChartDataTable.tsx';
import { AXIS_LOOK, countAxis, GRID_LOOK, pointTooltip } from './chart-look.ts';
import { bucketFormat } from './day-format.ts';
import { METRICS } from './metrics.ts';

/** A day of the chart, or a month (`date`: its first day). */
type Day = RouterOutputs['analytics']['overview']['buckets'][number];

/** The tooltip lists the metrics in the cards' order (recharts would sort them by name). */
const metricOrder = (item: { dataKey?: unknown }) =>
  ACTIVITY_METRICS.findIndex((metric) => metric === item.dataKey);

/**
 * About five or six ticks ending with the current day or month (one a day for a week, one a week for a
 * month, every other month of a year): the same ones at every width.
 */
const ticksOf = (days: Day[], unit: RangeUnit) => {
  const step = unit === 'month' ? 2 : days.length <= 7 ? 1 : days.length <= 31 ? 7 : 14;
  return days.filter((_, index) => (days.length - 1 - index) % step === 0).map((day) => day.date);
};

/** The day or month with the most interactions (the latest of equals), or null when every one had none. */
function busiestDay(days: Day[]): Day | null {
  return days.reduce<Day | null>(
    (best, day) =>
      interactionsOf(day) > 0 && interactionsOf(day) >= (best ? interactionsOf(best) : 0) ? day : best,
    null,
  );
}

/**
 * The chart's legend: each metric's line colour as a short stroke beside its name in body text. Recharts'
 * own legend writes the names in the line colours (QR scans' 4.1:1 on white is under WCAG's 4.5:1) and
 * labels each icon in English ('… legend icon'), whatever the page's language.
 */
function MetricLegend({ label }: { label: (metric: ActivityMetric) => string }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1 pt-2 text-sm text-slate-700">
      {ACTIVITY_METRICS.map((metric) => (
        <li key={metric} className="flex items-center gap-2">
          <span
            aria-hidden
            className="h-0.5 w-4 rounded-full"
            style={{ backgroundColor: METRICS[metric].colour }}
          />
          {label(metric)}
        </li>
      ))}
    </ul>
  );
}

/** The chart's words for a range of days and for one of months. */
function useChartTexts(unit: RangeUnit, count: number) {
  const { t } = useLingui();
  if (unit === 'month') {
    const months = count;
    return {
      description: t`QR scans, profile views, link clicks and leads per month over the last ${months} months.`,
      busiest: (month: string, interactions: number) => (
        <Trans>
          Busiest month: {month}, with{' '}
          <Plural value={interactions} one="# interaction" other="# interactions" />.
        </Trans>
      ),
      nothingYet: (
        <Trans>
          Nothing yet in the last {months} months: share your card or a QR code, and the first scans, views
          and clicks show here.
        </Trans>
      ),
      figure: t`Chart of the activity per month`,
      table: t`Activity per month`,
      column: t`Month`,
    };
  }
  const windowDays = count;
  return {
    description: t`QR scans, profile views, link clicks and leads per day over the last ${windowDays} days.`,
    busiest: (day: string, interactions: number) => (
      <Trans>
        Busiest day: {day}, with <Plural value={interactions} one="# interaction" other="# interactions" />.
      </Trans>
    ),
    nothingYet: (
      <Trans>
        Nothing yet in the last {windowDays} days: share your card or a QR code, and the first scans, views
        and clicks show here.
      </Trans>
    ),
    figure: t`Chart of the activity per day`,
    table: t`Activity per day`,
    column: t`Date`,
  };
}

/**
 * The activity overview (docs/decisions/008-where-the-spec-is-silent.md): QR scans, profile views, link
 * clicks and leads per day of the range (30 days unless chosen), or per month of the 12 months, as a line
 * chart (keyboard-navigable through recharts' accessibility layer), a sentence that sums it up, and the same
 * numbers as a table for screen readers.
 */
export function ActivityChart({ days, unit }: { days: Day[]; unit: RangeUnit }) {
  const { t, i18n } = useLingui();
  const summaryId = useId();
  const texts = useChartTexts(unit, days.length);
  const { shortDate, longDate } = bucketFormat(i18n, unit);
  const busiest = busiestDay(days);
  const metricLabel = (metric: ActivityMetric) => i18n._(METRICS[metric].label);

  return (
    <SectionCard title={t`Activity overview`} description={texts.description}>
      <p id={summaryId} className="text-sm text-slate-700">
        {busiest ? texts.busiest(longDate(busiest.date), interactionsOf(busiest)) : texts.nothingYet}
      </p>
      <figure aria-label={texts.figure} aria-describedby={summaryId} className="-ml-2 sm:ml-0">
        <LineChart
          responsive
          data={days}
          style={{ width: '100%', height: 288 }}
          margin={{ top: 8, right: 24, bottom: 0, left: 0 }}
        >
          <CartesianGrid {...GRID_LOOK} />
          <XAxis
            dataKey="date"
            ticks={ticksOf(days, unit)}
            interval={0}
            tickFormatter={shortDate}
            tickMargin={8}
            {...AXIS_LOOK}
          />
          <YAxis {...countAxis(i18n)} />
          <Tooltip itemSorter={metricOrder} separator=": " {...pointTooltip(i18n, longDate)} />
          <Legend content={<MetricLegend label={metricLabel} />} />
          {ACTIVITY_METRICS.map((metric) => (
            <Line
              key={metric}
              type="monotone"
              dataKey={metric}
              name={metricLabel(metric)}
              stroke={METRICS[metric].colour}
              strokeWidth={2}
              // twelve months are twelve points, each shown; a day's is shown when pointed at
              dot={unit === 'month' ? { r: 3 } : false}
              activeDot={{ r: 4 }}
            />
          ))}
        </LineChart>
      </figure>
      <ChartDataTable
        caption={texts.table}
        dateHeader={texts.column}
        columns={ACTIVITY_METRICS.map((metric) => ({
          key: metric,
          label: metricLabel(metric),
          value: (day: Day) => day[metric],
        }))}
        points={days}
        dateLabel={longDate}
      />
    </SectionCard>
  );
}
