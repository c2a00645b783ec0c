import { serverPaths } from '../../src/routes.ts';

// Request durations are measured per family of routes, a handful of label values whatever the paths
// asked for: what a visitor opens (public pages, short links), what the dashboard calls, and the rest.

const FAMILIES: readonly (readonly [prefix: string, family: string])[] = [
  [`${serverPaths.shortLink}/`, 'short_link'],
  [serverPaths.userProfile, 'public_page'],
  [serverPaths.vcardPage, 'public_page'],
  [serverPaths.trpc, 'trpc'],
  [serverPaths.auth, 'auth'],
  [serverPaths.stripeWebhook, 'webhooks'],
  [serverPaths.api, 'api'],
  [serverPaths.media, 'media'],
  [serverPaths.fonts, 'static'],
  [serverPaths.clientAssets, 'static'],
  [serverPaths.health, 'health'],
  [serverPaths.metrics, 'metrics'],
];

/** The family of a route, from its pattern ('/l/:code'); undefined when no route matched. */
export function routeFamily(routePattern: string | undefined): string {
  if (routePattern === undefined) return 'unmatched';
  // /{username} and everything under it
  if (routePattern.startsWith('/:')) return 'public_page';
  for (const [prefix, family] of FAMILIES) if (routePattern.startsWith(prefix)) return family;
  return 'client';
}
