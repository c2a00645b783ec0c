import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from '#src/phone.ts';

// A card's phone fields (src/phone.ts): a number with its country code is checked against that country's
// lengths (libphonenumber-js); one without must look like a number.

describe('a phone number', () => {
  it.each([
    '+34 600 123 456',
    '+34 91 000 00 00',
    '0034 600 123 456',
    '+44 20 7946 0958',
    '+1 (650) 253-0000',
    '+1-650-253-0000',
    '+34 912 345 678 x 12',
    '+34 912 345 678 ext. 12',
    '600 12 34 56',
    '(650) 253-0000',
    '030/1234567',
    '112',
    '612.345.678 #4',
  ])('%s is one', (text) => {
    expect(isPhoneNumber(text)).toBe(true);
  });

  it.each([
    'not a phone',
    'call me',
    '+34 12',
    '+1 555 0100',
    '+999 123 456',
    '0034 12',
    '12',
    '1234567890123456',
    '600-123-456 ask for Ana',
    '+34 600;123,456',
    '=1+2',
  ])('%s is not', (text) => {
    expect(isPhoneNumber(text)).toBe(false);
  });
});
