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

/**
 * Integers in [0, max) that are the same, call after call, for one seed: the username the card step
 * suggests is made from the account's id, so a reload (or another device) shows the same suggestion until
 * the person asks for another (which uses randomInt). The id appears on no page, so others still cannot
 * predict it. FNV-1a of the seed starts a mulberry32 sequence (two small, well-known mixers: no library for
 * a dozen lines).
 */
export function seededRandomInt(seed: string): (max: number) => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) {
    state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193);
  }
  return (max) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * max);
  };
}
