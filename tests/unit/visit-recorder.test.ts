import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { UniqueVisitorRecorder } from '../../server/analytics/unique-visitors.ts';
import {
  createVisitRecorder,
  type VisitCounting,
  type VisitGroup,
} from '../../server/analytics/visit-recorder.ts';
import { visitFactsSchema, type Visit } from '../../server/analytics/visit.ts';
import type { ChangeBus } from '../../server/lib/changes.ts';
import type { CountBatch } from '../../server/lib/count-spill.ts';

// A visit that repeats the one before is counted in that one's group without its key being built again:
// whatever the order of visits, seconds and batches, each group must still hold exactly its own visits.

interface CardVisit extends Visit {
  cardId: string;
}

interface CardGroup extends VisitGroup {
  cardId: string;
  at: string;
}

/** Visits counted per card, facts and second, over every batch written. */
function countingInto(totals: Map<string, number>): VisitCounting<CardVisit, CardGroup> {
  return {
    what: 'test visits',
    spillName: 'test',
    groupSchema: visitFactsSchema.extend({ cardId: z.string(), at: z.string(), count: z.int() }),
    subjectKey: (visit) => visit.cardId,
    sameSubject: (a, b) => a.cardId === b.cardId,
    groupOf: ({ cardId }, facts, at) => ({ cardId, ...facts, at: at.slice(0, 19), count: 1 }),
    ownerOf: () => 'owner',
    async write(_db: Kysely<Database>, batch: CountBatch<CardGroup>) {
      for (const group of batch.groups) {
        const key = `${group.cardId} ${group.device} ${group.country ?? '-'} ${group.at}`;
        totals.set(key, (totals.get(key) ?? 0) + group.count);
      }
      return ['owner'];
    },
    topic: 'views',
  };
}

function visit(cardId: string, device: 'mobile' | 'desktop', country: string | null = 'ES'): CardVisit {
  return {
    cardId,
    device,
    browser: 'safari',
    referrerHost: null,
    country,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    visitor: { address: '203.0.113.9', userAgent: 'test' },
  };
}

function recorder(batchSize: number) {
  const totals = new Map<string, number>();
  const uniques: UniqueVisitorRecorder = {
    record: () => undefined,
    flush: () => Promise.resolve(),
    queue: undefined as never,
  };
  const changes = { publish: () => undefined } as unknown as ChangeBus;
  const recorder = createVisitRecorder(
    countingInto(totals),
    {} as Kysely<Database>,
    changes,
    pino({ level: 'silent' }),
    uniques,
    { batchSize, flushDelayMs: 60_000 },
  );
  return { recorder, totals };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the visit recorder', () => {
  it('counts repeated and interleaved visits each in its own group', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00.100Z'), toFake: ['Date'] });
    const { recorder: visits, totals } = recorder(1_000);
    const order = [
      visit('a', 'mobile'),
      visit('a', 'mobile'),
      visit('b', 'mobile'),
      visit('a', 'mobile'),
      visit('a', 'desktop'),
      visit('a', 'mobile', null),
      visit('a', 'mobile'),
      visit('a', 'mobile'),
    ];
    for (const each of order) visits.record(each);
    await visits.flush();
    expect(Object.fromEntries(totals)).toEqual({
      'a mobile ES 2026-11-26T10:00:00': 5,
      'b mobile ES 2026-11-26T10:00:00': 1,
      'a desktop ES 2026-11-26T10:00:00': 1,
      'a mobile - 2026-11-26T10:00:00': 1,
    });
  });

  it('starts a new group when the second changes, though the visit repeats the one before', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00.900Z'), toFake: ['Date'] });
    const { recorder: visits, totals } = recorder(1_000);
    visits.record(visit('a', 'mobile'));
    visits.record(visit('a', 'mobile'));
    vi.setSystemTime(Date.parse('2026-11-26T10:00:01.000Z'));
    visits.record(visit('a', 'mobile'));
    await visits.flush();
    expect(Object.fromEntries(totals)).toEqual({
      'a mobile ES 2026-11-26T10:00:00': 2,
      'a mobile ES 2026-11-26T10:00:01': 1,
    });
  });

  it('counts a repeated visit whose group went out in a batch already in a new group', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00.100Z'), toFake: ['Date'] });
    // each group is a batch of its own, sealed as soon as it is added
    const { recorder: visits, totals } = recorder(1);
    for (let i = 0; i < 3; i += 1) visits.record(visit('a', 'mobile'));
    await visits.flush();
    expect(Object.fromEntries(totals)).toEqual({ 'a mobile ES 2026-11-26T10:00:00': 3 });
    expect(visits.queue.totals.written).toBe(3);
  });
});
