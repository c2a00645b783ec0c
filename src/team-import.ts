import type { Locale } from './i18n.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';
import { internationalNumberDigits } from './social-profiles.ts';
import { TEAM_MEMBERS_MAX, isTeamRole, type TeamRole } from './teams.ts';

// A team's CSV import (invitations and team cards in bulk): its limits, the columns it reads, how their
// headers and roles may be written in English and Spanish, and which cells it refuses to take. The server
// parses, checks and plans a file with these (server/teams/import-*.ts); the import screen names them.

export const TEAM_IMPORT_MAX_MB = 2;
/**
 * The largest file read: a whole team of realistic rows with every column takes about 550 kB
 * (scripts/lib/team-import-file.ts), so 2 MB leaves room for long names and columns of other records.
 * A larger file is refused before it is read.
 */
export const TEAM_IMPORT_MAX_BYTES = TEAM_IMPORT_MAX_MB * 1024 * 1024;
/** The most rows one file may have: a whole team. */
export const TEAM_IMPORT_MAX_ROWS = TEAM_MEMBERS_MAX;
/**
 * The most columns one file may have (as many as a sheet of old Excel): an export with every field of a
 * company's records fits, and the result file, which repeats every column, stays small.
 */
export const TEAM_IMPORT_MAX_COLUMNS = 256;

/** The columns a file may have; the card's own names (`phone` is the card's mobile number). */
export const TEAM_IMPORT_COLUMNS = [
  'name',
  'email',
  'position',
  'department',
  'workPhone',
  'phone',
  'role',
] as const;
export type TeamImportColumn = (typeof TEAM_IMPORT_COLUMNS)[number];

/** Without these a row names nobody: a file that lacks one is refused whole. */
export const TEAM_IMPORT_REQUIRED_COLUMNS = ['name', 'email'] as const satisfies readonly TeamImportColumn[];

/** The columns that fill the person's team card. */
export const TEAM_IMPORT_CARD_FIELDS = [
  'name',
  'position',
  'department',
  'workPhone',
  'phone',
] as const satisfies readonly TeamImportColumn[];
export type TeamImportCardField = (typeof TEAM_IMPORT_CARD_FIELDS)[number];

/** A team card's fields as a row sets them (blank optional fields are null, as the card stores them). */
export interface TeamImportCard {
  name: string;
  /** The contact's name parts, when the file gives the name as two columns; otherwise they follow the name. */
  givenName?: string | null;
  familyName?: string | null;
  position: string | null;
  department: string | null;
  workPhone: string | null;
  phone: string | null;
}

/** What an import changes for someone already in the team: their role, or a field of their team card. */
export type TeamImportChange = 'role' | TeamImportCardField;

/** Each column's header as the import's template writes it, in each language. */
export const TEAM_IMPORT_HEADERS: Record<Locale, Record<TeamImportColumn, string>> = {
  en: {
    name: 'Name',
    email: 'Email',
    position: 'Position',
    department: 'Department',
    workPhone: 'Work phone',
    phone: 'Mobile phone',
    role: 'Role',
  },
  es: {
    name: 'Nombre',
    email: 'Correo electrónico',
    position: 'Puesto',
    department: 'Departamento',
    workPhone: 'Teléfono del trabajo',
    phone: 'Teléfono móvil',
    role: 'Rol',
  },
};

/**
 * The other usual ways of writing each header, in English and Spanish. A plain "Phone" or "Teléfono" is
 * not among them: it could be the work or the mobile number, and a card says which.
 */
