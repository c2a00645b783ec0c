import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { isMultiLineText, isSingleLineText, toSingleLine } from '../../src/text.ts';

// The text rule (src/text.ts) in every field of every input schema. The schemas are not listed here: every
// zod schema that src/schemas/*.ts exports is found and walked down to its text fields, so a field or a
// schema added later is covered without touching this file.

const schemaModules = import.meta.glob<Record<string, unknown>>('../../src/schemas/*.ts', { eager: true });

type Path = (string | number)[];
interface TextField {
  name: string;
  root: z.ZodType;
  path: Path;
  /** A string with a format of its own (uuid, email...) rather than free text. */
  format: string | undefined;
  /** The literals of the objects around it (a discriminated union's `kind`), which its input carries. */
  literals: [Path, unknown][];
}

interface ZodDef {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as ZodDef;

/** Kinds that hold no text: nothing to walk into. */
const NO_TEXT = new Set(['number', 'boolean', 'bigint', 'date', 'enum', 'literal', 'null', 'undefined']);

function textFieldsOf(name: string, root: z.ZodType): TextField[] {
  const found: TextField[] = [];
  const walk = (schema: z.ZodType, path: Path, literals: [Path, unknown][]) => {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        found.push({ name: [name, ...path].join('.'), root, path, format: def.format, literals });
        return;
      case 'object': {
        const shape = Object.entries(def.shape ?? {});
        const own = shape.flatMap(([key, child]): [Path, unknown][] => {
          const childDef = defOf(child);
          return childDef.type === 'literal' ? [[[...path, key], childDef.values?.[0]]] : [];
        });
        for (const [key, child] of shape) walk(child, [...path, key], [...literals, ...own]);
        return;
      }
      case 'pipe': // what the person sends goes into the input side
        if (def.in) walk(def.in, path, literals);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
        if (def.innerType) walk(def.innerType, path, literals);
        return;
      case 'array':
        if (def.element) walk(def.element, [...path, 0], literals);
        return;
      case 'union':
        for (const option of def.options ?? []) walk(option, path, literals);
        return;
      case 'catch': // a preview's field: what fails its rules is drawn empty, never refused or stored
        return;
      default:
        // a kind this walk does not know must be taught to it, never skipped without a word
        if (!NO_TEXT.has(def.type))
          throw new Error(`${name}: cannot walk a zod ${def.type} at ${path.join('.')}`);
    }
  };
  walk(root, [], []);
  return found;
}

const FIELDS: TextField[] = Object.entries(schemaModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .flatMap(([exportName, schema]) => textFieldsOf(`${file.split('/').at(-1)}:${exportName}`, schema)),
);

/** The value at the field's path inside an otherwise empty input, beside the literals around it. */
function inputWith(field: TextField, value: string): unknown {
  if (field.path.length === 0) return value;
  const input: Record<string | number, unknown> = {};
  for (const [path, at] of [...field.literals, [field.path, value] as [Path, unknown]]) {
    let into = input;
    path.forEach((key, index) => {
      const next = path[index + 1];
      if (next === undefined) into[key] = at;
      else into = (into[key] ??= typeof next === 'number' ? [] : {}) as Record<string | number, unknown>;
    });
  }
  return input;
}

/** The messages the whole schema reports for the one field. */
function messagesAt(field: TextField, value: string): string[] {
  const result = field.root.safeParse(inputWith(field, value));
  if (result.success) return [];
  const at = JSON.stringify(field.path);
  return result.error.issues.filter((issue) => JSON.stringify(issue.path) === at).map((i) => i.message);
}

