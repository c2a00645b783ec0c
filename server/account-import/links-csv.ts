import { parse } from 'csv-parse/sync';
import { LINKS_CSV_HEADERS, LINKS_CSV_MAX_ROWS } from '../../src/account-import.ts';
import { ProfileLinkFormSchema, type ProfileLinkInput } from '../../src/schemas/link.ts';
import { AppError } from '../lib/errors.ts';

// A plain CSV of links (what a spreadsheet or another link-in-bio tool exports): a title and a URL per
// row, with or without a header row naming them (src/account-import.ts LINKS_CSV_HEADERS), separated by
// commas, semicolons or tabs, UTF-8 with or without its byte order mark. Each row is checked with the
// links page's rules; one row that fails refuses the file (validation_failed, with its row and field), so
// a file is imported whole or not at all.

export interface LinksCsvRow extends ProfileLinkInput {
  /** Its row number as a spreadsheet shows it (the line it ends on). */
  row: number;
}

/** A record as csv-parse gives it with `info`: its cells and the line it ends on. */
interface LineRecord {
  record: string[];
  info: { lines: number };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function headerIndex(headers: readonly string[], names: readonly string[]): number {
  return headers.findIndex((header) => names.includes(header.trim().toLowerCase()));
}

/** The links of the file; throws import_unreadable for a file that is not CSV text. */
export function readLinksCsv(bytes: Uint8Array): LinksCsvRow[] {
  let text: string;
  let records: LineRecord[];
  try {
    text = utf8.decode(bytes);
    // a binary file decodes rarely, but when it does it has control characters no CSV has
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new Error('not text');
    // csv-parse's types do not know that `info` wraps each record
    records = parse(text, {
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to_line: LINKS_CSV_MAX_ROWS + 2,
      // each record with the line it ends on: the row number a refusal names
      info: true,
    }) as unknown as LineRecord[];
  } catch (error) {
    throw new AppError('import_unreadable', undefined, { cause: error });
  }
  const first = records[0]?.record ?? [];
  const titleColumn = headerIndex(first, LINKS_CSV_HEADERS.title);
  const urlColumn = headerIndex(first, LINKS_CSV_HEADERS.url);
  const hasHeader = titleColumn >= 0 && urlColumn >= 0;
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) throw new AppError('import_unreadable');
  if (rows.length > LINKS_CSV_MAX_ROWS) {
    throw new AppError('validation_failed', { field: 'rows', limit: LINKS_CSV_MAX_ROWS });
  }
  const columns = hasHeader ? { title: titleColumn, url: urlColumn } : { title: 0, url: 1 };
  return rows.map(({ record: cells, info }) => {
    const row = info.lines;
    const parsed = ProfileLinkFormSchema.safeParse({
      title: cells[columns.title] ?? '',
      url: cells[columns.url] ?? '',
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new AppError('validation_failed', {
        field: String(issue?.path[0] ?? 'url'),
        message: issue?.message,
        row,
      });
    }
    return { ...parsed.data, row };
  });
}
