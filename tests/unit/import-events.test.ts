import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readEvents } from '../../server/account-import/events.ts';
import { CSV_TEXTS } from '../../server/analytics/csv-texts.ts';
import { EVENT_COLUMNS } from '../../server/analytics/events.ts';
import type { AppError } from '../../server/lib/errors.ts';

// The statistics of an export read back a row at a time (server/account-import/events.ts).

const texts = CSV_TEXTS.en;
const header = EVENT_COLUMNS.map((column) => texts.columns[column]).join(',');
const row = (count: number) =>
  EVENT_COLUMNS.map((column) =>
    column === 'time_utc'
      ? '2026-01-02T03:04:05.000Z'
      : column === 'type'
        ? texts.types.view
        : column === 'count'
          ? String(count)
          : '',
  ).join(',');

async function read(csv: string, maxRows: number) {
  const events = [];
  // in small pieces, as the ZIP unpacks it: a row may be cut between two
  const pieces = csv.match(/[\s\S]{1,7}/g) ?? [];
  for await (const event of readEvents(
    Readable.from(pieces.map((piece) => Buffer.from(piece))),
    texts,
    maxRows,
  )) {
    events.push(event);
  }
  return events;
}

describe('reading the statistics of an export', () => {
  it('reads each row, whatever pieces the file comes in', async () => {
    const events = await read(`\uFEFF${header}\n${row(2)}\n${row(3)}\n`, 10);
    expect(events.map((event) => [event.type, event.count, event.time_utc.toISOString()])).toEqual([
      ['view', 2, '2026-01-02T03:04:05.000Z'],
      ['view', 3, '2026-01-02T03:04:05.000Z'],
    ]);
  });

  it("refuses a file past the plan's rows, and names a bad row", async () => {
    await expect(read(`${header}\n${row(1)}\n${row(1)}\n${row(1)}\n`, 2)).rejects.toMatchObject({
      reason: 'import_too_many_events',
      meta: { limit: 2 },
    } satisfies Partial<AppError>);
    await expect(read(`${header}\n${row(1)}\n${row(0)}\n`, 10)).rejects.toMatchObject({
      reason: 'import_unreadable',
      meta: { file: 'events', row: 3 },
    });
    await expect(read(`${header}\n"unclosed\n`, 10)).rejects.toMatchObject({ reason: 'import_unreadable' });
  });
});
