import { stringify } from 'csv-stringify/sync';
import type { Locale } from '../../src/i18n.ts';
import type {
  TeamImportChange,
  TeamImportColumn,
  TeamImportIssue,
  TeamImportOutcome,
} from '../../src/team-import.ts';
import { teamImportNameHeader, type TeamImportFile, type TeamImportFileRow } from './import-file.ts';
import type { PlannedTeamImportRow } from './import-plan.ts';
import { TEAM_IMPORT_TEXTS } from './import-texts.ts';

// What an import did with each row, and the file that tells it: the uploaded file's own columns and rows,
// each with its result and reason in the importing person's language.

export interface TeamImportRowResult extends TeamImportFileRow {
  outcome: TeamImportOutcome;
  /** An update's changes. */
  changes: TeamImportChange[];
  /** An error's reasons. */
  issues: TeamImportIssue[];
}

const OUTCOME_OF_ACTION = {
  invite: 'invited',
  update: 'updated',
  unchanged: 'unchanged',
  error: 'error',
} as const satisfies Record<PlannedTeamImportRow['action'], TeamImportOutcome>;

/**
 * A planned row once the import has written it: as planned, or, when writing it was refused (the person
 * joined another team meanwhile: IN_OTHER_TEAM), an error with those reasons.
 */
export function teamImportRowResult(
  planned: PlannedTeamImportRow,
  refused: readonly TeamImportIssue[] = [],
): TeamImportRowResult {
  const base = { row: planned.row, cells: planned.cells };
  if (refused.length > 0) return { ...base, outcome: 'error', changes: [], issues: [...refused] };
  return {
    ...base,
    outcome: OUTCOME_OF_ACTION[planned.action],
    changes: planned.action === 'update' ? planned.changes : [],
    issues: planned.action === 'error' ? planned.issues : [],
  };
}

/**
 * The result file: the uploaded file's header and rows as they were, with a result and a reason column,
 * separated as the upload was (a Spanish Excel reads semicolons) and with a byte order mark (spreadsheets
 * then read it as UTF-8). Cells that start like a formula are written as text (escape_formulas).
 */
export function teamImportResultCsv(
  file: Pick<TeamImportFile, 'delimiter' | 'headers' | 'columns' | 'nameParts'>,
  results: readonly TeamImportRowResult[],
  locale: Locale,
): string {
  const texts = TEAM_IMPORT_TEXTS[locale];
  const headerOf = (column: TeamImportColumn) =>
    column === 'name' ? teamImportNameHeader(file) : (file.headers[file.columns[column] ?? -1] ?? column);
  const reasonOf = (result: TeamImportRowResult): string => {
    if (result.outcome === 'updated') return texts.changed(result.changes.map(headerOf).join(', '));
    return result.issues
      .map((issue) => {
        const text = texts.issues[issue.message]({ firstRow: issue.firstRow });
        return issue.column === null ? text : `${headerOf(issue.column)}: ${text}`;
      })
      .join('; ');
  };
  return stringify(
    [
      [...file.headers, texts.columns.result, texts.columns.reason],
      ...results.map((result) => [
        ...file.headers.map((_, index) => result.cells[index] ?? ''),
        texts.outcomes[result.outcome],
        reasonOf(result),
      ]),
    ],
    { delimiter: file.delimiter, escape_formulas: true, bom: true },
  );
}
