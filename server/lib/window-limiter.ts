// A limit counted in this process's memory, in fixed windows: for what need not hold exactly across
// servers (the noise a stranger can make in a log), where a database round trip would cost more than the
// request. Limits that must hold however many servers run count in the database.

export interface WindowLimiter {
  /** Takes one for `key`: false when `key` used its `max` in this window (or too many keys did). */
  take(key: string): boolean;
}

/** Keys counted in one window at most: past it, new keys are refused until the window ends. */
const KEYS_PER_WINDOW = 10_000;

export function createWindowLimiter(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): WindowLimiter {
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = new Map<string, number>();
  return {
    take(key) {
      const at = now();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        used = new Map();
      }
      const count = used.get(key) ?? 0;
      if (count >= max || (count === 0 && used.size >= KEYS_PER_WINDOW)) return false;
      used.set(key, count + 1);
      return true;
    },
  };
}
