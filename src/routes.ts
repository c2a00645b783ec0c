// The app's route table (docs/decisions/011-addresses-that-never-break.md): the paths of the single-page
// client (spec section 2) and the paths the server answers itself. The client router, the server's "is this
// an app page or a 404?" decision, the server's route registrations and the reserved usernames
// (src/username.ts) all read it, so a path added here can never be shadowed by a username.
// tests/api/route-table.test.ts walks the server's real route table and fails on a route whose first
// segment a username could take.

export const paths = {
  home: '/',
  login: '/login',
  auth: '/auth',
  onboarding: '/onboarding',
  goodbye: '/goodbye',
  privacy: '/privacy',
  terms: '/terms',
  /** The contact form: visitors write to the team here; signed-in people go to their support page. */
  contact: '/contact',
  dashboard: '/dashboard',
  qrCodes: '/dashboard/qr-codes',
  vcards: '/dashboard/vcards',
  billing: '/dashboard/billing',
  account: '/dashboard/account',
  support: '/dashboard/support',
  profile: '/dashboard/profile',
  vcardEditor: '/dashboard/vcard',
  /** card designs (customBranding) */
  cardDesign: '/dashboard/design',
  links: '/dashboard/links',
  /** an e-mail signature and a meeting background from a card (cardKit, docs/decisions/027-card-everywhere.md) */
  cardKit: '/dashboard/card-kit',
  /** the team (teamAccess), and the page an invitation's link opens (TEAM_INVITATION_PARAM) */
  team: '/dashboard/team',
  /** the account's API keys (apiAccess) */
  apiKeys: '/dashboard/api-keys',
  webhooks: '/dashboard/webhooks',
  /** the account's CRM connections (apiAccess): docs/integrations.md "CRM connectors" */
  connections: '/dashboard/connections',
  /** the account's custom domains (customDomain) */
  domains: '/dashboard/domains',
  /** the contacts visitors shared on the person's cards, with their receipts */
  leads: '/dashboard/leads',
  /** the editor of one team card (TEAM_CARD_PARAM names it: teamCardPath) */
  teamCard: '/dashboard/team/card',
  /** the team's analytics (advancedAnalytics, owners and admins) */
  teamAnalytics: '/dashboard/team/analytics',
  /** the leads left on the team's cards (owners and admins) */
  teamLeads: '/dashboard/team/leads',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** What the server answers itself: every route it registers lies under one of these. */
export const serverPaths = {
  /** tRPC, better-auth, photo uploads and webhooks */
  api: '/api',
  trpc: '/api/trpc',
  auth: '/api/auth',
  photoUploads: '/api/media/photos',
  /** a QR code's downloads: /api/qr-codes/{id}/{png|svg|pdf} */
  qrDownloads: '/api/qr-codes',
  /** a card's meeting background (`/{id}/background.png`), signed in (docs/decisions/027-card-everywhere.md) */
  cardKit: '/api/card-kit',
  /** every member's meeting background as one ZIP (the team's owner and admins) */
  teamBackgrounds: '/api/card-kit/team-backgrounds.zip',
  /** the CSV of a range's analytics events (fullAnalytics) */
  analyticsEvents: '/api/analytics/events.csv',
  /** a team's CSV import: `/check` (the dry run) and `/run` (the import, its rows streamed) */
  teamImport: '/api/teams/import',
  /** the CSV of a team's figures per member or per card (advancedAnalytics, owners and admins) */
  teamAnalyticsCsv: '/api/analytics/team.csv',
  /** the leads the leads page lists (its filters in the query) as CSV and as one .vcf */
  leadsCsv: '/api/leads/leads.csv',
  leadsVcf: '/api/leads/leads.vcf',
  /** the signed-in person's whole account as one ZIP (docs/data.md "Export everything") */
  accountExport: '/api/export',
  /** a Tapcard export or a CSV of links, imported into the signed-in account (docs/data.md "Import") */
  accountImport: '/api/import',
  stripeWebhook: '/api/webhooks/stripe',
  /** where a CRM sends the person back after they granted access: /api/crm/callback/{provider} */
  crmCallback: '/api/crm/callback',
  /** Caddy's on-demand TLS asks here whether this server answers a host (deploy/Caddyfile) */
  tlsAsk: '/api/domains/tls-ask',
  /** the public REST API, authenticated by API keys only (never the session cookie) */
  apiV1: '/api/v1',
  /** the REST API's interactive documentation (swagger-ui) and the anchors of its problem types */
  apiDocs: '/api/docs',
  /** a public profile by username (/{username} is the other form) */
  userProfile: '/user',
  /** one vCard's public page, its .vcf and its preview picture */
  vcardPage: '/vcard',
  shortLink: '/l',
  media: '/media',
  /** the card designs' self-hosted fonts */
  fonts: '/fonts',
  /** a vCard rendered with an unsaved design, for the design screen's preview (signed in) */
  designPreview: '/api/designs/preview',
  health: '/health',
  /** Prometheus metrics, with METRICS_TOKEN only */
  metrics: '/metrics',
  /** the development mailbox (outside production) */
  devMail: '/dev/mail',
  /** checkout and portal pages of the demo billing (no Stripe keys) */
  demoBilling: '/billing/demo',
  /** the built client's hashed files */
  clientAssets: '/assets',
  /** read-only CardDAV: an address book per card that contacts apps subscribe to (docs/integrations.md "Contacts that stay current") */
  carddav: '/carddav',
  /** where a contacts app looks for the CardDAV service of a host (RFC 6764) */
  carddavWellKnown: '/.well-known/carddav',
  /** Apple's pass web service: phones register a card's pass and fetch it again when it changes */
  appleWalletService: '/api/wallet/apple',
} as const;

const APP_PATHS: ReadonlySet<string> = new Set(Object.values(paths));

/** True for a path the client renders; a trailing slash is ignored. */
export function isAppPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return APP_PATHS.has(trimmed);
}

