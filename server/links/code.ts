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
