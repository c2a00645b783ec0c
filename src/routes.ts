// Paths of the single-page client (spec section 2). The client router and the server's "is this an app
// page or a 404?" decision both read this list, so the two can never disagree.

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
  links: '/dashboard/links',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

const APP_PATHS: ReadonlySet<string> = new Set(Object.values(paths));

/** True for a path the client renders; a trailing slash is ignored. */
export function isAppPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return APP_PATHS.has(trimmed);
}
