import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  TEAM_IMPORT_MAX_BYTES,
  TEAM_IMPORT_MAX_COLUMNS,
  TEAM_IMPORT_MAX_ROWS,
  TEAM_IMPORT_REQUIRED_COLUMNS,
  teamImportColumnOf,
  teamImportNamePartOf,
  type TeamImportColumn,
  type TeamImportNamePart,
} from '../../src/team-import.ts';

// Reading a team's CSV import file (csv-parse): the bytes as UTF-8, with or without its byte order mark, or
// else as Windows-1252 (what Excel on Windows writes as "CSV", Spanish "CSV (delimitado por comas)");
// commas, semicolons (what a Spanish Excel writes) or tabs between the cells; quoted cells across lines;
// rows shorter or longer than the header. It never throws: a file it cannot read comes back as one
// problem, with a validation id the client translates; a file it can read comes back as its rows, each
// checked later on its own (import-check.ts).

export const TEAM_IMPORT_DELIMITERS = [',', ';', '\t'] as const;
export type TeamImportDelimiter = (typeof TEAM_IMPORT_DELIMITERS)[number];

/** Why a whole file is refused. */
export type TeamImportFileProblem =
  | {
      message:
        | typeof M.teamImportFileTooLarge
        | typeof M.teamImportFileEncoding
        | typeof M.teamImportFileEmpty
        | typeof M.teamImportFileNoRows
        | typeof M.teamImportFileTooManyRows
        | typeof M.teamImportFileTooManyColumns;
    }
  | {
      message: typeof M.teamImportFileUnreadable;
      /** The line of the file (as a text editor counts them) where what cannot be read starts. */
      line: number;
    }
  | { message: typeof M.teamImportColumnMissing | typeof M.teamImportColumnTwice; column: TeamImportColumn };

export interface TeamImportFileRow {
  /** Its row number as a spreadsheet shows it: the header is row 1, blank rows count. */
  row: number;
  /** Its cells as written, as many as the header has (missing ones blank, extra ones dropped). */
  cells: string[];
}

export interface TeamImportFile {
  /** What separates the cells; the result file is written with the same. */
  delimiter: TeamImportDelimiter;
  /** The header row as written: its cells trimmed, the blank ones at its end dropped. */
  headers: string[];
  /** The index in `headers` of each column the file has. */
  columns: Partial<Record<TeamImportColumn, number>>;
  /** The index of each name part's column (src/team-import.ts TEAM_IMPORT_NAME_PARTS), when the file splits names. */
  nameParts: Partial<Record<TeamImportNamePart, number>>;
  /** Headers that name no column, once each: their cells are not read (the result file keeps them). */
  ignoredHeaders: string[];
  /** The rows with something in them, in the file's order. */
  rows: TeamImportFileRow[];
}

export type TeamImportFileResult =
  { ok: true; file: TeamImportFile } | { ok: false; problem: TeamImportFileProblem };

/**
 * The most records read, blank ones included: csv-parse builds an error object for every record whose
 * length differs from the first's (relax_column_count), about 50 µs each, so a 2 MB file of a million
 * one-cell rows took a minute. Room for a whole team with a blank row after each; a file with more is
 * refused as too many rows without being read further.
 */
const RECORDS_READ_MAX = 2 * (TEAM_IMPORT_MAX_ROWS + 1);

/** How much of the header's line the delimiter is guessed from. */
const HEADER_PROBE_LENGTH = 64 * 1024;

/** Excel's first line that names the delimiter ("sep=;"), which it reads and does not show. */
const SEPARATOR_LINE = /^sep=(.)(?:\r\n|\n|\r|$)/i;

const refused = (problem: TeamImportFileProblem): TeamImportFileResult => ({ ok: false, problem });

function isDelimiter(value: string | undefined): value is TeamImportDelimiter {
  return (TEAM_IMPORT_DELIMITERS as readonly (string | undefined)[]).includes(value);
}

