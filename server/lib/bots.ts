import type { IncomingHttpHeaders } from 'node:http';
import { rememberAnswers } from './cache.ts';

// Who is not a person opening a card or following a short link: link-preview fetchers (a link pasted in
// a chat is fetched by the chat's server, often several times), search crawlers, monitors and HTTP
// libraries. Their requests are still answered (that is how a shared link shows name, title and photo)
// but are not counted as views, scans or clicks.

const NOT_A_PERSON = new RegExp(
  [
    // generic words in crawler names: Googlebot, bingbot, Applebot, Twitterbot, LinkedInBot, Discordbot,
    // TelegramBot, Slackbot, redditbot, YandexBot, AhrefsBot, … (but not the CUBOT phone brand)
    '(?<!cu)bot\\b',
    'crawler',
    'spider',
    'crawling',
    // preview fetchers whose names do not say "bot"
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    'whatsapp',
    'slack-imgproxy',
    'skypeuripreview',
    'iframely',
    'embedly',
    'pinterest',
    'vkshare',
    'viber',
    'snapchat',
    'bitlybot',
    'google-inspectiontool',
    'mediapartners-google',
    'feedfetcher',
    'headlesschrome',
    'lighthouse',
    'pagespeed',
    'preview',
    'uptime',
    'monitor',
    // HTTP libraries and command-line tools
    '^curl/',
    '^wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'go-http-client',
    'okhttp',
    'java/',
    'node-fetch',
    'axios/',
    '^node$',
    'undici',
    'libwww-perl',
    'httpclient',
  ].join('|'),
  'i',
);

/** Visitors share a few thousand user agents: the long pattern runs once per agent, not per view. */
const matchesSoftware = rememberAnswers((userAgent) => NOT_A_PERSON.test(userAgent), 2_000);

/**
 * True when a request comes from software rather than a person opening the card: any of the user agents
 * above, or none at all (every browser sends one).
 */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return matchesSoftware(userAgent);
}

/**
 * True for a person's visit, the only kind that is counted (a profile view, a short link's scan or
 * click): a GET (not HEAD) that is not a browser's prefetch (Sec-Purpose, or the older Purpose header)
 * and does not come from a bot or link preview.
 */
export function isPersonVisiting(request: { method: string; headers: IncomingHttpHeaders }): boolean {
  if (request.method !== 'GET') return false;
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
  if (typeof purpose === 'string' && purpose.includes('prefetch')) return false;
  return !isBot(request.headers['user-agent']);
}
