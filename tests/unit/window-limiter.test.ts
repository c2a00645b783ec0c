import { describe, expect, it } from 'vitest';
import { createWindowLimiter } from '../../server/lib/window-limiter.ts';

describe('a window limiter', () => {
  it('takes `max` per key in a window, and again in the next one', () => {
    let now = 1_000;
    const limiter = createWindowLimiter(2, 60_000, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now += 59_999;
    expect(limiter.take('a')).toBe(false);
    now += 1;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
  });

  it('refuses new keys past the ones a window counts, so a flood of addresses cannot grow it', () => {
    const limiter = createWindowLimiter(1, 60_000, () => 0);
    for (let i = 0; i < 10_000; i += 1) expect(limiter.take(`client-${i}`)).toBe(true);
    expect(limiter.take('one-more')).toBe(false);
  });
});
