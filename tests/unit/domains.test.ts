import { describe, expect, it } from 'vitest';
import { parseDomain, verificationRecordName, verificationRecordValue } from '../../src/domains.ts';
import { DomainNameSchema } from '../../src/schemas/domain.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';

// The custom domain rule (src/domains.ts): every spelling of a name stored in one form, and everything
// that is not a domain name refused with its reason.

describe('parseDomain', () => {
  it.each([
    ['cards.example.com', 'cards.example.com'],
    ['  Cards.Example.COM  ', 'cards.example.com'],
    ['cards.example.com.', 'cards.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.example.', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['例え。テスト', 'xn--r8jz45g.xn--zckzah'],
    ['a-b.c-d.io', 'a-b.c-d.io'],
  ])('stores %j as %j', (input, domain) => {
    expect(parseDomain(input)).toEqual({ domain });
  });

  it.each([
    ['', 'required'],
    ['https://cards.example.com', 'bare'],
    ['cards.example.com/ada', 'bare'],
    ['cards.example.com:443', 'bare'],
    ['user@cards.example.com', 'bare'],
    ['cards.example.com?x', 'bare'],
    ['10.0.0.1', 'ip_address'],
    ['10.0.0.1.', 'ip_address'],
    ['::1', 'ip_address'],
    ['[fe80::1]', 'ip_address'],
    ['localhost', 'invalid'],
    ['.example.com', 'invalid'],
    ['example..com', 'invalid'],
    ['example.com..', 'invalid'],
    ['-example.com', 'invalid'],
    ['example-.com', 'invalid'],
    ['exa_mple.com', 'invalid'],
    ['example.42', 'invalid'],
    ['1.2.3', 'invalid'],
    [`${'a'.repeat(64)}.com`, 'invalid'],
    [`${'a'.repeat(62)}.`.repeat(4) + 'com', 'too_long'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(parseDomain(input)).toEqual({ problem });
  });
});

describe('the domain schema', () => {
  it('gives the stored form, or the message id of the refusal', () => {
    expect(DomainNameSchema.parse(' Example.ORG. ')).toBe('example.org');
    const refused = DomainNameSchema.safeParse('http://example.org');
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([M.domainBare]);
  });
});

it('names the record and its value', () => {
  expect(verificationRecordName('example.org')).toBe('_tapcard-verify.example.org');
  expect(verificationRecordValue('abc')).toBe('tapcard-verify=abc');
});
