import { useId, useMemo, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CAMPAIGN_DIMENSIONS,
  interactionsOf,
  VISIT_DIMENSIONS,
  type AnalyticsRange,
} from '#src/analytics.ts';
import { serverPaths } from '#src/routes.ts';
import { Notice } from '../../components/Notice.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { UserText } from '../../components/UserText.tsx';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { useKeptRecords } from '../../lib/use-kept-records.ts';
import { DIMENSION_TITLES, NOT_RECORDED, valueLabel, type ListedDimension } from './dimension-labels.ts';
import { ActivityCountsTable } from './ActivityCountsTable.tsx';
import { ChartDataTable } from './ChartDataTable.tsx';
import { AXIS_LOOK, countAxis, GRID_LOOK, pointTooltip } from './chart-look.ts';
import { bucketFormat } from './day-format.ts';

type Breakdowns = RouterOutputs['analytics']['breakdowns'];
/** Breakdowns of some cards only (a team member's, a team card's) come without unique visitors. */
type AnyBreakdowns = Omit<Breakdowns, 'visitors'> & { visitors: Breakdowns['visitors'] | null };
type Item = Breakdowns['items'][number];
type Row = Breakdowns['dimensions']['device'][number];

const ITEM_KINDS = {
  card: msg`vCard`,
  qr: msg`QR code`,
  profile: msg`Profile link`,
} as const;

/** The CSV of the range's events: a plain download the browser shows the progress of. */
function csvUrl(range: AnalyticsRange, timeZone: string): string {
  return `${serverPaths.analyticsEvents}?${new URLSearchParams({ range, timeZone })}`;
}

/** A card or link as the table by card and link names it: its title and kind, or the row of the rest. */
function ItemName({ item }: { item: Item }) {
  const { i18n } = useLingui();
  return item.kind ? (
    <>
      <span className="block font-semibold text-ink">
        <UserText>{item.title}</UserText>
      </span>
      <span className="text-slate-700">{i18n._(ITEM_KINDS[item.kind])}</span>
    </>
  ) : (
    <span className="text-slate-700">
      <Trans>Deleted cards and other profile views</Trans>
    </span>
  );
}

/** Each card and link with its scans, views, clicks and leads in the range. */
function ItemTable({ items }: { items: Item[] }) {
  const { t } = useLingui();
  return (
    <SectionCard title={t`By card and link`}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No visits in this range yet.</Trans>
        </p>
      ) : (
        <ActivityCountsTable
          nameHeader={t`Card or link`}
          rows={items.map((item) => ({
            key: item.value || 'deleted',
            name: <ItemName item={item} />,
            counts: item,
          }))}
        />
      )}
    </SectionCard>
  );
}

