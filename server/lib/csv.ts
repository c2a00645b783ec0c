import { pipeline, Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';

// Every CSV download (analytics events, a team's tables, leads) and the account export's events file.

/** The CSV options of every download: spreadsheets read the file as written, never as formulas. */
const CSV_OPTIONS = {
  header: true,
  // a title or a name that starts like a formula is written as text for spreadsheets
  escape_formulas: true,
  // the byte order mark tells spreadsheets the file is UTF-8 (accents in titles and headers)
  bom: true,
} as const;

/** A column: the record's key and the header the reader sees. */
export interface CsvColumn<Key extends string> {
  key: Key;
  header: string;
}

/**
 * `records` as a CSV stream with a header row, read as it is sent. A failure while reading them (the
 * database restarts midway) errors the returned stream, which ends that one answer cut: chained with
 * `pipeline`, never `.pipe()`, which leaves the source's error unheard and the process to die of it.
 */
export function csvStream<Key extends string>(
  records: AsyncIterable<Partial<Record<Key, unknown>>> | Iterable<Partial<Record<Key, unknown>>>,
  columns: readonly CsvColumn<Key>[],
): Transform {
  return pipeline(Readable.from(records), stringify({ ...CSV_OPTIONS, columns: [...columns] }), () => {
    // the error, if any, is the returned stream's own: whoever reads it (a reply, an archive) hears it
  });
}