const hex = (char: string) =>
  [...char].map((c) => `U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/** C0 (NUL, TAB, LF, CR...), DEL and C1 (NEL, CSI...). */
const CONTROLS = [...range(0x00, 0x1f), '\u007f', ...range(0x80, 0x9f)];
/** Bidi embeddings, overrides, isolates and marks; zero-width and invisible characters; separators. */
const INVISIBLES = [
  ...range(0x202a, 0x202e), // LRE RLE PDF LRO RLO
  ...range(0x2066, 0x2069), // LRI RLI FSI PDI
  '\u200e', // LRM
  '\u200f', // RLM
  '\u061c', // ARABIC LETTER MARK
  '\u200b', // ZERO WIDTH SPACE
  '\u2060', // WORD JOINER
  '\u2064', // INVISIBLE PLUS
  '\ufeff', // BYTE ORDER MARK
  '\u00ad', // SOFT HYPHEN
  '\ufff9', // INTERLINEAR ANNOTATION ANCHOR
  '\u{e0001}', // LANGUAGE TAG
  '\u{e0041}', // TAG LATIN CAPITAL LETTER A (hidden text)
  '\u2028', // LINE SEPARATOR
  '\u2029', // PARAGRAPH SEPARATOR
  '\ud800', // a lone surrogate
];
const LINE_BREAKS = ['\n', '\r', '\r\n'];
/** Joiners that join nothing: first, last, beside a space, doubled. */
const STRAY_JOINERS = ['\u200dAna Lee', 'Ana Lee\u200c', 'Ana \u200dLee', 'An\u200d\u200da Lee'];

/** Characters that String.prototype.trim takes away at either end (so they are only refused inside). */
const trimmedAway = (char: string) => char.trim() === '';

describe('the text rule of src/text.ts', () => {
  it.each([
    'Ana Lee',
    'José Núñez-García',
    "O'Brien & Co. <b>bold</b>",
    'می‌خواهم', // Persian with a ZERO WIDTH NON-JOINER
    'അവന്‍ വന്നു', // Malayalam: a chillu written with a ZERO WIDTH JOINER, ending a word
    '👨‍👩‍👧 family', // emoji joined with ZERO WIDTH JOINERs
    '🏳️‍🌈', // variation selector, then a joiner
    '李小龍 ✓ 🇪🇸',
    'עברית ولغة عربية',
  ])('keeps real text: %s', (text) => {
    expect(isSingleLineText(text)).toBe(true);
    expect(isMultiLineText(text)).toBe(true);
  });

  it.each([...CONTROLS, ...INVISIBLES].map((char) => [hex(char), char]))(
    'refuses %s in one line',
    (_name, char) => {
      expect(isSingleLineText(`Ana${char}Lee`)).toBe(false);
    },
  );

  it.each(STRAY_JOINERS)('refuses a joiner that joins nothing: %j', (text) => {
    expect(isSingleLineText(text)).toBe(false);
    expect(isMultiLineText(text)).toBe(false);
  });

  it('keeps line breaks, and only them, in multi-line text', () => {
    for (const lineBreak of LINE_BREAKS) expect(isMultiLineText(`Hello${lineBreak}there`)).toBe(true);
    for (const char of [...CONTROLS, ...INVISIBLES].filter((c) => c !== '\n' && c !== '\r')) {
      expect(isMultiLineText(`Hello${char}there`), hex(char)).toBe(false);
    }
  });

  it('turns stored text into one safe line: breaks and tabs as spaces, the rest dropped', () => {
    expect(toSingleLine('Ana\r\nLee\tX\u2028Y\u0085Z')).toBe('Ana Lee X Y Z');
    expect(toSingleLine('\u202eAna\u0000 \u200bLee\ufeff')).toBe('Ana Lee');
    expect(toSingleLine('👨‍👩‍👧 می‌خواهم')).toBe('👨‍👩‍👧 می‌خواهم');
    expect(toSingleLine('\u200dAna\u200c')).toBe('Ana');
    for (const char of [...CONTROLS, ...INVISIBLES])
      expect(isSingleLineText(toSingleLine(`a${char}b`))).toBe(true);
  });
});

describe('every text field of every input schema (src/schemas/*.ts)', () => {
  it('finds the schemas and their fields', () => {
    const names = FIELDS.map((field) => field.name);
    expect(names.length).toBeGreaterThan(40);
    for (const known of [
      'auth.ts:SignUpSchema.name',
      'auth.ts:ChangePasswordSchema.newPassword',
      'support.ts:SupportMessageSchema.message',
      'vcard.ts:UpdateVcardSchema.socialLinks.linkedin',
      'link.ts:ProfileLinkFormSchema.url',
      'card.ts:CreateCardSchema.username',
      'link.ts:ReorderLinksSchema.ids.0',
    ]) {
      expect(names).toContain(known);
    }
  });

  const textFields = FIELDS.filter((field) => field.format === undefined);
  const formatFields = FIELDS.filter((field) => field.format !== undefined);
  const multiLine = (field: TextField) =>
    messagesAt(field, 'Ana\u0000Lee').includes(M.textControlCharactersMultiLine);

  it.each(textFields.map((field) => [field.name, field]))(
    '%s refuses control and invisible characters with its message',
    (_name, field) => {
      const lines = multiLine(field);
      const message = lines ? M.textControlCharactersMultiLine : M.textControlCharacters;
      const refused = [...CONTROLS, ...INVISIBLES].filter((char) => !(lines && LINE_BREAKS.includes(char)));
      for (const char of refused) {
        expect(messagesAt(field, `Ana${char}Lee`), `${hex(char)} inside`).toContain(message);
        if (!trimmedAway(char)) {
          expect(messagesAt(field, `${char}Ana Lee`), `${hex(char)} first`).toContain(message);
          expect(messagesAt(field, `Ana Lee${char}`), `${hex(char)} last`).toContain(message);
        }
      }
      for (const text of STRAY_JOINERS)
        expect(messagesAt(field, text), JSON.stringify(text)).toContain(message);
      for (const lineBreak of lines ? LINE_BREAKS : []) {
        expect(messagesAt(field, `Ana${lineBreak}Lee`)).not.toContain(message);
      }
      expect(messagesAt(field, 'Ana\u200dLee 👨‍👩‍👧')).not.toContain(message);
    },
  );

  it('keeps line breaks in the support message, not in one-line fields such as its subject', () => {
    const names = textFields.filter(multiLine).map((field) => field.name);
    expect(names).toContain('support.ts:SupportMessageSchema.message');
    for (const oneLine of ['support.ts:SupportMessageSchema.subject', 'auth.ts:SignUpSchema.name']) {
      expect(names).not.toContain(oneLine);
    }
  });

  it.each(formatFields.map((field) => [field.name, field]))(
    '%s (a format of its own) refuses them too',
    (_name, field) => {
      for (const char of [...CONTROLS, ...INVISIBLES]) {
        expect(messagesAt(field, `6f1c1f5e-3b0a-4c52-9a57-1b2f0c3d4e5${char}`), hex(char)).not.toEqual([]);
      }
    },
  );
});
