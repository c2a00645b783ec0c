import { parse } from 'csv-parse/sync';
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
 * The events of the file, in the words of `texts` (the exporting account's language); throws
 * import_unreadable for a file that is not such a CSV, naming the row that is not.
 */
export function readEvents(bytes: Buffer, texts: CsvTexts): ImportedEvent[] {
  const columnOf = valuesOf(texts.columns);
  const words = {
    type: valuesOf(texts.types),
    device: valuesOf(texts.devices),
    browser: valuesOf(texts.browsers),
    outcome: valuesOf(texts.outcomes),
  };
  let records: Record<string, string>[];
  try {
    records = parse(bytes, {
      bom: true,
      columns: (headers: string[]) => headers.map((header) => columnOf.get(header) ?? header),
      skip_empty_lines: true,
    });
  } catch (error) {
    throw new AppError('import_unreadable', { file: 'events' }, { cause: error });
  }
  return records.map((record, index) => {
    const raw: Partial<Record<EventColumn, string>> = {};
    for (const column of EVENT_COLUMNS) raw[column] = record[column] ?? '';
    for (const [column, reading] of Object.entries(words) as [keyof typeof words, Map<string, string>][]) {
      const word = raw[column] ?? '';
      raw[column] = reading.get(word) ?? word;
    }
    const parsed = EventSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('import_unreadable', { file: 'events', row: index + 2 });
    return parsed.data;
  });
}
