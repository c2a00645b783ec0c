import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_MS, RECONNECT_DELAY_MS, reconnectDelay } from '../../server/lib/changes.ts';

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
