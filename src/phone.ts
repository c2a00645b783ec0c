import { isValidPhoneNumber } from 'libphonenumber-js/min';

// What a card's phone fields take (audit-E F11: "not a phone" was saved and dialled as TEL). A number with
// its country code is checked by libphonenumber-js, the field's reference (Google's libphonenumber, its
// "min" metadata: each country's lengths and leading digits, about 20 kB compressed); one without cannot
// be checked against a country the card does not name, so it must look like a number: digits and what
// people put between them, 3 to 15 digits (E.164's most), an extension after it.

/** Digits and their usual separators (the number), then an optional extension ("ext. 12", "x12", "#12"). */
const NATIONAL_NUMBER = /^([\d\s\-.()/]+?)(?:\s*(?:ext\.?|x|#)\s*\d{1,7})?$/i;
const DIGITS = /\d/g;

/** Whether `text` (not blank) reads as a phone number a card can offer to call. */
export function isPhoneNumber(text: string): boolean {
  const value = text.trim();
  // "00" is how much of the world dials out: the same number as with "+"
  if (value.startsWith('+') || value.startsWith('00')) {
    return isValidPhoneNumber(value.startsWith('00') ? `+${value.slice(2)}` : value);
  }
  const number = NATIONAL_NUMBER.exec(value)?.[1];
  const digits = number?.match(DIGITS)?.length ?? 0;
  return digits >= 3 && digits <= 15;
}
