import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  isUsernameCheckable,
  normalizeUsernameInput,
  RESERVED_USERNAMES,
  suggestUsername,
  usernameProblem,
} from '../../src/username.ts';
import { isAppPath, paths } from '../../src/routes.ts';

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

  it('reserves every first path segment the app serves', () => {
    for (const path of Object.values(paths)) {
      const segment = path.split('/')[1];
      if (segment) expect(RESERVED_USERNAMES.has(segment), segment).toBe(true);
    }
    expect(isAppPath('/dashboard')).toBe(true);
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
