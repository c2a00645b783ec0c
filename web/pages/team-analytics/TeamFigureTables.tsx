import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { ACTIVITY_METRICS, type AnalyticsRange } from '#src/analytics.ts';
import { serverPaths } from '#src/routes.ts';
import { holderKey, type CardHolder, type Counts, type TeamAnalyticsTable } from '#src/team-analytics.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { UserText } from '../../components/UserText.tsx';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { METRICS } from '../analytics/metrics.ts';

type TeamAnalytics = RouterOutputs['analytics']['team'];

/** One of the team's CSV files for the range: a plain download. */
function csvUrl(table: TeamAnalyticsTable, range: AnalyticsRange, timeZone: string): string {
  return `${serverPaths.teamAnalyticsCsv}?${new URLSearchParams({ table, range, timeZone })}`;
}

function CsvButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="secondary" size="sm">
      <a href={href} download>
        <Download aria-hidden />
        {children}
      </a>
    </Button>
  );
}

/** Whom a card is for: a member (name and address), an invited address, or nobody. */
function HolderName({ holder, secondary = false }: { holder: CardHolder; secondary?: boolean }) {
  const main = secondary ? 'block text-slate-700' : 'block font-semibold text-ink';
  switch (holder.kind) {
    case 'member':
      return (
        <>
          <span className={main}>
            <UserText>{holder.name}</UserText>
          </span>
          {!secondary && <span className="block text-slate-700">{holder.email}</span>}
        </>
      );
    case 'invitee':
      return (
        <span className={main}>
          {holder.email}{' '}
          <span className="font-normal text-slate-700">
            <Trans>(invitation pending)</Trans>
          </span>
        </span>
      );
    case 'none':
      return (
        <span className={main}>
          <Trans>No member</Trans>
        </span>
      );
  }
}

function NoCards() {
  return (
    <p className="text-sm text-slate-700">
      <Trans>The team has no cards yet.</Trans>
    </p>
  );
}

interface FigureRow {
  key: string;
  name: ReactNode;
  counts: Counts;
}

/**
 * Rows with a name and their scans, views, clicks and leads, as the analytics page's table by card and link, from
 * the `sm` breakpoint up; below it (a phone) each row is a block of labels over values, so a name or an
 * address gets the screen's whole width instead of a narrow column. Only one of the two is displayed (the
 * other is display: none, out of the accessibility tree).
 */
function FiguresTable({ nameHeader, rows }: { nameHeader: ReactNode; rows: FigureRow[] }) {
  const { i18n } = useLingui();
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
              <th scope="row" className="py-2 pr-3 font-normal wrap-anywhere">
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
                <dd className="wrap-anywhere">{row.name}</dd>
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

/**
 * The team's figures per member and per card for the range (src/team-analytics.ts teamFigures), each with
 * its CSV, and the CSV of the team's events (as the analytics page's). Counts belong to a card: a card handed over shows its whole history under its new member.
 */
export function TeamFigureTables({
  data,
  range,
  timeZone,
}: {
  data: TeamAnalytics;
  range: AnalyticsRange;
  timeZone: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <p>
        <CsvButton href={csvUrl('events', range, timeZone)}>
          <Trans>Download the team's events CSV</Trans>
        </CsvButton>
      </p>
      <SectionCard
        title={t`By member`}
        description={t`Each member's team cards added up, with their whole history: a card handed to someone else takes its counts along.`}
      >
        <CsvButton href={csvUrl('members', range, timeZone)}>
          <Trans>Download members CSV</Trans>
        </CsvButton>
        {data.members.length === 0 ? (
          <NoCards />
        ) : (
          <FiguresTable
            nameHeader={<Trans>Member</Trans>}
            rows={data.members.map((row) => ({
              key: holderKey(row.holder),
              name: <HolderName holder={row.holder} />,
              counts: row,
            }))}
          />
        )}
      </SectionCard>
      <SectionCard title={t`By card`}>
        <CsvButton href={csvUrl('cards', range, timeZone)}>
          <Trans>Download cards CSV</Trans>
        </CsvButton>
        {data.cards.length === 0 ? (
          <NoCards />
        ) : (
          <FiguresTable
            nameHeader={<Trans>Card</Trans>}
            rows={data.cards.map((row) => ({
              key: row.id ?? 'none',
              name:
                row.id === null ? (
                  <span className="text-slate-700">
                    <Trans>Links and views on no card</Trans>
                  </span>
                ) : (
                  <>
                    <span className="block font-semibold text-ink">
                      <UserText>{row.name}</UserText>
                    </span>
                    <HolderName holder={row.holder} secondary />
                  </>
                ),
              counts: row,
            }))}
          />
        )}
      </SectionCard>
    </>
  );
}
