import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOCALES, type Locale } from '../../src/i18n.ts';
import type { ValidationMessageId } from '../../src/messages.ts';
import { VALIDATION_MESSAGE_TEXT } from '../../src/validation-texts.ts';
import en from '../../locales/en/server.json' with { type: 'json' };
import es from '../../locales/es/server.json' with { type: 'json' };

// The server's words come from Lingui's server catalog (locales/{locale}/server.po), so `npm run i18n:check`
// finds any one left untranslated. No Lingui macros here: the server runs without Babel (tsx, esbuild, Vitest).
// A text is a descriptor marked for Lingui's extractor by a comment, with an explicit id and its English as
// an ICU message:
//
//   translate(locale, /*i18n*/ { id: 'page.roleAt', message: '{position} at {company}' }, { position, company })
//
// The English in the code is the English of the catalog: the npm scripts extract with --overwrite, which
// with explicit ids is what carries a reworded message into locales/en/server.po.
//
// The compiled catalogs (locales/{locale}/server.json, written by `lingui compile`, committed, checked fresh
// by `npm run i18n:check`) are imported as modules rather than compiled from the .po at start: tsx, the
// esbuild bundle and Vitest all read them with no step of their own, the bundle carries them (nothing more
// to ship beside dist/), and a start compiles nothing.

const COMPILED: Record<Locale, { messages: unknown }> = { en, es };

/** A server text: its stable id and its English words (ICU: `{name}`, `{count, plural, one {…} other {…}}`). */
export interface ServerMessage<Message extends string = string> {
  readonly id: string;
  readonly message: Message;
  /** A note for translators, extracted into the .po. */
  readonly comment?: string;
}

type Trim<S extends string> = S extends ` ${infer T}` ? Trim<T> : S extends `${infer T} ` ? Trim<T> : S;

/** S from its first brace on: the brace and what follows it, or never when S has no brace. */
type FromFirstBrace<S extends string> = S extends `${infer Before}{${infer After}`
  ? Before extends `${string}}${infer Rest}`
    ? ['}', `${Rest}{${After}`]
    : ['{', After]
  : S extends `${string}}${infer Rest}`
    ? ['}', Rest]
    : never;

/**
 * The names of an ICU message's arguments: `{name}`, and `{name, plural, one {…} other {…}}` with the
 * arguments in its cases' words. Outside an argument's name, braces alternate between words and an
 * argument's cases: in words, `{` opens an argument and `}` ends a case; in cases, `{` opens a case's words
 * and `}` ends the argument. (Quoted braces, `'{'`, are not told apart: the server's texts have none.)
 */
export type ArgumentNames<
  S extends string,
  In extends 'words' | 'cases' = 'words',
  Found extends string = never,
> =
  FromFirstBrace<S> extends [infer Brace, infer Rest extends string]
    ? In extends 'cases'
      ? ArgumentNames<Rest, 'words', Found>
      : Brace extends '}'
        ? ArgumentNames<Rest, 'cases', Found>
        : Rest extends `${infer Head}}${infer Tail}`
          ? Head extends `${infer Name},${infer Format}`
            ? ArgumentNames<`${Format}}${Tail}`, 'cases', Found | Trim<Name>>
            : ArgumentNames<Tail, 'words', Found | Trim<Head>>
          : Found
    : Found;

/** The values a message needs: none, or one per argument (a message typed only as string takes any). */
export type ValuesArgument<Message extends string> = string extends Message
  ? [values?: Record<string, string | number>]
  : [ArgumentNames<Message>] extends [never]
    ? []
    : [values: Record<ArgumentNames<Message>, string | number>];

/** One I18n per locale, loaded and activated once, so no request ever switches a shared instance. */
const SERVER_I18N = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      messages: { [locale]: COMPILED[locale].messages as Messages },
      // an id the catalog lacks is a text never extracted (its /*i18n*/ mark forgotten) or a catalog not
      // compiled again: said at once rather than shown in English to a Spanish reader
      missing: (_locale, id) => {
        throw new Error(
          `No server text "${id}" in locales/${locale}/server.json: mark it /*i18n*/, then npm run i18n:extract`,
        );
      },
    }),
  ]),
) as Record<Locale, I18n>;

/** The locale's Lingui instance, for what `translate` does not cover (i18n.number, i18n.date). */
export function serverI18n(locale: Locale): I18n {
  return SERVER_I18N[locale];
}

/**
 * A server text in a locale, its arguments filled in from `values` (typed from the English message: a
 * missing or misspelt name is a type error). Plain text: whoever writes it into HTML escapes it.
 */
export function translate<const Message extends string>(
  locale: Locale,
  descriptor: ServerMessage<Message>,
  ...[values]: ValuesArgument<Message>
): string {
  return SERVER_I18N[locale]._(descriptor.id, values);
}

/** translate() with its locale given: what one language's table of texts is built with. */
export type Translator = <const Message extends string>(
  descriptor: ServerMessage<Message>,
  ...values: ValuesArgument<Message>
) => string;

export function translatorFor(locale: Locale): Translator {
  return (descriptor, ...values) => translate(locale, descriptor, ...values);
}

/**
 * A validation id's English sentence (src/validation-texts.ts), as the REST API's problems say it, with the
 * values a rule gives at run time (a line, a row) where it has them.
 */
export function validationSentence(
  id: ValidationMessageId,
  values: Record<string, string | number> = {},
): string {
  const { values: constants } = VALIDATION_MESSAGE_TEXT[id];
  return SERVER_I18N.en._(id, { ...constants, ...values });
}
