import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import type { AnalyticsRange } from '#src/analytics.ts';
import { serverPaths } from '#src/routes.ts';
import { holderKey, type CardHolder, type TeamAnalyticsTable } from '#src/team-analytics.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { UserText } from '../../components/UserText.tsx';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ActivityCountsTable } from '../analytics/ActivityCountsTable.tsx';

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
          <ActivityCountsTable
            breakNamesAnywhere
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
          <ActivityCountsTable
            breakNamesAnywhere
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
