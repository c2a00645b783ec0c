import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TeamImportFileProblem } from '#server/teams/import-file.ts';
import type { Locale } from '#src/i18n.ts';
import {
  TEAM_IMPORT_HEADERS,
  type TeamImportChange,
  type TeamImportIssue,
  type TeamImportOutcome,
} from '#src/team-import.ts';
import { VALIDATION_MESSAGE_TEXT } from '../../../lib/error-messages.ts';

// The words of the import screen that depend on what the server answered: a row's outcome before and after
// the import, a refused file's problem and a refused row's reasons, with the columns named by the headers
// of the reader's language (TEAM_IMPORT_HEADERS), as the template writes them.

/** What the dry run says will become of a row. */
export const PLANNED_OUTCOME: Record<TeamImportOutcome, MessageDescriptor> = {
  invited: msg`Will be invited`,
  updated: msg`Will be updated`,
  unchanged: msg`No change`,
  error: msg`Not imported`,
};

/** What the import did with a row. */
export const DONE_OUTCOME: Record<TeamImportOutcome, MessageDescriptor> = {
  invited: msg`Invited`,
  updated: msg`Updated`,
  unchanged: msg`No change`,
  error: msg`Not imported`,
};

/** The text of a validation id with the values it names ({column}, {line}, {row}). */
function validationText(i18n: I18n, descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  const filled: MessageDescriptor = { ...descriptor, values: { ...descriptor.values, ...values } };
  return i18n._(filled);
}

/** Why a whole file was refused. */
export function fileProblemText(i18n: I18n, locale: Locale, problem: TeamImportFileProblem): string {
  const values: Record<string, unknown> = {};
  if ('column' in problem) values.column = TEAM_IMPORT_HEADERS[locale][problem.column];
  if ('line' in problem) values.line = problem.line;
  return validationText(i18n, VALIDATION_MESSAGE_TEXT[problem.message], values);
}

/** A refused row's reason, after the column it is about ("Email: not a valid email address"). */
export function issueText(i18n: I18n, locale: Locale, issue: TeamImportIssue): string {
  const text = validationText(i18n, VALIDATION_MESSAGE_TEXT[issue.message], { row: issue.firstRow });
  return issue.column === null ? text : `${TEAM_IMPORT_HEADERS[locale][issue.column]}: ${text}`;
}

/** What an update changes, by the columns' headers ("Role, Position"). */
export function changesText(locale: Locale, changes: readonly TeamImportChange[]): string {
  return changes.map((change) => TEAM_IMPORT_HEADERS[locale][change]).join(', ');
}

/** The template's file name in each language. */
export const TEMPLATE_FILE_NAME: Record<Locale, string> = {
  en: 'team-import-template.csv',
  es: 'plantilla-importacion-equipo.csv',
};
