import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { rememberAnswers } from './cache.ts';

// Who is not a person opening a card or following a short link: link-preview fetchers (a link pasted in
// a chat is fetched by the chat's server, often several times: WhatsApp, Slack, facebookexternalhit,
// iMessage, Telegram, Discord…), search crawlers, monitors, headless browsers and HTTP libraries, as isbot's
// list knows them. Their requests are still answered (that is how a shared link shows name, title and
// photo) but are not counted as views, scans or clicks. A person in an app's own browser (Instagram,
// Facebook, Snapchat) is a person.

/**
 * Visitors share a few thousand user agents: isbot's long pattern (about 0.7 µs a call) runs once per
 * agent, not per view (docs/performance.md: 18 ns a call remembered).
 */
const matchesSoftware = rememberAnswers(isbot, 2_000);

/**
 * True when a request comes from software rather than a person opening the card: any of the user agents
 * above, or none at all (isbot lets a missing one pass; every browser sends one).
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