/** The records of `text`: the first `to` of them, each one's last line told to `onRecord`. */
function parseRecords(
  text: string,
  delimiter: TeamImportDelimiter,
  { to, onRecord }: { to?: number; onRecord?: (lastLine: number) => void } = {},
): string[][] {
  return parse(text, {
    delimiter,
    // a file that mixes line ends (rows pasted from elsewhere) still ends each row
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // a quote inside an unquoted cell (O"Brien) is kept as written
    relax_quotes: true,
    // blank rows are read, so that every row keeps the number a spreadsheet shows
    skip_empty_lines: false,
    ...(to === undefined ? {} : { to }),
    on_record: (record: string[], context) => {
      onRecord?.(context.lines);
      return record;
    },
  });
}

/**
 * The delimiter under which the header row names the most columns (then: has the most cells); commas
 * when none names any.
 */
function guessDelimiter(text: string): TeamImportDelimiter {
  // from the header's line: the first with something on it
  const firstContent = text.search(/\S/);
  const lineStart = Math.max(text.lastIndexOf('\n', firstContent), text.lastIndexOf('\r', firstContent)) + 1;
  // a header is short (TEAM_IMPORT_MAX_COLUMNS names): its start is enough to tell, however long the line
  const header = text.slice(lineStart, lineStart + HEADER_PROBE_LENGTH);
  let best: { delimiter: TeamImportDelimiter; named: number; cells: number } = {
    delimiter: ',',
    named: 0,
    cells: 0,
  };
  for (const delimiter of TEAM_IMPORT_DELIMITERS) {
    let cells: string[];
    try {
      cells = parseRecords(header, delimiter, { to: 1 })[0] ?? [];
    } catch (error) {
      if (error instanceof CsvError) continue;
      throw error;
    }
    const named = cells.filter(
      (cell) => teamImportColumnOf(cell) !== null || teamImportNamePartOf(cell) !== null,
    ).length;
    if (named > best.named || (named === best.named && cells.length > best.cells)) {
      best = { delimiter, named, cells: cells.length };
    }
  }
  return best.delimiter;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Reads an uploaded file into its header and rows, or the one problem that refuses it whole. */
export function readTeamImportFile(bytes: Uint8Array): TeamImportFileResult {
  if (bytes.byteLength > TEAM_IMPORT_MAX_BYTES) return refused({ message: M.teamImportFileTooLarge });
  let text: string;
  try {
    // fatal: bytes that are not UTF-8 are read as Windows-1252 below, never as "�"; the byte order mark
    // is dropped
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // a spreadsheet's "CSV" on Windows: Latin-1's letters ("José Ibáñez"), the euro sign and curly quotes.
    // iconv-lite: Node's own 'windows-1252' decoder reads 0x80-0x9F as Latin-1's control characters
    text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
  }
  // NUL is in no text file: this is UTF-16 (Excel's "Unicode text") or not text at all
  if (text.includes('\0')) return refused({ message: M.teamImportFileEncoding });
  let firstLine = 1;
  let delimiter: TeamImportDelimiter | null = null;
  const separatorLine = SEPARATOR_LINE.exec(text);
  if (separatorLine && isDelimiter(separatorLine[1])) {
    delimiter = separatorLine[1];
    text = text.slice(separatorLine[0].length);
    firstLine = 2;
  }
  if (text.trim() === '') return refused({ message: M.teamImportFileEmpty });
  delimiter ??= guessDelimiter(text);

  // the line each record ends on, to tell where an unreadable one starts
  let lastLine = 0;
  let records: string[][];
  try {
    records = parseRecords(text, delimiter, {
      to: RECORDS_READ_MAX + 1,
      onRecord: (line) => (lastLine = line),
    });
  } catch (error) {
    if (error instanceof CsvError) {
      return refused({ message: M.teamImportFileUnreadable, line: firstLine + lastLine });
    }
    throw error;
  }

  if (records.length > RECORDS_READ_MAX) return refused({ message: M.teamImportFileTooManyRows });
  // blank rows above the header are skipped, as a spreadsheet's numbers keep counting them
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) return refused({ message: M.teamImportFileEmpty });
  const headerCells = (records[headerIndex] ?? []).map((header) => header.trim());
  // blank headers at the end (the trailing delimiters of a spreadsheet's export) make no column
  const headers = headerCells.slice(0, headerCells.findLastIndex((header) => header !== '') + 1);
  if (headers.length > TEAM_IMPORT_MAX_COLUMNS) return refused({ message: M.teamImportFileTooManyColumns });
  const columns: Partial<Record<TeamImportColumn, number>> = {};
  const nameParts: Partial<Record<TeamImportNamePart, number>> = {};
  const ignoredHeaders: string[] = [];
  for (const [index, header] of headers.entries()) {
    if (header === '') continue;
    const column = teamImportColumnOf(header);
    const part = column === null ? teamImportNamePartOf(header) : null;
    if (column === null && part === null) {
      if (!ignoredHeaders.includes(header)) ignoredHeaders.push(header);
    } else if (column !== null ? columns[column] !== undefined : part && nameParts[part] !== undefined) {
      return refused({ message: M.teamImportColumnTwice, column: column ?? 'name' });
    } else if (column !== null) {
      columns[column] = index;
    } else if (part) {
      nameParts[part] = index;
    }
  }
  // beside a surname column, "Nombre" (or "Name") is the first name, as Spanish exports write it
  if (nameParts.familyName !== undefined && nameParts.givenName === undefined && columns.name !== undefined) {
    nameParts.givenName = columns.name;
    delete columns.name;
  }
  const missing = TEAM_IMPORT_REQUIRED_COLUMNS.find(
    (column) => columns[column] === undefined && !(column === 'name' && hasNameParts({ nameParts })),
  );
  if (missing) return refused({ message: M.teamImportColumnMissing, column: missing });

  const rows: TeamImportFileRow[] = [];
  for (const [index, record] of records.entries()) {
    const cells = record.slice(0, headers.length);
    if (index <= headerIndex || isBlank(cells)) continue;
    if (rows.length === TEAM_IMPORT_MAX_ROWS) return refused({ message: M.teamImportFileTooManyRows });
    rows.push({ row: index + 1, cells: headers.map((_, column) => cells[column] ?? '') });
  }
  if (rows.length === 0) return refused({ message: M.teamImportFileNoRows });
  return { ok: true, file: { delimiter, headers, columns, nameParts, ignoredHeaders, rows } };
}

