import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_MS, RECONNECT_DELAY_MS } from '../../server/lib/changes.ts';
import { clientRetryDelay, reconnectDelay } from '../../src/reconnect.ts';

// The change bus listens again soon after the database is back (server/lib/changes.ts): its wait between
// attempts doubles from a tenth of a second and never passes a second.

describe('reconnectDelay', () => {
  it('doubles from the first wait up to the cap, and stays there', () => {
    const waits = Array.from({ length: 8 }, (_, attempt) =>
      reconnectDelay(attempt, RECONNECT_DELAY_MS, MAX_RECONNECT_DELAY_MS),
    );
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000, 1_000]);
    expect(reconnectDelay(1_000, RECONNECT_DELAY_MS, MAX_RECONNECT_DELAY_MS)).toBe(1_000);
    expect(reconnectDelay(2, 50, 30_000)).toBe(200);
  });
});

// The browser asks again from a second, doubling to half a minute: live updates, and the connection watch
// that brings back a page or a list that could not load (web/lib/connection.ts).
describe('clientRetryDelay', () => {
  it('waits 1 s, then doubles up to 30 s', () => {
    expect(Array.from({ length: 7 }, (_, attempt) => clientRetryDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
