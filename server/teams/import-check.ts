import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { TeamImportRowSchema } from '../../src/schemas/team-import.ts';
import { CardFieldsSchema } from '../../src/schemas/vcard.ts';
import {
  TEAM_IMPORT_CARD_FIELDS,
  TEAM_IMPORT_COLUMNS,
  isTeamImportRowMessage,
  looksLikeFormula,
  type TeamImportCard,
  type TeamImportColumn,
  type TeamImportIssue,
} from '../../src/team-import.ts';
import type { InvitableTeamRole } from '../../src/teams.ts';
import { teamImportNameOf, type TeamImportFile, type TeamImportFileRow } from './import-file.ts';

/** A file's name parts: the card form's fields for them (blank: null). */
const NamePartsSchema = z.object({
  givenName: CardFieldsSchema.shape.givenName,
  familyName: CardFieldsSchema.shape.familyName,
});

// Each row of a read file held to the card's and the invitation's own rules (src/schemas/team-import.ts),
// and to the import's: no cell a spreadsheet would run as a formula, and each address once in a file.
// Nothing here knows the team: import-plan.ts weighs the rows against it.

/** What a good row asks for. */
export interface TeamImportPerson {
  /** In lower case. */
  email: string;
  /** The role the row names; null when blank (a new person joins as a member, others keep their role). */
  role: InvitableTeamRole | null;
  /** The card fields of the columns the file has: a column it lacks leaves that field as it is. */
  card: Partial<TeamImportCard> & Pick<TeamImportCard, 'name'>;
}

export type CheckedTeamImportRow = TeamImportFileRow &
  ({ ok: true; person: TeamImportPerson } | { ok: false; issues: TeamImportIssue[] });

function copyField<F extends keyof TeamImportCard>(
  to: Partial<TeamImportCard>,
  from: TeamImportCard,
  field: F,
): void {
  to[field] = from[field];
}

function isColumn(value: unknown): value is TeamImportColumn {
  return typeof value === 'string' && (TEAM_IMPORT_COLUMNS as readonly string[]).includes(value);
}

/** Every row of `file`, good or with the reasons it is refused (one per refused cell, in column order). */
export function checkTeamImportRows(file: TeamImportFile): CheckedTeamImportRow[] {
  const firstRowOf = new Map<string, number>();
  const cardFields = TEAM_IMPORT_CARD_FIELDS.filter((field) => file.columns[field] !== undefined);
  return file.rows.map((fileRow): CheckedTeamImportRow => {
    const { name, parts } = teamImportNameOf(file, fileRow.cells);
    const cellOf = (column: TeamImportColumn) => {
      if (column === 'name') return name;
      const index = file.columns[column];
      return index === undefined ? '' : (fileRow.cells[index] ?? '');
    };
    const issues = new Map<TeamImportColumn, TeamImportIssue>();
    for (const column of TEAM_IMPORT_COLUMNS) {
      const cells = column === 'name' && parts ? [name, ...Object.values(parts)] : [cellOf(column)];
      if (cells.some(looksLikeFormula)) issues.set(column, { column, message: M.teamImportFormula });
    }
    // each part is held to the card's own limit for it; the name they make, to the name's
    const nameParts = parts && NamePartsSchema.safeParse(parts);
    const partIssue = nameParts?.error?.issues[0]?.message;
    if (partIssue !== undefined && !issues.has('name')) {
      const message = isTeamImportRowMessage(partIssue) ? partIssue : M.invalid;
      issues.set('name', { column: 'name', message });
    }
    const parsed = TeamImportRowSchema.safeParse(
      Object.fromEntries(TEAM_IMPORT_COLUMNS.map((column) => [column, cellOf(column)])),
    );
    for (const issue of parsed.error?.issues ?? []) {
      const column = issue.path[0];
      if (!isColumn(column) || issues.has(column)) continue;
      const message = isTeamImportRowMessage(issue.message) ? issue.message : M.invalid;
      issues.set(column, { column, message });
    }
    const email = TeamImportRowSchema.shape.email.safeParse(cellOf('email'));
    if (email.success && !issues.has('email')) {
      const firstRow = firstRowOf.get(email.data);
      if (firstRow === undefined) firstRowOf.set(email.data, fileRow.row);
      else issues.set('email', { column: 'email', message: M.teamImportEmailRepeated, firstRow });
    }
    if (issues.size > 0 || !parsed.success) {
      const reasons = TEAM_IMPORT_COLUMNS.flatMap((column) => issues.get(column) ?? []);
      return { ...fileRow, ok: false, issues: reasons };
    }
    const values = parsed.data;
    const card: Partial<TeamImportCard> = {};
    for (const field of cardFields) copyField(card, values, field);
    return {
      ...fileRow,
      ok: true,
      person: {
        email: values.email,
        role: values.role,
        card: { ...card, name: values.name, ...(nameParts?.data ?? {}) },
      },
    };
  });
}
