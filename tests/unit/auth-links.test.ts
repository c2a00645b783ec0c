import { describe, expect, it } from 'vitest';
import { authHref, authViewFor, INVALID_RESET_LINK_HREF } from '#web/pages/auth/auth-modes.ts';
import { verificationLinkError } from '#web/pages/onboarding/verification-link-error.ts';

const view = (query: string) => authViewFor(new URLSearchParams(query));

describe('/auth views', () => {
  it('keeps the mode in the address, so a reload opens the same form', () => {
    expect(view('')).toEqual({ kind: 'sign-in' });
    expect(view(authHref('sign-up').split('?')[1] ?? '')).toEqual({ kind: 'sign-up' });
    expect(view(authHref('reset').split('?')[1] ?? '')).toEqual({ kind: 'reset', linkInvalid: false });
    expect(authHref('sign-in')).toBe('/auth');
  });

  it('opens the new-password form from the e-mailed reset link', () => {
    expect(view('token=abc123')).toEqual({ kind: 'new-password', token: 'abc123' });
  });

  it('asks for a new reset link when the link was refused', () => {
    expect(view('error=INVALID_TOKEN')).toEqual({ kind: 'reset', linkInvalid: true });
    expect(view(INVALID_RESET_LINK_HREF.split('?')[1] ?? '')).toEqual({ kind: 'reset', linkInvalid: true });
  });

  it('reads an unknown mode as sign-in', () => {
    expect(view('mode=admin')).toEqual({ kind: 'sign-in' });
  });
});

describe('confirmation link errors on /onboarding', () => {
  it.each([
    ['', '', null],
    ['', '?foo=bar', null],
    ['', '?error=TOKEN_EXPIRED', 'expired'],
    ['', '?error=INVALID_TOKEN', 'used'],
    ['', '?error=USER_NOT_FOUND', 'failed'],
    ['#error=access_denied&error_description=Email+link+is+invalid+or+has+expired', '', 'expired'],
    ['#error=otp_expired', '', 'used'],
    ['#error=access_denied&error_description=Something+else', '', 'failed'],
    ['#error=server_error', '', 'failed'],
  ] as const)('hash %j, query %j -> %s', (hash, search, expected) => {
    expect(verificationLinkError(hash, search)).toBe(expected);
  });
});