function hasNameParts(file: Pick<TeamImportFile, 'nameParts'>): boolean {
  return file.nameParts.givenName !== undefined || file.nameParts.familyName !== undefined;
}

/**
 * A row's name: its Name cell, or its name parts joined ("Ana" and "García López" make "Ana García
 * López"); and the parts themselves when the file splits names (null otherwise: they follow the name).
 */
export function teamImportNameOf(
  file: Pick<TeamImportFile, 'columns' | 'nameParts'>,
  cells: readonly string[],
): { name: string; parts: Record<TeamImportNamePart, string> | null } {
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? ''));
  const parts = hasNameParts(file)
    ? { givenName: cell(file.nameParts.givenName), familyName: cell(file.nameParts.familyName) }
    : null;
  if (file.columns.name !== undefined || !parts) return { name: cell(file.columns.name), parts };
  const joined = [parts.givenName.trim(), parts.familyName.trim()].filter((part) => part !== '').join(' ');
  return { name: joined, parts };
}

/** The header a person reads for the name: the Name column's, or the two parts' ("First name + Last name"). */
export function teamImportNameHeader(
  file: Pick<TeamImportFile, 'headers' | 'columns' | 'nameParts'>,
): string {
  const header = (index: number | undefined) => (index === undefined ? undefined : file.headers[index]);
  const named = header(file.columns.name);
  if (named !== undefined) return named;
  const parts = [header(file.nameParts.givenName), header(file.nameParts.familyName)];
  return parts.filter((part) => part !== undefined).join(' + ') || 'name';
}