/** The first segment of a path ('/api/trpc' → 'api'); '' for the root. */
export function firstPathSegment(path: string): string {
  return path.split('/').find(Boolean) ?? '';
}

/** The first segment of every path of the table: names the app itself answers at /{name}. */
export const APP_PATH_SEGMENTS: ReadonlySet<string> = new Set(
  [...Object.values(paths), ...Object.values(serverPaths)].map(firstPathSegment).filter(Boolean),
);
/**
 * The lowercase form of an app path typed in another case (`/Login`, `/DASHBOARD/Account`), which the
 * server and the client redirect to; null when the path is already lowercase or is no app path.
 */
export function canonicalAppPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  return lower !== pathname && isAppPath(lower) ? lower : null;
}

/** The query parameter that carries the page a person asked for through sign-in. */
export const NEXT_PARAM = 'next';

/** The team page's query parameter that names the invitation a person opened from its e-mail. */
export const TEAM_INVITATION_PARAM = 'invitation';

/** The team card editor's query parameter: the card's id. */
export const TEAM_CARD_PARAM = 'id';

/** The editor of one team card. */
export function teamCardPath(vcardId: string): string {
  return `${paths.teamCard}?${new URLSearchParams({ [TEAM_CARD_PARAM]: vcardId })}`;
}

/** The billing page's query parameter that opens its plan picker (an upgrade link leads straight to it). */
export const PLAN_PICKER_PARAM = 'choose';

/** Where every 'Upgrade' link leads: the billing page with its plan picker open. */
export const planPickerPath = `${paths.billing}?${PLAN_PICKER_PARAM}=plan`;

// only for parsing: a relative address that leaves this made-up origin leaves the app's own
const SAME_ORIGIN_PROBE = 'http://tapcard.invalid';

function isGuardedPath(pathname: string): boolean {
  return isAppPath(pathname) && (pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`));
}

/**
 * The page to open after sign-in, from a `next` parameter: only a page of this app behind the session
 * guard (the dashboard's), with its query and fragment. Anything else, above all an address on another
 * origin (`//evil.example`, `/\evil.example`, `https://…`), gives null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN_PROBE || !isGuardedPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A sign-in screen (/login or /auth) that sends the person on to `requested` afterwards when that is a
 * guarded page other than the dashboard's home (where sign-in leads anyway).
 */
export function signInPath(screen: typeof paths.login | typeof paths.auth, requested: string | null): string {
  const next = safeNextPath(requested);
  return next && next !== paths.dashboard
    ? `${screen}?${new URLSearchParams({ [NEXT_PARAM]: next })}`
    : screen;
}
