import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.ts';

// What a person types is shown on pages, in e-mails and their headers, in .vcf files and in file names.
// One rule for every text field, written once here: a field holds visible text only.
//
// Refused in every field:
// - control characters (Unicode Cc): NUL, TAB, LF, CR and the rest of C0, DEL, and C1 (NEL among them);
// - the line and paragraph separators U+2028 and U+2029;
// - format characters (Unicode Cf): bidi embeddings, overrides, isolates and marks, zero-width space,
//   word joiner, byte order mark, soft hyphen, tag characters...: invisible, and able to reorder or hide
//   the text around them;
// - lone surrogates, which are not text and cannot be stored as UTF-8.
// Kept: ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER (U+200C, U+200D) between two visible characters.
// Persian and Indic names need them and emoji sequences (👨‍👩‍👧, 🏳️‍🌈) are made with them; they neither
// end a line nor reorder text. At either end of the text, beside a space or beside each other they join
// nothing, so there they are refused too (except after a combining mark: Malayalam ends a word so).
// A multi-line field (the support message) also keeps line feeds and carriage returns, and nothing more.

const JOINERS = '[\\u200C\\u200D]';
/** Controls, separators, surrogates and every format character but the joiners. */
const NEVER_ALLOWED = `[\\p{Cc}\\p{Zl}\\p{Zp}\\p{Cs}]|(?!${JOINERS})\\p{Cf}`;
/**
 * A joiner with nothing visible before it, or nothing visible after it unless it ends a syllable after a
 * combining mark (Malayalam writes a chillu as consonant, virama, joiner, often at the end of a word).
 */
const STRAY_JOINER = `(?<![^\\s\\p{Cf}])${JOINERS}|(?<!\\p{M})${JOINERS}(?![^\\s\\p{Cf}])`;
const LINE_BREAK = '[\\n\\r]';

const SINGLE_LINE_FORBIDDEN = new RegExp(`${NEVER_ALLOWED}|${STRAY_JOINER}`, 'u');
const MULTI_LINE_FORBIDDEN = new RegExp(`(?!${LINE_BREAK})(?:${NEVER_ALLOWED})|${STRAY_JOINER}`, 'u');

/** True when the text has nothing but visible characters and spaces (and the joiners where they join). */
export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value);
}

/** The same, with line breaks (LF, CR) allowed. */
export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value);
}

/**
 * One line of text for a field of any schema: trimmed (unless `trim: false`, for passwords), then refused
 * with its own message when it holds a character of the rule above, before any other check runs.
 */
export function singleLineText({ trim = true }: { trim?: boolean } = {}) {
  const text = trim ? z.string().trim() : z.string();
  return text.refine(isSingleLineText, { error: M.textControlCharacters, abort: true });
}

/** Text with line breaks (the support message): trimmed, then the rule above with LF and CR allowed. */
export function multiLineText() {
  return z.string().trim().refine(isMultiLineText, { error: M.textControlCharactersMultiLine, abort: true });
}

const LINE_BREAKS_AND_TABS = /\r\n|[\t\n\r\v\f\u0085\u2028\u2029]/g;
const SINGLE_LINE_FORBIDDEN_ALL = new RegExp(SINGLE_LINE_FORBIDDEN.source, 'gu');

/**
 * Text stored before the rule above, made safe for one line of output (a .vcf value, a mail header, a
 * file name): line breaks and tabs become spaces, every other refused character is dropped.
 */
export function toSingleLine(value: string): string {
  return value.replace(LINE_BREAKS_AND_TABS, ' ').replace(SINGLE_LINE_FORBIDDEN_ALL, '');
}
