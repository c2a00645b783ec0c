import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isChosenNameShape } from '../../src/username.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^8 ≈ 2·10^14 codes: collisions are rare and the unique index catches the rest. */
const CODE_LENGTH = 8;

/** A random, unguessable short-link code (the `code` of /l/{code}). */
export function generateLinkCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/**
 * A random code that no chosen code equals in any case (migration 2026-11-24T0300: a chosen code is
 * found in any case, so `/l/menu` must never be the random `MeNu…` of another link), the held codes of
 * deleted links included (migration 2026-11-28T0100: a printed code never opens another link). The unique
 * index on links.code catches the (one in 10^14) collision with another random code. `generate` makes the
 * candidates (tests give it codes to try).
 */
export async function unusedLinkCode(
  db: Kysely<Database>,
  generate: () => string = generateLinkCode,
): Promise<string> {
  for (;;) {
    const code = generate();
    if (!(await heldLinkCode(db, code).executeTakeFirst())) return code;
  }
}

/** The held code `code` equals in any case (unusedLinkCode's rule), to read alone or inside another statement. */
export function heldLinkCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('link_codes').select('code').where('code', '=', code.toLowerCase());
}

/**
 * The shape of a random code in a short URL: base62, from 7 characters (the shortest the product
 * promises) to 32 (room to lengthen new codes without breaking printed ones).
 */
const LINK_CODE_SHAPE = /^[0-9A-Za-z]{7,32}$/;

/** Whether /l/{value} may name a random code (looked up as it is). */
export function isLinkCode(value: string): boolean {
  return LINK_CODE_SHAPE.test(value);
}

/**
 * Whether /l/{value} may name a chosen code, in any case (looked up in lowercase). The reservations are
 * not checked: a code chosen before a name was reserved keeps working.
 */
export function isChosenLinkCode(value: string): boolean {
  return isChosenNameShape(value.toLowerCase());
}
