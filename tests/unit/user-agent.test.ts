import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '#web/lib/user-agent.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Chrome on Linux',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux' },
    ],
    [
      'Edge on Windows (it also says Chrome)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', os: 'Windows' },
    ],
    [
      'Safari on an iPhone (it also says Mac OS X)',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS' },
    ],
    [
      'Firefox on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      { browser: 'Firefox', os: 'macOS' },
    ],
    [
      'Samsung Internet on Android (it also says Chrome and Linux)',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android' },
    ],
    ['a script', 'curl/8.5.0', { browser: null, os: null }],
    ['no header', null, { browser: null, os: null }],
  ])('%s', (_case, userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});
