import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  isUsernameCheckable,
  normalizeUsernameInput,
  RESERVED_USERNAMES,
  suggestUsername,
  usernameChangeProblem,
  usernameProblem,
} from '../../src/username.ts';
import { paths, serverPaths } from '../../src/routes.ts';

// DECISIONS.md "Usernames": one rule set; the spec's messages for each broken rule.

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

describe('usernameChangeProblem', () => {
  it('keeps the username a profile has valid on any plan (DECISIONS.md "Plans that end")', () => {
    expect(usernameChangeProblem('grace-hopper', 'free', 'grace-hopper')).toBeNull();
    expect(usernameChangeProblem('demo', 'pro', 'demo')).toBeNull();
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
  });

  it('keeps a long name within 30 characters and valid', () => {
    const suggestion = suggestUsername('pro', 'Maximiliana Alexandrina Constantinopla', lowest);
    expect(suggestion.length).toBeLessThanOrEqual(30);
    expect(usernameProblem(suggestion, 'pro')).toBeNull();
  });
});
