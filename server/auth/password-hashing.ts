import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashing } from '../config.ts';

// Passwords are hashed with better-auth's own scrypt (N=16384, r=16: about a tenth of a second of CPU a
// hash, on purpose). The test suite makes thousands of accounts and signs them in, and there that cost
// is only waiting: a test configuration (NODE_ENV=test, PASSWORD_HASHING=low-cost; server/config.ts
// refuses it anywhere else) swaps in scrypt at its lowest cost. Its hashes carry a mark of their own, so
// a low-cost hash is never mistaken for a real one, and a real one still verifies under it.

const LOW_COST_MARK = 'low-cost-scrypt';
/** scrypt's lowest cost: microseconds, no memory to speak of. */
const LOW_COST = { N: 16, r: 1, p: 1 };
const KEY_LENGTH = 32;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: typeof LOW_COST,
) => Promise<Buffer>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

async function lowCostKey(password: string, salt: string): Promise<Buffer> {
  return scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, LOW_COST);
}

/**
 * The low-cost hasher of the test suite: `low-cost-scrypt$salt$key`. A hash of better-auth's own form is
 * verified by `standard` (better-auth's verifier).
 */
export function lowCostPasswordHasher(standard: PasswordHasher['verify']): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${LOW_COST_MARK}$${salt}$${(await lowCostKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [mark, salt, key] = hash.split('$');
      if (mark !== LOW_COST_MARK) return standard({ hash, password });
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await lowCostKey(password, salt);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/**
 * The hasher of a PASSWORD_HASHING setting: `standard` (better-auth's own hash and verify, passed in, as
 * better-auth is loaded lazily) as it is, or the low-cost one that still verifies its hashes.
 */
export function passwordHasherFor(hashing: PasswordHashing, standard: PasswordHasher): PasswordHasher {
  return hashing === 'low-cost' ? lowCostPasswordHasher(standard.verify) : standard;
}
