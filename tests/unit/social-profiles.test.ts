import { describe, expect, it } from 'vitest';
import {
  mastodonAddressOf,
  mastodonUrl,
  socialFieldValue,
  whatsappNumberOf,
  whatsappUrl,
} from '../../src/social-profiles.ts';

// What a person may type in the WhatsApp and Mastodon fields (src/social-profiles.ts), and what is stored.

describe('WhatsApp', () => {
  it.each([
    ['+34 600 123 456', 'https://wa.me/34600123456'],
    ['0034 600-123-456', 'https://wa.me/34600123456'],
    ['+1 (415) 555-0134', 'https://wa.me/14155550134'],
    ['+683 4002', 'https://wa.me/6834002'],
    ['https://wa.me/34600123456', 'https://wa.me/34600123456'],
    ['https://api.whatsapp.com/send?phone=34600123456', 'https://api.whatsapp.com/send?phone=34600123456'],
    ['https://wa.me/message/ABCDEF', 'https://wa.me/message/ABCDEF'],
  ])('takes %s as %s', (typed, stored) => {
    expect(whatsappUrl(typed)).toBe(stored);
  });

  it.each([
    ['a number without its country code', '600 123 456'],
    ['a country code of 0', '+0 600 123 456'],
    ['too many digits', '+34 600 123 456 789 01'],
    ['too few digits', '+34 600'],
    ['letters', '+34 600 ABC DEF'],
    ['a link elsewhere', 'https://example.com/34600123456'],
    ['a look-alike host', 'https://wa.me.example.com/34600123456'],
    ['another scheme', 'javascript:alert(1)'],
    ['a word', 'whatsapp'],
  ])('refuses %s', (_case, typed) => {
    expect(whatsappUrl(typed)).toBeNull();
  });

  it('shows a stored number as the number, and any other link as it is', () => {
    expect(whatsappNumberOf('https://wa.me/34600123456')).toBe('+34600123456');
    expect(whatsappNumberOf('https://wa.me/message/ABCDEF')).toBeNull();
    expect(socialFieldValue('whatsapp', 'https://wa.me/message/ABCDEF')).toBe('https://wa.me/message/ABCDEF');
  });
});

describe('Mastodon', () => {
  it.each([
    ['@ana@mastodon.social', 'https://mastodon.social/@ana'],
    ['ana@mastodon.social', 'https://mastodon.social/@ana'],
    ['@ana_lopez@social.example.org', 'https://social.example.org/@ana_lopez'],
    ['@maría@ñandú.example', 'https://ñandú.example/@maría'],
    ['https://mastodon.social/@ana', 'https://mastodon.social/@ana'],
  ])('takes %s as %s', (typed, stored) => {
    expect(mastodonUrl(typed)).toBe(stored);
  });

  it.each([
    ['a name without its server', '@ana'],
    ['a server without a name', '@mastodon.social'],
    ['a server without a dot', '@ana@localhost'],
    ['spaces', '@ana lopez@mastodon.social'],
    ['two servers', '@ana@a.example@b.example'],
    ['another scheme', 'javascript:alert(1)'],
    ['a path', '@ana@mastodon.social/evil'],
  ])('refuses %s', (_case, typed) => {
    expect(mastodonUrl(typed)).toBeNull();
  });

  it('shows a stored profile link of the address shape as the address', () => {
    expect(mastodonAddressOf('https://mastodon.social/@ana')).toBe('@ana@mastodon.social');
    expect(mastodonAddressOf('https://mastodon.social/@ana/123')).toBeNull();
    expect(socialFieldValue('mastodon', 'https://mastodon.social/users/ana')).toBe(
      'https://mastodon.social/users/ana',
    );
    expect(socialFieldValue('github', 'https://github.com/ana')).toBe('https://github.com/ana');
  });
});
