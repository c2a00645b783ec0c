import { randomInt } from 'node:crypto';

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
 * The shape of a code in a short URL: base62, from 7 characters (the shortest the product promises) to
 * 32 (room to lengthen new codes without breaking printed ones). Anything else is not looked up.
 */
const LINK_CODE_SHAPE = /^[0-9A-Za-z]{7,32}$/;

export function isLinkCode(value: string): boolean {
  return LINK_CODE_SHAPE.test(value);
}
