import { paths } from '#src/routes.ts';

// /auth keeps its mode in the URL (?mode=signup|reset) so a reload or a shared link opens the same form.
// The e-mailed reset link lands on /auth?token=…, or /auth?error=INVALID_TOKEN when it is no longer valid.

export type AuthMode = 'sign-in' | 'sign-up' | 'reset';

const MODE_PARAM = 'mode';
const MODE_VALUES: Record<Exclude<AuthMode, 'sign-in'>, string> = { 'sign-up': 'signup', reset: 'reset' };

export type AuthView =
  | { kind: 'sign-in' }
  | { kind: 'sign-up' }
  | { kind: 'reset'; linkInvalid: boolean }
  | { kind: 'new-password'; token: string };

/** Which form /auth shows for its query string. */
export function authViewFor(params: URLSearchParams): AuthView {
  const token = params.get('token');
  if (token) return { kind: 'new-password', token };
  if (params.has('error')) return { kind: 'reset', linkInvalid: true };
  switch (params.get(MODE_PARAM)) {
    case MODE_VALUES['sign-up']:
      return { kind: 'sign-up' };
    case MODE_VALUES.reset:
      return { kind: 'reset', linkInvalid: false };
    default:
      return { kind: 'sign-in' };
  }
}

/** Where better-auth sends a reset link that has expired or was used; also where a refused reset goes. */
export const INVALID_RESET_LINK_HREF = `${paths.auth}?error=INVALID_TOKEN`;

/** The /auth address that opens a mode. */
export function authHref(mode: AuthMode): string {
  return mode === 'sign-in' ? paths.auth : `${paths.auth}?${MODE_PARAM}=${MODE_VALUES[mode]}`;
}
