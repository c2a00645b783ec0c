import { describe, expect, it } from 'vitest';
import { NEXT_PARAM, paths, signInPath, TEAM_INVITATION_PARAM } from '#src/routes.ts';
import { invitationNext, keepingNext, signUpLanding, socialDestinations } from '#web/lib/sign-in-next.ts';

const invitation = `${paths.team}?${TEAM_INVITATION_PARAM}=abc123`;

describe('a team invitation through sign-in and sign-up', () => {
  it('keeps the invitation, query included, through the session guard', () => {
    const guarded = signInPath(paths.auth, invitation);
    const next = new URL(guarded, 'http://x.invalid').searchParams.get(NEXT_PARAM);
    expect(next).toBe(invitation);
    expect(invitationNext(next)).toBe(invitation);
  });

  it('carries a safe next on to another screen, keeping that screen’s own query', () => {
    const href = keepingNext('/auth?mode=signup', invitation);
    const url = new URL(href, 'http://x.invalid');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('mode')).toBe('signup');
    expect(url.searchParams.get(NEXT_PARAM)).toBe(invitation);
    expect(keepingNext(paths.onboarding, invitation)).toBe(
      `${paths.onboarding}?${new URLSearchParams({ [NEXT_PARAM]: invitation })}`,
    );
  });

  it('brings an account made through Google or Apple back to the invitation, past the plan step', () => {
    const fromLogin = socialDestinations(signInPath(paths.login, invitation), invitation);
    expect(fromLogin.callbackURL).toBe(signInPath(paths.login, invitation));
    const landing = new URL(fromLogin.newUserCallbackURL, 'http://x.invalid');
    expect(landing.pathname).toBe(paths.onboarding);
    expect(invitationNext(landing.searchParams.get(NEXT_PARAM))).toBe(invitation);
    expect(socialDestinations(paths.onboarding, null)).toEqual({
      callbackURL: paths.onboarding,
      newUserCallbackURL: paths.onboarding,
    });
  });

  it('drops a next that leaves the app or its dashboard', () => {
    for (const next of ['//evil.example/dashboard/team', 'https://evil.example/', '/login', null, '']) {
      expect(keepingNext(paths.onboarding, next), String(next)).toBe(paths.onboarding);
      expect(invitationNext(next), String(next)).toBeNull();
      expect(signUpLanding(next), String(next)).toBe(paths.onboarding);
    }
  });

  it('tells an invitation from another dashboard page', () => {
    expect(invitationNext(paths.team)).toBeNull();
    expect(invitationNext(`${paths.team}?${TEAM_INVITATION_PARAM}=`)).toBeNull();
    expect(invitationNext(`${paths.billing}?${TEAM_INVITATION_PARAM}=abc`)).toBeNull();
  });

  it('sends a sign-up confirmation to the page asked for, else to the onboarding', () => {
    expect(signUpLanding(invitation)).toBe(invitation);
    expect(signUpLanding(paths.links)).toBe(paths.links);
  });
});
