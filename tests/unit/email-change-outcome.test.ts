import { describe, expect, it } from 'vitest';
import { emailChangeOutcome } from '#web/pages/account/email-change-outcome.ts';

describe('what a link of a change of address did', () => {
  it.each([
    ['?emailChange=approved', 'approved'],
    ['?emailChange=changed', 'changed'],
    ['?emailChange=taken&x=1', 'taken'],
    ['?emailChange=invalid', 'invalid'],
    ['?emailChange=other_account', 'other_account'],
    ['?emailChange=something-else', null],
    ['?error=INVALID_TOKEN', null],
    ['', null],
  ] as const)('%s -> %s', (search, expected) => {
    expect(emailChangeOutcome(search)).toBe(expected);
  });
});
