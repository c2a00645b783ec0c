import { describe, expect, expectTypeOf, it } from 'vitest';
import en from '../../locales/en/server.json' with { type: 'json' };
import es from '../../locales/es/server.json' with { type: 'json' };
import {
  serverI18n,
  translate,
  type ArgumentNames,
  type ValuesArgument,
} from '../../server/lib/server-i18n.ts';

// The server's words through Lingui without macros (server/lib/server-i18n.ts): descriptors with explicit
// ids, the compiled catalogs imported as modules, values typed from the English message.

describe('translate', () => {
  it("gives a text in the locale's words, its values filled in", () => {
    const roleAt = { id: 'page.roleAt', message: '{position} at {company}' } as const;
    expect(translate('en', roleAt, { position: 'CTO', company: 'ACME' })).toBe('CTO at ACME');
    expect(translate('es', roleAt, { position: 'CTO', company: 'ACME' })).toBe('CTO en ACME');
    expect(translate('es', { id: 'page.call', message: 'Call' })).toBe('Llamar');
  });

  it('refuses an id the catalog lacks, rather than showing its English to every reader', () => {
    expect(() => translate('es', { id: 'page.neverExtracted', message: 'Hello' })).toThrow(
      /No server text "page\.neverExtracted" in locales\/es\/server\.json/,
    );
  });

  it('keeps one instance per locale, each with its own language', () => {
    expect(serverI18n('en').locale).toBe('en');
    expect(serverI18n('es').locale).toBe('es');
    expect(serverI18n('es').number(1234.5)).toBe('1234,5');
  });
});

describe("a message's values, from its English", () => {
  it('names the arguments of plain, plural and select messages', () => {
    expectTypeOf<ArgumentNames<'Call'>>().toEqualTypeOf<never>();
    expectTypeOf<ArgumentNames<'{position} at {company}'>>().toEqualTypeOf<'position' | 'company'>();
    expectTypeOf<ArgumentNames<"{ name }'s card">>().toEqualTypeOf<'name'>();
    expectTypeOf<
      ArgumentNames<'{count, plural, one {# card of {team}} other {# cards of {team}}} left, {name}'>
    >().toEqualTypeOf<'count' | 'team' | 'name'>();
    expectTypeOf<ArgumentNames<'{role, select, owner {Owner} other {{role}}}'>>().toEqualTypeOf<'role'>();
    expectTypeOf<ArgumentNames<'{count, number} views'>>().toEqualTypeOf<'count'>();
  });

  it('asks for exactly those values', () => {
    expectTypeOf<ValuesArgument<'Call'>>().toEqualTypeOf<[]>();
    expectTypeOf<ValuesArgument<'Hi {name}'>>().toEqualTypeOf<[values: Record<'name', string | number>]>();
    expectTypeOf<ValuesArgument<string>>().toEqualTypeOf<[values?: Record<string, string | number>]>();
    const hi = { id: 'page.photoOf', message: 'Photo of {name}' } as const;
    // @ts-expect-error: a message with an argument needs its value
    expect(translate('en', hi)).toBe('Photo of ');
    // @ts-expect-error: a misspelt value is a type error
    expect(translate('en', hi, { nmae: 'Ana' })).toBe('Photo of ');
  });
});

/** The argument names in a compiled message (Lingui's tokens: text, [name], [name, type, cases]). */
function argumentsOf(compiled: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return found;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, , cases] = token as [string, string?, unknown?];
    found.add(name);
    if (cases && typeof cases === 'object')
      for (const words of Object.values(cases)) argumentsOf(words, found);
  }
  return found;
}

describe('the compiled server catalogs', () => {
  it('have the same messages in every language, each with the arguments of its English', () => {
    const english: Record<string, unknown> = en.messages;
    const spanish: Record<string, unknown> = es.messages;
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(english)) {
      expect([id, [...argumentsOf(spanish[id])].sort()]).toEqual([id, [...argumentsOf(message)].sort()]);
    }
  });
});
