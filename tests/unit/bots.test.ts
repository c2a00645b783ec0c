import { describe, expect, it } from 'vitest';
import { isBot, isPersonVisiting } from '../../server/lib/bots.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Views, scans and clicks are counted for people only (server/lib/bots.ts, isbot's list of agents).

describe('isBot', () => {
  it.each([
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Slack images', 'Slack-ImgProxy (+https://api.slack.com/robots)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
    ['X', 'Twitterbot/1.0'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Google', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bing', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'Apple',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
    ],
    [
      'iMessage previews',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    ],
    ['Skype', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5'],
    ['Pinterest', 'Pinterest/0.2 (+https://www.pinterest.com/bot.html)'],
    [
      'headless Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    ],
    ['curl', 'curl/8.5.0'],
    ['Python', 'python-requests/2.31.0'],
    ['Go', 'Go-http-client/1.1'],
    ['an uptime monitor', 'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)'],
    [
      'Lighthouse',
      'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    ],
    ['no user agent', undefined],
    ['an empty user agent', '  '],
  ])('%s is not a person', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(true);
  });

  it.each([
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Chrome on a CUBOT phone',
      'Mozilla/5.0 (Linux; Android 10; CUBOT P40) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Firefox on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ],
    [
      'Edge',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    ],
    [
      'the Instagram in-app browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 606574364)',
    ],
    [
      'the Facebook in-app browser',
      'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/445.0.0.34.118;]',
    ],
    [
      'the Snapchat in-app browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/13.0.0.0 (like Safari/8617.2.4.10.8, panda)',
    ],
  ])('%s is a person', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(false);
  });
});

describe('isPersonVisiting', () => {
  it.each([
    ['a GET from a browser', 'GET', { 'user-agent': IPHONE_SAFARI }, true],
    ['a HEAD request', 'HEAD', { 'user-agent': IPHONE_SAFARI }, false],
    ['a prefetch (Sec-Purpose)', 'GET', { 'user-agent': IPHONE_SAFARI, 'sec-purpose': 'prefetch' }, false],
    ['a prerender', 'GET', { 'user-agent': IPHONE_SAFARI, 'sec-purpose': 'prefetch;prerender' }, false],
    ['a prefetch (Purpose)', 'GET', { 'user-agent': IPHONE_SAFARI, purpose: 'prefetch' }, false],
    ['a link preview', 'GET', { 'user-agent': 'WhatsApp/2.23.20.0 A' }, false],
    ['no user agent', 'GET', {}, false],
  ])('%s: %s', (_case, method, headers, expected) => {
    expect(isPersonVisiting({ method, headers })).toBe(expected);
  });
});
