import { describe, expect, it } from 'vitest';
import { visitFactsKey } from '../../server/analytics/visit.ts';
import { campaignOf, NO_CAMPAIGN, UTM_VALUE_MAX_LENGTH, utmValue } from '../../src/utm.ts';

// The campaign of a visit (src/utm.ts): one rule for the utm_* parameters of a card page's or a short
// link's address.

describe('a campaign value', () => {
  it('is trimmed and lowercased', () => {
    expect(utmValue('  Newsletter ')).toBe('newsletter');
    expect(utmValue('Spring Sale 2026')).toBe('spring sale 2026');
    expect(utmValue('Ñandú')).toBe('ñandú');
  });

  it('is none when absent or empty', () => {
    expect(utmValue(undefined)).toBeNull();
    expect(utmValue('')).toBeNull();
    expect(utmValue('   ')).toBeNull();
  });

  it('is cut to its bound, never inside a character', () => {
    expect(utmValue('a'.repeat(UTM_VALUE_MAX_LENGTH + 50))).toBe('a'.repeat(UTM_VALUE_MAX_LENGTH));
    const emoji = '😀'.repeat(UTM_VALUE_MAX_LENGTH + 1);
    expect(Array.from(utmValue(emoji) ?? '')).toHaveLength(UTM_VALUE_MAX_LENGTH);
    expect(utmValue(`${'b'.repeat(UTM_VALUE_MAX_LENGTH - 1)} tail`)).toBe(
      'b'.repeat(UTM_VALUE_MAX_LENGTH - 1),
    );
  });

  it('is ignored when it holds a control or invisible formatting character', () => {
    for (const bad of [
      'news\nletter',
      'a\u0000b',
      'tab\there',
      'x\u0085y',
      'evil\u202Eflip',
      'zero\u200Bwidth',
    ]) {
      expect(utmValue(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('takes the first of a repeated parameter', () => {
    expect(utmValue(['Email', 'social'])).toBe('email');
    expect(utmValue([])).toBeNull();
  });
});

describe('the campaign of an address', () => {
  it('reads the three parameters and nothing else', () => {
    expect(
      campaignOf({
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: 'Spring',
        utm_term: 'x',
        qr: '',
      }),
    ).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' });
    expect(campaignOf({ qr: '' })).toEqual(NO_CAMPAIGN);
    expect(campaignOf({ utm_source: 'ok', utm_medium: 'bad\u0007' })).toEqual({
      utm_source: 'ok',
      utm_medium: null,
      utm_campaign: null,
    });
  });
});

describe("a visit's place in the counting queue", () => {
  const facts = { device: 'mobile', browser: 'safari', referrerHost: null, country: 'ES' } as const;

  it('is the same without a campaign as before campaigns were recorded', () => {
    expect(visitFactsKey({ ...facts, ...NO_CAMPAIGN })).toBe('mobile safari  ES');
  });

  it('keeps campaigns apart whatever spaces their values hold', () => {
    const key = (utm_source: string | null, utm_medium: string | null) =>
      visitFactsKey({ ...facts, utm_source, utm_medium, utm_campaign: null });
    expect(key('a b', null)).not.toBe(key('a', 'b'));
    expect(key('a', null)).not.toBe(key(null, 'a'));
    expect(key('a', null)).not.toBe(visitFactsKey({ ...facts, ...NO_CAMPAIGN }));
  });
});
