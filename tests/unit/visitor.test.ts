import { describe, expect, it } from 'vitest';
import { isLinkCode } from '../../server/lib/link-codes.ts';
import { browserFamily, deviceClass, referrerHost } from '../../src/visitor.ts';

// What a counted visit keeps of a visitor (src/visitor.ts), and which codes are looked up at all.

describe('deviceClass', () => {
  it.each([
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'mobile',
    ],
    [
      'an Android phone',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'mobile',
    ],
    [
      'Firefox on an Android phone',
      'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
      'mobile',
    ],
    [
      'Opera Mini',
      'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en)',
      'mobile',
    ],
    [
      'an iPad (old user agent)',
      'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
      'tablet',
    ],
    [
      'an Android tablet (no "Mobile")',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'tablet',
    ],
    [
      'Firefox on an Android tablet',
      'Mozilla/5.0 (Android 13; Tablet; rv:128.0) Gecko/128.0 Firefox/128.0',
      'tablet',
    ],
    [
      'a Kindle Fire',
      'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/118.4.1 like Chrome/118.0.5993.144 Safari/537.36',
      'tablet',
    ],
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'desktop',
    ],
    [
      'Safari on a Mac (and an iPad asking for desktop sites)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'desktop',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'desktop'],
    [
      'a Chromebook',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'desktop',
    ],
    ['something else', 'SomeApp/1.0', 'unknown'],
    ['no header', undefined, 'unknown'],
    ['an empty header', '', 'unknown'],
  ])('%s', (_case, userAgent, expected) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});

describe('browserFamily', () => {
  it.each([
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'safari',
    ],
    [
      'Safari on a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'safari',
    ],
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'chrome',
    ],
    [
      'Chrome on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'chrome',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
      'edge',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'firefox'],
    [
      'Firefox on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      'firefox',
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'samsung',
    ],
    [
      'Opera',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'opera',
    ],
    [
      "Instagram's browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; en_US)',
      'in-app',
    ],
    [
      "Facebook's browser",
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.0;]',
      'in-app',
    ],
    ['something else', 'Lynx/2.9.0 libwww-FM/2.14', 'other'],
    ['no user agent', '', 'unknown'],
  ])('%s → %s', (_name, userAgent, expected) => {
    expect(browserFamily(userAgent)).toBe(expected);
  });
});

describe('referrerHost', () => {
  it.each([
    ['https://WWW.Instagram.com/p/abc?igsh=1#x', 'www.instagram.com'],
    ['http://localhost:3000/demo', 'localhost'],
    ['https://user:secret@news.example.org/path', 'news.example.org'],
    ['android-app://com.Google.Android.gm/', 'com.google.android.gm'],
    [undefined, null],
    ['', null],
    ['not a url', null],
    ['/relative/path', null],
    ['file:///etc/passwd', null],
    [
      `https://${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com/`,
      null,
    ],
  ])('%s → %s', (referer, expected) => {
    expect(referrerHost(referer)).toBe(expected);
  });

  it("keeps the app's own host (a link followed from a card page), and nothing of an empty or bad one", () => {
    expect(referrerHost('https://CARDS.example.com/ada?x=1')).toBe('cards.example.com');
    expect(referrerHost('')).toBeNull();
    expect(referrerHost('https://')).toBeNull();
    expect(referrerHost('http://[::1')).toBeNull();
  });

  it('keeps a host of exactly 255 characters', () => {
    const host = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`;
    expect(host).toHaveLength(255);
    expect(referrerHost(`https://${host}/`)).toBe(host);
  });
});

describe('isLinkCode', () => {
  it.each([
    ['aB3dE6gH', true],
    ['1234567', true],
    ['a'.repeat(32), true],
    ['abc123', false],
    ['a'.repeat(33), false],
    ['abc-1234', false],
    ['abcd 1234', false],
    ['', false],
  ])('%s: %s', (code, expected) => {
    expect(isLinkCode(code)).toBe(expected);
  });
});