/** One dimension's values with their visits, most first, each with a bar of its share. */
function DimensionList({
  dimension,
  rows,
  description,
}: {
  dimension: ListedDimension;
  rows: Row[];
  description?: string;
}) {
  const { i18n } = useLingui();
  const most = Math.max(1, ...rows.map(interactionsOf));
  return (
    <SectionCard title={i18n._(DIMENSION_TITLES[dimension])} description={description}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No visits in this range yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-3 text-sm">
          {rows.map((row) => (
            <li key={row.value}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words text-ink">{valueLabel(i18n, dimension, row.value)}</span>
                <span className="tabular-nums text-slate-700">{i18n.number(interactionsOf(row))}</span>
              </div>
              <div aria-hidden className="mt-1 h-1.5 rounded-full bg-slate-100">
                <div
                  className="h-1.5 rounded-full bg-brand-strong"
                  style={{ width: `${(interactionsOf(row) / most) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/**
 * Unique visitors per day (or their sum per month, for the 12 months) as bars, with the same numbers as a
 * table for screen readers.
 */
function VisitorsChart({
  visitors,
  unit,
  i18n,
}: {
  visitors: Breakdowns['visitors'];
  unit: Breakdowns['unit'];
  i18n: I18n;
}) {
  const { t } = useLingui();
  const kept = useKeptRecords();
  const noteId = useId();
  const { shortDate, longDate } = bucketFormat(i18n, unit);
  const label = t`Unique visitors`;
  const perMonth = unit === 'month';
  return (
    <SectionCard
      title={label}
      description={
        perMonth
          ? t`People who opened a card or followed a link, each counted once a day (days in UTC), added up by month.`
          : t`People who opened a card or followed a link, each counted once a day (days in UTC).`
      }
    >
      <p id={noteId} className="text-sm text-slate-700">
        <Trans>
          A visitor is recognised only within one day, from a code made of their network address and browser
          that changes every day; neither the address nor the browser is stored.
        </Trans>
        {kept?.has('logged-addresses') && (
          <>
            {' '}
            <Trans>The operator of this server has chosen to keep both in its logs, for every request.</Trans>
          </>
        )}
      </p>
      <figure
        aria-label={
          perMonth ? t`Chart of the unique visitors per month` : t`Chart of the unique visitors per day`
        }
        aria-describedby={noteId}
      >
        <BarChart
          responsive
          data={visitors}
          style={{ width: '100%', height: 200 }}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid {...GRID_LOOK} />
          <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} {...AXIS_LOOK} />
          <YAxis {...countAxis(i18n)} />
          <Tooltip {...pointTooltip(i18n, longDate)} />
          <Bar dataKey="visitors" name={label} fill="#006b96" isAnimationActive={false} />
        </BarChart>
      </figure>
      <ChartDataTable
        caption={perMonth ? t`Unique visitors per month` : t`Unique visitors per day`}
        dateHeader={perMonth ? t`Month` : t`Date`}
        columns={[{ key: 'visitors', label, value: (day) => day.visitors }]}
        points={visitors}
        dateLabel={longDate}
      />
    </SectionCard>
  );
}

/** advancedAnalytics: the visits by the utm_* parameters of the address they opened ('' for none). */
function CampaignLists({ campaigns }: { campaigns: NonNullable<Breakdowns['campaigns']> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        {/* a heading of the level of the lists' own, which follow it */}
        <h2 id={headingId} className="text-base font-semibold text-ink">
          <Trans>Campaign tags</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Visits whose address carried utm_source, utm_medium or utm_campaign, such as a link in a
            newsletter ending in ?utm_source=newsletter.
          </Trans>
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {CAMPAIGN_DIMENSIONS.map((dimension) => (
          <DimensionList key={dimension} dimension={dimension} rows={campaigns[dimension]} />
        ))}
      </div>
    </section>
  );
}

/**
 * A range's visits broken down: by card and link, device, browser, referrer and country (and campaign,
 * when the plan has them), its scans and clicks by how the links served them, the unique visitors; what
 * the operator does not record is said (item 8). `download`: the CSV of its events, where there is one;
 * `withItems` false where the page has its own table by card (a team's).
 */
export function BreakdownsView({
  data,
  error,
  onRetry,
  download,
  withItems = true,
  controls,
}: {
  data: AnyBreakdowns | undefined;
  error: Parameters<typeof QueryStatus>[0]['error'];
  onRetry: () => void;
  download?: string;
  withItems?: boolean;
  /** What the page lets a person choose about the breakdowns, under their heading. */
  controls?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const listFormat = useMemo(() => new Intl.ListFormat(i18n.locale, { type: 'conjunction' }), [i18n.locale]);
  const notRecorded = data?.notRecorded.map((name) => i18n._(NOT_RECORDED[name])) ?? [];
  const notRecordedList = listFormat.format(notRecorded);
  return (
    <div className="space-y-6" aria-busy={!data && !error}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>Breakdowns</Trans>
        </h2>
        {download && (
          <Button asChild variant="secondary">
            <a href={download} download>
              <Download aria-hidden />
              <Trans>Download CSV</Trans>
            </a>
          </Button>
        )}
      </div>
      {controls}
      {notRecorded.length > 0 ? (
        <Notice tone="info" title={<Trans>Not recorded on this server</Trans>}>
          <Trans>
            The operator of this server has turned off recording of: {notRecordedList}. Their breakdowns stay
            empty.
          </Trans>
        </Notice>
      ) : null}
      {error ? (
        <QueryStatus error={error} onRetry={onRetry} />
      ) : data ? (
        <>
          {withItems && <ItemTable items={data.items} />}
          <div className="grid gap-6 md:grid-cols-2">
            {VISIT_DIMENSIONS.map((dimension) => (
              <DimensionList key={dimension} dimension={dimension} rows={data.dimensions[dimension]} />
            ))}
            {/* only links are followed: without a scan or click there is nothing to tell apart */}
            {data.totals.scans + data.totals.clicks > 0 ? (
              <DimensionList
                dimension="outcome"
                rows={data.outcomes}
                description={t`Scans and clicks sent to the link's destination, to its fallback address while it was not live, or to the address of a device or language rule.`}
              />
            ) : null}
          </div>
          {data.campaigns ? <CampaignLists campaigns={data.campaigns} /> : null}
          {data.visitors ? <VisitorsChart visitors={data.visitors} unit={data.unit} i18n={i18n} /> : null}
        </>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          <Trans>Loading...</Trans>
        </p>
      )}
    </div>
  );
}

/** Full analytics (fullAnalytics): the signed-in person's own breakdowns, with the CSV of their events. */
export function Breakdowns({ range, timeZone }: { range: AnalyticsRange; timeZone: string }) {
  const breakdowns = trpc.analytics.breakdowns.useQuery(
    { range, timeZone },
    { placeholderData: (previous) => previous },
  );
  return (
    <BreakdownsView
      data={breakdowns.data}
      error={breakdowns.error}
      onRetry={() => void breakdowns.refetch()}
      download={csvUrl(range, timeZone)}
    />
  );
}
