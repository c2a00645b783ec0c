import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { translatedEvents, type CsvTexts } from './csv-texts.ts';
import { eventColumns, type EventRow } from './events.ts';

// The events CSV (server/analytics/events.ts rows): the analytics page's download, the team's, and the
// account export's analytics/events.csv.

/** The CSV options of every download: spreadsheets read the file as written, never as formulas. */
export const CSV_OPTIONS = {
  header: true,
  // a card or link title that starts like a formula is written as text for spreadsheets
  escape_formulas: true,
  // the byte order mark tells spreadsheets the file is UTF-8 (accents in titles and headers)
  bom: true,
} as const;

/** Event rows (rangeEvents, allEvents) as CSV in the reader's words; campaign columns when asked. */
export function eventsCsv(
  events: AsyncIterable<EventRow> | Iterable<EventRow>,
  withCampaigns: boolean,
  texts: CsvTexts,
): Readable {
  return Readable.from(translatedEvents(events, texts)).pipe(
    stringify({
      ...CSV_OPTIONS,
      columns: eventColumns(withCampaigns).map((key) => ({ key, header: texts.columns[key] })),
    }),
  );
}
