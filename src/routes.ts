// The app's route table (DECISIONS.md "Addresses that never break"): the paths of the single-page client
// (spec section 2) and the paths the server answers itself. The client router, the server's "is this an
// app page or a 404?" decision, the server's route registrations and the reserved usernames
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
  dashboard: '/dashboard',
  qrCodes: '/dashboard/qr-codes',
  vcards: '/dashboard/vcards',
  billing: '/dashboard/billing',
  account: '/dashboard/account',
  support: '/dashboard/support',
  profile: '/dashboard/profile',
  vcardEditor: '/dashboard/vcard',
  links: '/dashboard/links',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** What the server answers itself: every route it registers lies under one of these. */
export const serverPaths = {
  /** tRPC, better-auth, photo uploads and webhooks */
  api: '/api',
  trpc: '/api/trpc',
  auth: '/api/auth',
  photoUploads: '/api/media/photos',
  stripeWebhook: '/api/webhooks/stripe',
  /** a public profile by username (/{username} is the other form) */
  userProfile: '/user',
  /** one vCard's public page, its .vcf and its preview picture */
  vcardPage: '/vcard',
  shortLink: '/l',
  media: '/media',
  health: '/health',
  /** the development mailbox (outside production) */
  devMail: '/dev/mail',
  /** checkout and portal pages of the demo billing (no Stripe keys) */
  demoBilling: '/billing/demo',
  /** the built client's hashed files */
  clientAssets: '/assets',
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
