import type { PlanId } from './plans.ts';
import { VALIDATION_MESSAGES as M, type ValidationMessageId } from './messages.ts';

// Usernames (DECISIONS.md "Usernames"): one rule set for card creation, the profile editor and the account
// page. The public page lives at /{username}, so a username must never shadow a path the app itself uses.

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Free plans get a numeric URL of exactly this many digits. */
export const FREE_USERNAME_DIGITS = 8;
/** Spec section 5: availability is checked this long after the last keystroke. */
export const USERNAME_CHECK_DELAY_MS = 500;

/** The spec's reserved names plus every first path segment the app serves. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'www',
  'app',
  'dashboard',
  'login',
  'signup',
  'auth',
  'user',
  'onboarding',
  'goodbye',
  'privacy',
  'terms',
  'contact',
  'vcard',
  'l',
  'q',
  'assets',
  'media',
  'static',
  'health',
  'robots.txt',
  'favicon.ico',
  'support',
  'billing',
  'settings',
  'dev',
  'demo-billing',
  'og',
]);

const FREE_PATTERN = new RegExp(`^\\d{${FREE_USERNAME_DIGITS}}$`);
const PAID_PATTERN = new RegExp(
  `^(?=.{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`,
);

/** What the username field keeps while typing: lowercase a-z, 0-9 and hyphen. */
export function normalizeUsernameInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** The message id for a username that breaks a rule on this plan, or null when it is well-formed. */
export function usernameProblem(username: string, plan: PlanId): ValidationMessageId | null {
  if (username === '') return M.usernameRequired;
  if (RESERVED_USERNAMES.has(username)) return M.usernameReserved;
  if (plan === 'free') return FREE_PATTERN.test(username) ? null : M.usernameDigits;
  return PAID_PATTERN.test(username) ? null : M.usernameFormat;
}

/** Spec section 5: the check runs once the value has this many characters. */
export function isUsernameCheckable(username: string): boolean {
  return username.length >= USERNAME_MIN_LENGTH;
}

/**
 * A suggested username: a random 8-digit number on the free plan, otherwise the name in lowercase ASCII
 * with hyphens and a random 4-digit suffix. `randomInt(max)` returns an integer in [0, max).
 */
export function suggestUsername(plan: PlanId, name: string, randomInt: (max: number) => number): string {
  if (plan === 'free') {
    // the first digit is never 0, so the number always has 8 digits when read as a number too
    return String(10 ** (FREE_USERNAME_DIGITS - 1) + randomInt(9 * 10 ** (FREE_USERNAME_DIGITS - 1)));
  }
  const suffix = String(1000 + randomInt(9000));
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - suffix.length - 1)
    .replace(/-+$/, '');
  return base ? `${base}-${suffix}` : `card-${suffix}`;
}
