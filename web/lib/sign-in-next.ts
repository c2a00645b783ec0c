import { NEXT_PARAM, paths, safeNextPath, TEAM_INVITATION_PARAM } from '#src/routes.ts';

// The page a person asked for before signing in (`?next=`), carried through the sign-in and sign-up
// screens, so that a team invitation's link opened signed out ends on that invitation, signed in.

// only for parsing: the screens' addresses are paths of this app
const PATH_PROBE = 'http://tapcard.invalid';

/** `href` (a sign-in or sign-up screen) that keeps carrying `next` when it is a safe page to go on to. */
export function keepingNext(href: string, next: string | null): string {
  const safe = safeNextPath(next);
  if (!safe) return href;
  const url = new URL(href, PATH_PROBE);
  url.searchParams.set(NEXT_PARAM, safe);
  return `${url.pathname}${url.search}`;
}

/** `next` when it is a team invitation's page (the team page with its invitation), else null. */
export function invitationNext(next: string | null): string | null {
  const safe = safeNextPath(next);
  if (!safe) return null;
  const url = new URL(safe, PATH_PROBE);
  return url.pathname === paths.team && url.searchParams.get(TEAM_INVITATION_PARAM) ? safe : null;
}

/** Where a sign-up's confirmation link leads, signed in: the page asked for, or the onboarding. */
export function signUpLanding(next: string | null): string {
  return safeNextPath(next) ?? paths.onboarding;
}

/**
 * Where Google or Apple send a person back: an existing account to `signedIn`, an account the sign-in
 * creates to the onboarding; both keep `next`, so a team invitation's sign-up ends on the invitation
 * (the onboarding sends a signed-in person with an invitation there, skipping the plan step).
 */
export function socialDestinations(
  signedIn: string,
  next: string | null,
): { callbackURL: string; newUserCallbackURL: string } {
  return { callbackURL: signedIn, newUserCallbackURL: keepingNext(paths.onboarding, next) };
}
