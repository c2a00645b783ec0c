import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { ACTIVITY_METRICS, type ActivityMetric } from '#src/analytics.ts';
import { cn } from '../../lib/cn.ts';
import { METRICS } from './metrics.ts';

/** A row of the table: what it counts (a card, a link, a member) and its counts. */
export interface ActivityCountsRow {
  key: string;
  name: ReactNode;
  counts: Record<ActivityMetric, number>;
}

/**
 * Rows with a name and their scans, views, clicks and leads: a table from the `sm` breakpoint up; below it
 * (a phone) each row is a block of labels over values, so that the four counts fit without scrolling
 * sideways and a name gets the screen's whole width. Only one of the two is displayed (the other is
 * display: none, out of the accessibility tree). `breakNamesAnywhere`: names with e-mail addresses, which
 * have no place to break a line and would widen the table instead.
 */
export function ActivityCountsTable({
  nameHeader,
  rows,
  breakNamesAnywhere = false,
}: {
  nameHeader: ReactNode;
  rows: ActivityCountsRow[];
  breakNamesAnywhere?: boolean;
}) {
  const { i18n } = useLingui();
  const nameWrap = breakNamesAnywhere ? 'wrap-anywhere' : 'break-words';
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {nameHeader}
            </th>
            {ACTIVITY_METRICS.map((metric) => (
              <th key={metric} scope="col" className="px-3 py-2 text-right font-medium">
                {i18n._(METRICS[metric].label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className={cn('py-2 pr-3 font-normal', nameWrap)}>
                {row.name}
              </th>
              {ACTIVITY_METRICS.map((metric) => (
                <td key={metric} className="px-3 py-2 text-right tabular-nums">
                  {i18n.number(row.counts[metric])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 text-sm sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className="py-3 first:pt-0 last:pb-0">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
              <div className="col-span-2">
                <dt className="text-xs font-medium text-slate-700">{nameHeader}</dt>
                <dd className={nameWrap}>{row.name}</dd>
              </div>
              {ACTIVITY_METRICS.map((metric) => (
                <div key={metric}>
                  <dt className="text-xs font-medium text-slate-700">{i18n._(METRICS[metric].label)}</dt>
                  <dd className="font-semibold text-ink tabular-nums">{i18n.number(row.counts[metric])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