const HEADER_SPELLINGS: Record<TeamImportColumn, readonly string[]> = {
  name: ['Full name', 'Nombre completo', 'Nombre y apellidos'],
  email: [
    'E-mail',
    'Mail',
    'Email address',
    'E-mail address',
    'Work email',
    'Correo',
    'Correo-e',
    'Dirección de correo',
    'Dirección de correo electrónico',
    'Correo del trabajo',
  ],
  position: ['Title', 'Job title', 'Job', 'Cargo', 'Puesto de trabajo', 'Título'],
  department: ['Dept', 'Departamento', 'Área'],
  workPhone: [
    'Office phone',
    'Business phone',
    'Work number',
    'Teléfono de trabajo',
    'Teléfono fijo',
    'Teléfono de la oficina',
    'Teléfono de empresa',
  ],
  phone: [
    'Mobile',
    'Mobile number',
    'Cell',
    'Cell phone',
    'Cellphone',
    'Móvil',
    'Número de móvil',
    'Celular',
    'Teléfono celular',
  ],
  role: ['Team role', 'Rol en el equipo'],
};

/** A header as it is compared: without accents, case, spaces or punctuation ("E-mail" and "email" match). */
function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const COLUMN_OF_HEADER: ReadonlyMap<string, TeamImportColumn> = new Map(
  TEAM_IMPORT_COLUMNS.flatMap((column) =>
    [
      ...Object.values(TEAM_IMPORT_HEADERS).map((headers) => headers[column]),
      ...HEADER_SPELLINGS[column],
    ].map((header): [string, TeamImportColumn] => [headerKey(header), column]),
  ),
);

/** The column a header names, or null for a header the import does not read. */
export function teamImportColumnOf(header: string): TeamImportColumn | null {
  return COLUMN_OF_HEADER.get(headerKey(header)) ?? null;
}

/**
 * The two columns HR exports and address books split a name into (audit-E F12: "First name,Last name";
 * a Spanish export writes "Nombre;Apellidos"). Together they make the card's name, and they are its
 * contact's name parts (the .vcf's N), so a double surname is filed as the file says.
 */
export const TEAM_IMPORT_NAME_PARTS = ['givenName', 'familyName'] as const;
export type TeamImportNamePart = (typeof TEAM_IMPORT_NAME_PARTS)[number];

const NAME_PART_SPELLINGS: Record<TeamImportNamePart, readonly string[]> = {
  givenName: ['First name', 'Given name', 'Forename', 'Nombre de pila', 'Nombre propio'],
  familyName: ['Last name', 'Surname', 'Family name', 'Last names', 'Apellidos', 'Apellido'],
};

const NAME_PART_OF_HEADER: ReadonlyMap<string, TeamImportNamePart> = new Map(
  TEAM_IMPORT_NAME_PARTS.flatMap((part) =>
    NAME_PART_SPELLINGS[part].map((header): [string, TeamImportNamePart] => [headerKey(header), part]),
  ),
);

/** The name part a header names, or null. */
export function teamImportNamePartOf(header: string): TeamImportNamePart | null {
  return NAME_PART_OF_HEADER.get(headerKey(header)) ?? null;
}

/** How each role may be written in the role column (compared as headers are). */
const ROLE_WORDS: Record<TeamRole, readonly string[]> = {
  member: ['member', 'miembro'],
  admin: ['admin', 'administrator', 'administrador', 'administradora'],
  owner: ['owner', 'propietario', 'propietaria', 'dueño', 'dueña'],
};

const ROLE_OF_WORD: ReadonlyMap<string, TeamRole> = new Map(
  Object.entries(ROLE_WORDS).flatMap(([role, words]) =>
    isTeamRole(role) ? words.map((word): [string, TeamRole] => [headerKey(word), role]) : [],
  ),
);

/**
 * The role a role cell names, or null for a word that names none. Owner is named too, so that it is
 * refused as what it is: ownership is transferred, never imported.
 */
export function teamImportRoleOf(cell: string): TeamRole | null {
  return ROLE_OF_WORD.get(headerKey(cell)) ?? null;
}

/**
 * A cell a spreadsheet would run as a formula when the file is opened (CSV injection): one that starts
 * with =, @, a tab or a carriage return, or with + or - and more that is not a phone number written with
 * its country code ("+34 600 000 000" is a number; "-2+3" and "+cmd|' /C calc'!A0" are formulas). Such a
 * cell is refused, never stored.
 */
