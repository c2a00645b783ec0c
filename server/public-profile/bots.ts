import { createLru } from './lru.ts';

// Who is not a person reading a card: link-preview fetchers (a link pasted in a chat is fetched by the
// chat's server, often several times), search crawlers, monitors and HTTP libraries. Their requests still
// get the page (that is how a shared link shows name, title and photo) but are not counted as views.

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
const answers = createLru<string, boolean>({ maxEntries: 2_000, ttlMs: 24 * 60 * 60 * 1000 });

/**
 * True when a request comes from software rather than a person opening the card: any of the user agents
 * above, or none at all (every browser sends one).
 */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent?.trim()) return true;
  let answer = answers.get(userAgent);
  if (answer === undefined) {
    answer = NOT_A_PERSON.test(userAgent);
    answers.set(userAgent, answer);
  }
  return answer;
}
