import type { PlanId } from './plans.ts';
import { VALIDATION_MESSAGES as M, type ValidationMessageId } from './messages.ts';
import { APP_PATH_SEGMENTS } from './routes.ts';

// Usernames (docs/decisions/004-usernames.md): one rule set for card creation, the profile editor and the
// account page. The public page lives at /{username}, so a username must never shadow a path the app itself
// uses.

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Free plans get a numeric URL of exactly this many digits. */
export const FREE_USERNAME_DIGITS = 8;
/** Spec section 5: availability is checked this long after the last keystroke. */
export const USERNAME_CHECK_DELAY_MS = 500;

/**
 * An address let go stays held by nobody else this many days, so nobody takes over printed cards and codes
 * at once (docs/decisions/011-addresses-that-never-break.md, docs/decisions/016-chosen-codes-are-held.md):
 * the usernames of a deleted account (the current one and those it held), and the chosen short-link codes of
 * a deleted link or account; then the clean-up frees them.
 */
export const ADDRESS_HOLD_DAYS = 90;

// Holding is bounded (the numbers the profile page, the QR code dialogs and docs/architecture.md state): a real
// customer never meets them, someone collecting names does. Changes are counted over the last 24 hours by
// the database's clock, from the rows of the names newly taken (usernames.created_at, link_codes.created_at),
// so a name the account takes back (an earlier username, a code one of its links had) is not counted and
// holds nothing new. Reaching a limit refuses the change; nothing held is let go early.

/** Renames to a new username an account may make in any 24 hours (the first username is not a rename). */
export const USERNAME_CHANGES_PER_DAY = 3;
/** Usernames one account may hold: its current one and the earlier ones that redirect to it. */
export const HELD_USERNAMES_MAX = 20;
/** New chosen short-link codes an account may take in any 24 hours (at a link's creation or later). */
export const LINK_CODE_CHANGES_PER_DAY = 50;
/**
 * Chosen short-link codes one account may hold: every code of its links, current and earlier, and those of
 * its deleted links while they are held (ADDRESS_HOLD_DAYS).
 */
export const HELD_LINK_CODES_MAX = 1000;

/** Spec section 5's reserved names. */
const SPEC_RESERVED_USERNAMES = [
  'admin',
  'api',
  'www',
  'app',
  'dashboard',
  'login',
  'signup',
  'auth',
  'user',
];

/**
 * Names kept back though no path uses them today (docs/decisions/004-usernames.md,
 * docs/decisions/011-addresses-that-never-break.md): `demo` is the card behind the landing page's 'View
 * Demo', the others are paths a site like this is expected to have.
 */
const KEPT_BACK_USERNAMES = ['demo', 'static', 'support', 'settings', 'q', 'og'];

/**
 * Names nobody may choose: the spec's list, the names kept back, and the first segment of every path of
 * the app's route table (src/routes.ts), so a username never shadows a page the app serves now or later.
 * A username cannot contain a dot, so files such as robots.txt or favicon.ico need no entry.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...SPEC_RESERVED_USERNAMES,
  ...KEPT_BACK_USERNAMES,
  ...APP_PATH_SEGMENTS,
]);

const FREE_PATTERN = new RegExp(`^\\d{${FREE_USERNAME_DIGITS}}$`);
const PAID_PATTERN = new RegExp(
  `^(?=.{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`,
);

/** What the username field keeps while typing: lowercase a-z, 0-9 and hyphen. */
export function normalizeUsernameInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** Whether a name has the shape of a chosen name: 3-30 of a-z, 0-9 and hyphens, no hyphen at either end. */
export function isChosenNameShape(name: string): boolean {
  return PAID_PATTERN.test(name);
}

/** A label with hyphens as its 3rd and 4th characters. */
const R_LDH_LABEL = /^..--/;

/**
 * Whether a name reads as something other than its letters: an R-LDH label (RFC 5890 section 2.3.1), one
 * with hyphens as its 3rd and 4th characters. `xn--` labels are IDNA A-labels, which browsers and phones
 * show decoded, so `xn--pple-43d` displays as "аpple" with a Cyrillic а, a look-alike of another name; the
 * other `??--` prefixes are reserved for future encodings of the same kind, and UTS #46 (CheckHyphens)
 * refuses them. A username is a host label too ({username}.{CARD_DOMAIN}) and a chosen code is printed, so
 * both refuse every one of them. Every other name of a-z, 0-9 and hyphens is its own Unicode form: it
 * displays as it is written.
 */
export function readsAsOtherWords(name: string): boolean {
  return R_LDH_LABEL.test(name);
}

/**
 * What is wrong with a chosen name (a paid plan's username, a chosen short-link code:
 * docs/decisions/015-what-each-plan-feature-is.md, customLinks), or null: one rule set for both.
 */
export function chosenNameProblem(name: string): 'required' | 'reserved' | 'format' | 'lookalike' | null {
  if (name === '') return 'required';
  if (RESERVED_USERNAMES.has(name)) return 'reserved';
  if (!isChosenNameShape(name)) return 'format';
  return readsAsOtherWords(name) ? 'lookalike' : null;
}

const USERNAME_MESSAGE = {
  required: M.usernameRequired,
  reserved: M.usernameReserved,
  format: M.usernameFormat,
  lookalike: M.usernameLookalike,
} as const;

/** The message id for a username that breaks a rule on this plan, or null when it is well-formed. */
export function usernameProblem(username: string, plan: PlanId): ValidationMessageId | null {
  const problem = chosenNameProblem(username);
  if (plan !== 'free' || problem === 'required' || problem === 'reserved') {
    return problem && USERNAME_MESSAGE[problem];
  }
  return FREE_PATTERN.test(username) ? null : M.usernameDigits;
}

/**
 * The problem with saving `username` on a profile whose username is now `current`
 * (docs/decisions/013-pause-never-delete.md): the one the person has stays valid whatever their plan is now
 * (a custom name kept from a paid plan, or a name reserved after it was chosen), so saving other fields never
 * requires changing it; a new one follows the rules of their plan.
 */
export function usernameChangeProblem(
  username: string,
  plan: PlanId,
  current: string | null,
): ValidationMessageId | null {
  if (current !== null && username === current) return null;
  return usernameProblem(username, plan);
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
