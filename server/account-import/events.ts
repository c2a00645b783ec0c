import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { LINK_OUTCOMES } from '../../src/link-lifecycle.ts';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../../src/visitor.ts';
import type { CsvTexts } from '../analytics/csv-texts.ts';
import { EVENT_COLUMNS, type EventColumn } from '../analytics/events.ts';
import { AppError } from '../lib/errors.ts';

// The statistics of an account export (analytics/events.csv, server/analytics/events-csv.ts) read back:
// written in the exporting account's language, so its headers and words are read with the texts of that
// language, back to the values stored. A row is the visits of one card or link of one kind, device,
// browser, referrer, country, campaign and second, or one lead received, as the tables hold them.

/** A value the spreadsheet-safe writer (escape_formulas) prefixed with a quote: the value as it was. */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

const text = z
  .string()
  .max(2048)
  .transform((value) => value.replace(FORMULA_GUARD, '') || null);

const EventSchema = z.object({
  time_utc: z.iso.datetime().transform((value) => new Date(value)),
  type: z.enum(['scan', 'click', 'view', 'lead']),
  item_id: z.uuid().or(z.literal('').transform(() => null)),
  device: z.enum(DEVICE_CLASSES).or(z.literal('').transform(() => null)),
  browser: z.enum(BROWSER_FAMILIES).or(z.literal('').transform(() => null)),
  referrer_host: text,
  country: z
    .string()
    .regex(/^([A-Z]{2})?$/)
    .transform((value) => value || null),
  outcome: z.enum(LINK_OUTCOMES).or(z.literal('').transform(() => null)),
  utm_source: text,
  utm_medium: text,
  utm_campaign: text,
  count: z.coerce.number().int().min(1).max(2_147_483_647),
});

export type ImportedEvent = z.output<typeof EventSchema>;

/** A reading of words back to the values they stand for. */
function valuesOf(words: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(words).map(([value, word]) => [word, value]));
}

/**
 * The events of the file as it is unpacked, in the words of `texts` (the exporting account's language),
 * read and checked a row at a time: never the whole file, nor all its rows, in memory. Throws
 * import_unreadable for a file that is not such a CSV, naming the row that is not, and
 * import_too_many_events past `maxRows` rows.
 */
export async function* readEvents(
  file: Readable,
  texts: CsvTexts,
  maxRows: number,
): AsyncGenerator<ImportedEvent> {
  const columnOf = valuesOf(texts.columns);
  const words = {
    type: valuesOf(texts.types),
    device: valuesOf(texts.devices),
    browser: valuesOf(texts.browsers),
    outcome: valuesOf(texts.outcomes),
  };
  const records = parse({
    bom: true,
    columns: (headers: string[]) => headers.map((header) => columnOf.get(header) ?? header),
    skip_empty_lines: true,
  });
  // a failure to unpack destroys the parser with it, and reaches the loop below
  pipeline(file, records).catch(() => undefined);
  let rows = 0;
  try {
    for await (const record of records as AsyncIterable<Record<string, string>>) {
      rows += 1;
      if (rows > maxRows) throw new AppError('import_too_many_events', { limit: maxRows });
      const raw: Partial<Record<EventColumn, string>> = {};
      for (const column of EVENT_COLUMNS) raw[column] = record[column] ?? '';
      for (const [column, reading] of Object.entries(words) as [keyof typeof words, Map<string, string>][]) {
        const word = raw[column] ?? '';
        raw[column] = reading.get(word) ?? word;
      }
      const parsed = EventSchema.safeParse(raw);
      // the header is the file's first row
      if (!parsed.success) throw new AppError('import_unreadable', { file: 'events', row: rows + 1 });
      yield parsed.data;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('import_unreadable', { file: 'events' }, { cause: error });
  } finally {
    records.destroy();
  }
}
