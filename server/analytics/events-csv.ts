import type { Readable } from 'node:stream';
import { csvStream } from '../lib/csv.ts';
import { translatedEvents, type CsvTexts } from './csv-texts.ts';
import { eventColumns, type EventRow } from './events.ts';

// The events CSV (server/analytics/events.ts rows): the analytics page's download, the team's, and the
// account export's analytics/events.csv.

/** Event rows (rangeEvents, allEvents) as CSV in the reader's words; campaign columns when asked. */
export function eventsCsv(
  events: AsyncIterable<EventRow> | Iterable<EventRow>,
  withCampaigns: boolean,
  texts: CsvTexts,
): Readable {
  return csvStream(
    translatedEvents(events, texts),
    eventColumns(withCampaigns).map((key) => ({ key, header: texts.columns[key] })),
  );
}
