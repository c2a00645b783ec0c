import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeamImportRowView } from '#server/teams/import.ts';
import { TEAM_IMPORT_OUTCOMES, type TeamImportOutcome } from '#src/team-import.ts';
import { UserText } from '../../../components/UserText.tsx';
import { EmailAddress } from '../../../components/EmailAddress.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { TEAM_ROLE_NAMES } from '../team-names.ts';
import { changesText, DONE_OUTCOME, issueText, PLANNED_OUTCOME } from './import-texts.ts';

/** Rows shown at first, and added by each "Show more". */
const PAGE_ROWS = 50;

type Filter = 'all' | TeamImportOutcome;

const BADGE_CLASSES: Record<TeamImportOutcome, string> = {
  invited: 'bg-emerald-100 text-emerald-900',
  updated: 'bg-sky-100 text-sky-900',
  unchanged: 'bg-slate-100 text-slate-800',
  error: 'bg-red-100 text-red-900',
};

function RowOutcome({ row, phase }: { row: TeamImportRowView; phase: 'planned' | 'done' }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const label = i18n._((phase === 'planned' ? PLANNED_OUTCOME : DONE_OUTCOME)[row.outcome]);
  const roleName = row.role ? i18n._(TEAM_ROLE_NAMES[row.role]) : null;
  const changes = changesText(locale, row.changes);
  return (
    <div className="space-y-1">
      <span
        className={cn(
          'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
          BADGE_CLASSES[row.outcome],
        )}
      >
        {label}
      </span>
      {row.outcome === 'invited' && roleName && (
        <p className="text-slate-700">
          <Trans>As: {roleName}</Trans>
        </p>
      )}
      {row.outcome === 'updated' && (
        <p className="text-slate-700">
          <Trans>Changes: {changes}</Trans>
        </p>
      )}
      {row.cardPublic === 'on_join' && (
        <p className="text-slate-700">
          <Trans>Its card stays a draft, not public, until they join.</Trans>
        </p>
      )}
      {row.cardPublic === 'now' && (
        <p className="text-slate-700">
          <Trans>Its card is public at once.</Trans>
        </p>
      )}
      {row.issues.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-4 text-red-800">
          {row.issues.map((issue, index) => (
            <li key={index}>{issueText(i18n, locale, issue)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The rows of an import: per row its number as the spreadsheet shows it, the person, and what will happen
 * (the dry run) or what happened (the import), with the reasons of a refused row. A filter by outcome, and
 * PAGE_ROWS at a time, so a whole team's file stays quick on a phone.
 */
export function ImportRows({
  rows,
  phase,
}: {
  rows: readonly TeamImportRowView[];
  phase: 'planned' | 'done';
}) {
  const { t, i18n } = useLingui();
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [shown, setShown] = useState(PAGE_ROWS);
  const counts = new Map<TeamImportOutcome, number>(TEAM_IMPORT_OUTCOMES.map((outcome) => [outcome, 0]));
  for (const row of rows) counts.set(row.outcome, (counts.get(row.outcome) ?? 0) + 1);
  const filtered = filter === 'all' ? rows : rows.filter((row) => row.outcome === filter);
  const visible = filtered.slice(0, shown);
  const more = filtered.length - visible.length;
  const names = phase === 'planned' ? PLANNED_OUTCOME : DONE_OUTCOME;
  const total = rows.length;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={filterId} className="text-sm font-medium text-ink">
          <Trans>Show</Trans>
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setShown(PAGE_ROWS);
          }}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
        >
          <option value="all">{t`All rows (${total})`}</option>
          {TEAM_IMPORT_OUTCOMES.map((outcome) => {
            const label = i18n._(names[outcome]);
            const count = counts.get(outcome) ?? 0;
            return (
              <option key={outcome} value={outcome} disabled={count === 0}>
                {t`${label} (${count})`}
              </option>
            );
          })}
        </select>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                <Trans>Row</Trans>
              </th>
              <th scope="col" className="w-2/5 py-2 pr-2 font-medium">
                <Trans>Person</Trans>
              </th>
              <th scope="col" className="py-2 font-medium">
                {phase === 'planned' ? <Trans>What will happen</Trans> : <Trans>Result</Trans>}
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr key={row.row} className="border-b border-slate-100 align-top last:border-0">
                <td className="py-2 pr-2 text-slate-700 tabular-nums">{row.row}</td>
                <th scope="row" className="py-2 pr-2 font-normal break-words">
                  <span className="block font-semibold text-ink">
                    <UserText>{row.name}</UserText>
                  </span>
                  <span className="block text-slate-700">
                    <EmailAddress>{row.email}</EmailAddress>
                  </span>
                </th>
                <td className="py-2">
                  <RowOutcome row={row} phase={phase} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && (
        <Button variant="secondary" size="sm" onClick={() => setShown((count) => count + PAGE_ROWS)}>
          <Trans>Show more rows ({more} left)</Trans>
        </Button>
      )}
    </div>
  );
}
