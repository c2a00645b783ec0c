import { LOCALES, type Locale } from '../../src/i18n.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from '../../src/schemas/vcard.ts';
import type { TeamImportOutcome, TeamImportRowMessage } from '../../src/team-import.ts';
import { TEAM_MEMBERS_MAX } from '../../src/teams.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';

// The words of an import's result file in the language of the person who imports
// (docs/decisions/001-name-and-languages.md: every text a person reads exists in English and Spanish), from
// the server's Lingui catalog (locales/{locale}/server.po, through server/lib/server-i18n.ts):
// `npm run i18n:check` fails on one untranslated. The file is made on the server, so its reasons are
// written here, one for each validation id a row can be refused with; the numbers come from src/, as the
// client's texts of the same ids read them.

export interface TeamImportTexts {
  /** The result file's name, before its date. */
  resultFileName: string;
  /** The two columns the result file adds to the file's own. */
  columns: { result: string; reason: string };
  outcomes: Record<TeamImportOutcome, string>;
  /** An update's reason: the headers of what changed, listed. */
  changed: (headers: string) => string;
  /** Each reason a row can be refused for; `firstRow` for a repeated address. */
  issues: Record<TeamImportRowMessage, (details: { firstRow?: number | undefined }) => string>;
}

/** The result file's name, its columns and each row's outcome. */
function resultTexts(text: Translator): Omit<TeamImportTexts, 'issues'> {
  return {
    resultFileName: text(
      /*i18n*/ {
        id: 'teamImport.resultFileName',
        message: 'team-import-results',
        comment: "The result file's name, before its date and .csv: lower case, words joined by hyphens",
      },
    ),
    columns: {
      result: text(
        /*i18n*/ { id: 'teamImport.column.result', message: 'result', comment: "A CSV file's column name" },
      ),
      reason: text(
        /*i18n*/ { id: 'teamImport.column.reason', message: 'reason', comment: "A CSV file's column name" },
      ),
    },
    outcomes: {
      invited: text(/*i18n*/ { id: 'teamImport.outcome.invited', message: 'invited' }),
      updated: text(/*i18n*/ { id: 'teamImport.outcome.updated', message: 'updated' }),
      unchanged: text(/*i18n*/ { id: 'teamImport.outcome.unchanged', message: 'no change' }),
      error: text(/*i18n*/ { id: 'teamImport.outcome.error', message: 'error' }),
    },
    changed: (headers) =>
      text(
        /*i18n*/ {
          id: 'teamImport.changed',
          message: 'Changed: {headers}',
          comment: 'Why a row is updated: the headers of the columns that changed, listed',
        },
        { headers },
      ),
  };
}

/** Each reason a row can be refused for, worked out once but a repeated address's, which names a row. */
function issueTexts(text: Translator): TeamImportTexts['issues'] {
  const fixed = (words: string) => () => words;
  const required = fixed(text(/*i18n*/ { id: 'teamImport.issue.required', message: 'Required' }));
  const tooLong = (max: number) =>
    fixed(text(/*i18n*/ { id: 'teamImport.issue.tooLong', message: 'At most {max} characters' }, { max }));
  return {
    [M.invalid]: fixed(text(/*i18n*/ { id: 'teamImport.issue.invalid', message: 'Not valid' })),
    [M.required]: required,
    [M.emailInvalid]: fixed(
      text(/*i18n*/ { id: 'teamImport.issue.emailInvalid', message: 'Not a valid email address' }),
    ),
    [M.textControlCharacters]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.controlCharacters',
          message: "Can't contain line breaks, tabs or invisible formatting characters",
        },
      ),
    ),
    [M.vcardNameRequired]: required,
    [M.vcardNameTooLong]: tooLong(VCARD_NAME_MAX_LENGTH),
    [M.vcardFieldTooLong]: tooLong(VCARD_TEXT_MAX_LENGTH),
    [M.vcardPhoneTooLong]: tooLong(VCARD_PHONE_MAX_LENGTH),
    [M.vcardPhoneInvalid]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.phoneInvalid',
          message:
            'Not a phone number: use digits, spaces and + ( ) -, with + and the country code for callers abroad',
        },
      ),
    ),
    [M.teamImportFormula]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.formula',
          message:
            'Looks like a spreadsheet formula (it starts with =, +, - or @ and is not a phone number), so it is not imported',
        },
      ),
    ),
    [M.teamImportRoleInvalid]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.roleInvalid',
          message: 'Not a role: write member or admin, or leave it blank for member',
        },
      ),
    ),
    [M.teamImportRoleOwner]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.roleOwner',
          message: 'An owner cannot be imported: the owner hands the team on from the team page',
        },
      ),
    ),
    [M.teamImportOwnerRole]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.ownerRole',
          message: "The owner's role changes only when the owner hands the team on from the team page",
        },
      ),
    ),
    [M.teamImportTeamFull]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.teamFull',
          message: 'The team would have more than {max} members and invitations',
        },
        { max: TEAM_MEMBERS_MAX },
      ),
    ),
    [M.teamImportInOtherTeam]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.inOtherTeam',
          message: 'This person belongs to another team: a person can be in one team',
        },
      ),
    ),
    [M.teamImportRowFailed]: fixed(
      text(
        /*i18n*/ {
          id: 'teamImport.issue.rowFailed',
          message: 'Could not be saved just now, so nothing of this row was kept: import it again',
        },
      ),
    ),
    [M.teamImportEmailRepeated]: ({ firstRow }) =>
      text(
        /*i18n*/ {
          id: 'teamImport.issue.emailRepeated',
          message: 'The same address as row {firstRow}',
          comment: 'firstRow is the number of the row the address is first in',
        },
        { firstRow: firstRow ?? '' },
      ),
  };
}

/** The result file's words in one language, each worked out once; those with values format on each call. */
function teamImportTexts(locale: Locale): TeamImportTexts {
  const text = translatorFor(locale);
  return { ...resultTexts(text), issues: issueTexts(text) };
}

export const TEAM_IMPORT_TEXTS = Object.fromEntries(
  LOCALES.map((locale) => [locale, teamImportTexts(locale)]),
) as Record<Locale, TeamImportTexts>;
