/**
 * A uniformly random integer in [0, max) from the browser's cryptographic generator, for suggested
 * usernames (a guessable sequence would let others predict and take them). Values of the top, uneven
 * slice of the 32-bit range are drawn again so no number is more likely than another.
 */
export function randomInt(max: number): number {
  const range = 2 ** 32;
  const limit = range - (range % max);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}