export function looksLikeFormula(cell: string): boolean {
  if (cell.startsWith('\t') || cell.startsWith('\r')) return true;
  const text = cell.trim();
  const first = text.charAt(0);
  if (first === '=' || first === '@') return true;
  if (first === '+' || first === '-') return text.length > 1 && internationalNumberDigits(text) === null;
  return false;
}

/** The validation ids a row of a file can be refused with (the result file's reasons in each language). */
export const TEAM_IMPORT_ROW_MESSAGES = [
  M.invalid,
  M.required,
  M.emailInvalid,
  M.textControlCharacters,
  M.vcardNameRequired,
  M.vcardNameTooLong,
  M.vcardFieldTooLong,
  M.vcardPhoneTooLong,
  M.vcardPhoneInvalid,
  M.teamImportFormula,
  M.teamImportRoleInvalid,
  M.teamImportRoleOwner,
  M.teamImportEmailRepeated,
  M.teamImportOwnerRole,
  M.teamImportTeamFull,
  M.teamImportInOtherTeam,
  M.teamImportRowFailed,
] as const;
export type TeamImportRowMessage = (typeof TEAM_IMPORT_ROW_MESSAGES)[number];

export function isTeamImportRowMessage(value: unknown): value is TeamImportRowMessage {
  return typeof value === 'string' && (TEAM_IMPORT_ROW_MESSAGES as readonly string[]).includes(value);
}

/** Why a row cannot be imported. */
export interface TeamImportIssue {
  /** The column of the refused cell; null when the row as a whole is refused (the team is full). */
  column: TeamImportColumn | null;
  message: TeamImportRowMessage;
  /** teamImportEmailRepeated: the row that has the address first (rows are numbered as a spreadsheet does). */
  firstRow?: number;
}

/** What became of a row: what the dry run says will become of it, and the import's result. */
export const TEAM_IMPORT_OUTCOMES = ['invited', 'updated', 'unchanged', 'error'] as const;
export type TeamImportOutcome = (typeof TEAM_IMPORT_OUTCOMES)[number];

/** How many rows of a file have each outcome. */
export type TeamImportCounts = Record<TeamImportOutcome, number>;

export function emptyTeamImportCounts(): TeamImportCounts {
  return { invited: 0, updated: 0, unchanged: 0, error: 0 };
}

/**
 * The subject of an import's entry in the team's audit log: its counts, as words and numbers the log's
 * client reads back (teamImportCountsOf) to say them in the reader's language.
 */
export function teamImportEventSubject(counts: TeamImportCounts): string {
  return TEAM_IMPORT_OUTCOMES.map((outcome) => `${outcome}=${counts[outcome]}`).join(' ');
}

/** The counts of an import's log entry; null for a subject that is not one. */
export function teamImportCountsOf(subject: string): TeamImportCounts | null {
  const counts = emptyTeamImportCounts();
  const parts = subject.split(' ');
  if (parts.length !== TEAM_IMPORT_OUTCOMES.length) return null;
  for (const [index, outcome] of TEAM_IMPORT_OUTCOMES.entries()) {
    const match = new RegExp(`^${outcome}=(\\d+)$`).exec(parts[index] ?? '');
    if (!match) return null;
    counts[outcome] = Number(match[1]);
  }
  return counts;
}

/**
 * What separates the cells of the template in each language: commas, and semicolons in Spanish, where
 * Excel's list separator is the semicolon (a comma-separated file opens there as one column).
 */
export const TEAM_IMPORT_TEMPLATE_DELIMITER: Record<Locale, ',' | ';'> = { en: ',', es: ';' };

/**
 * The import's template: its headers in `locale`, with a byte order mark so that spreadsheets read the
 * accents of the Spanish headers as UTF-8. No example row: a row left in would be imported.
 */
export function teamImportTemplate(locale: Locale): string {
  const headers = TEAM_IMPORT_HEADERS[locale];
  return `\uFEFF${TEAM_IMPORT_COLUMNS.map((column) => headers[column]).join(TEAM_IMPORT_TEMPLATE_DELIMITER[locale])}\r\n`;
}
