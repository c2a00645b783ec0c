import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  chosenNameProblem,
  isUsernameCheckable,
  normalizeUsernameInput,
  readsAsOtherWords,
  RESERVED_USERNAMES,
  suggestUsername,
  usernameChangeProblem,
  usernameProblem,
} from '../../src/username.ts';
import { paths, serverPaths } from '../../src/routes.ts';

// docs/decisions/004-usernames.md: one rule set; the spec's messages for each broken rule.

describe('normalizeUsernameInput', () => {
  it.each([
    ['Ana-Lopez', 'ana-lopez'],
    ['José Núñez!', 'josnez'],
    ['a_b.c', 'abc'],
    ['12 34', '1234'],
  ])('%s becomes %s as typed', (typed, kept) => {
    expect(normalizeUsernameInput(typed)).toBe(kept);
  });
});

describe('usernameProblem', () => {
  it.each([
    ['', 'free', M.usernameRequired],
    ['', 'pro', M.usernameRequired],
    ['1234567', 'free', M.usernameDigits],
    ['123456789', 'free', M.usernameDigits],
    ['ana-lopez', 'free', M.usernameDigits],
    ['12345678', 'free', null],
    ['ab', 'pro', M.usernameFormat],
    ['a'.repeat(31), 'business', M.usernameFormat],
    ['-ana', 'pro', M.usernameFormat],
    ['ana-', 'pro', M.usernameFormat],
    ['Ana', 'pro', M.usernameFormat],
    ['ana_lopez', 'pro', M.usernameFormat],
    ['ana', 'pro', null],
    ['a'.repeat(30), 'business', null],
    ['ana-lopez-42', 'business', null],
    ['admin', 'pro', M.usernameReserved],
    ['dashboard', 'business', M.usernameReserved],
    ['user', 'pro', M.usernameReserved],
    ['xn--pple-43d', 'pro', M.usernameLookalike],
    ['ab--cd', 'business', M.usernameLookalike],
    ['12--34', 'pro', M.usernameLookalike],
    ['a-b--c', 'pro', null],
    ['abc--', 'pro', M.usernameFormat],
  ] as const)('%j on %s → %s', (username, plan, problem) => {
    expect(usernameProblem(username, plan)).toBe(problem);
  });

  it('reserves the first segment of every path of the route table, and demo', () => {
    for (const path of [...Object.values(paths), ...Object.values(serverPaths)]) {
      const segment = path.split('/')[1];
      if (segment) expect(RESERVED_USERNAMES.has(segment), segment).toBe(true);
    }
    for (const name of ['demo', 'l', 'vcard', 'media', 'health', 'dev', 'billing', 'assets']) {
      expect(usernameProblem(name, 'business'), name).toBe(M.usernameReserved);
    }
  });
});

describe('readsAsOtherWords', () => {
  it('is every name with hyphens as its 3rd and 4th characters (RFC 5890 R-LDH labels), and no other', () => {
    for (const name of ['xn--pple-43d', 'xn--80ak6aa92e', 'ab--cd', 'zz--', '12--34']) {
      expect(readsAsOtherWords(name), name).toBe(true);
    }
    for (const name of ['xn-pple', 'a--b', 'abc--d', 'ab-c-d', 'xnpple', 'grace-hopper']) {
      expect(readsAsOtherWords(name), name).toBe(false);
    }
  });

  it('leaves every other name of a-z, 0-9 and hyphens its own Unicode form, as a card subdomain', () => {
    for (const name of ['grace-hopper', 'a--b', 'abc--d', 'xn-pple', '12345678']) {
      expect(domainToUnicode(`${name}.cards.example`), name).toBe(`${name}.cards.example`);
    }
    // what a browser shows for an A-label: other letters (a Cyrillic а)
    expect(domainToUnicode('xn--pple-43d.cards.example')).toBe('\u0430pple.cards.example');
  });

  it('is refused by chosenNameProblem for usernames and chosen codes alike', () => {
    expect(chosenNameProblem('xn--pple-43d')).toBe('lookalike');
    expect(chosenNameProblem('grace-hopper')).toBeNull();
  });
});

describe('usernameChangeProblem', () => {
  it('keeps the username a profile has valid on any plan (docs/decisions/013-pause-never-delete.md)', () => {
    expect(usernameChangeProblem('grace-hopper', 'free', 'grace-hopper')).toBeNull();
    expect(usernameChangeProblem('demo', 'pro', 'demo')).toBeNull();
    expect(usernameChangeProblem('xn--pple-43d', 'pro', 'xn--pple-43d')).toBeNull();
    expect(usernameChangeProblem('xn--pple-43d', 'pro', 'grace-hopper')).toBe(M.usernameLookalike);
  });

  it('judges a new one by the rules of the plan', () => {
    expect(usernameChangeProblem('admiral-grace', 'free', 'grace-hopper')).toBe(M.usernameDigits);
    expect(usernameChangeProblem('12345678', 'free', 'grace-hopper')).toBeNull();
    expect(usernameChangeProblem('admin', 'pro', null)).toBe(M.usernameReserved);
    expect(usernameChangeProblem('', 'pro', null)).toBe(M.usernameRequired);
    expect(usernameChangeProblem('Grace-Hopper', 'pro', 'grace-hopper')).toBe(M.usernameFormat);
  });
});

describe('isUsernameCheckable', () => {
  it('checks availability from 3 characters on', () => {
    expect(isUsernameCheckable('ab')).toBe(false);
    expect(isUsernameCheckable('abc')).toBe(true);
  });
});

describe('suggestUsername', () => {
  const lowest = () => 0;
  const highest = (max: number) => max - 1;

  it('suggests 8 digits on the free plan, which pass the free rule', () => {
    expect(suggestUsername('free', 'Ana', lowest)).toBe('10000000');
    expect(suggestUsername('free', 'Ana', highest)).toBe('99999999');
    expect(usernameProblem(suggestUsername('free', 'Ana', highest), 'free')).toBeNull();
  });

  it('suggests the name in lowercase ASCII with hyphens and 4 digits on paid plans', () => {
    expect(suggestUsername('pro', 'José Núñez', lowest)).toBe('jose-nunez-1000');
    expect(suggestUsername('business', '  Anne-Marie  O’Neil ', highest)).toBe('anne-marie-o-neil-9999');
    expect(suggestUsername('pro', '李雷', lowest)).toBe('card-1000');
    // never a name that reads as other words
    expect(suggestUsername('pro', 'Xn -- Pple', lowest)).toBe('xn-pple-1000');
  });

  it('keeps a long name within 30 characters and valid', () => {
    const suggestion = suggestUsername('pro', 'Maximiliana Alexandrina Constantinopla', lowest);
    expect(suggestion.length).toBeLessThanOrEqual(30);
    expect(usernameProblem(suggestion, 'pro')).toBeNull();
  });
});
