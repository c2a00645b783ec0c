import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebAuthnErrorCode } from '@simplewebauthn/browser';
import { AUTH_ERROR_CODES, isErrorReason, type ErrorReason } from '#src/errors.ts';
import { COMPANY_SIGN_IN_REQUIRED, type SsoSignInError } from '#src/company-sign-in.ts';
import { isValidationMessageId } from '#src/messages.ts';
import { VALIDATION_MESSAGE_TEXT } from '#src/validation-texts.ts';
import { INVITATION_MAILS_PER_ADDRESS_PER_DAY, TEAM_MEMBERS_MAX } from '#src/teams.ts';
import {
  ADDRESS_HOLD_DAYS,
  HELD_LINK_CODES_MAX,
  HELD_USERNAMES_MAX,
  LINK_CODE_CHANGES_PER_DAY,
  USERNAME_CHANGES_PER_DAY,
} from '#src/username.ts';
import { trpcFailure } from './trpc-failure.ts';

// STYLE.md 3.4: the server and the shared schemas report ids and reasons, never sentences; this file turns
// each of them into a translated message. A unit test proves every id and reason has an entry.

/** The validation ids' texts live beside the ids (the REST API says them too); the dashboard's from here. */
export { VALIDATION_MESSAGE_TEXT };

/** Texts of the error reasons of src/errors.ts. */
export const ERROR_REASON_TEXT: Record<ErrorReason, MessageDescriptor> = {
  validation_failed: msg`Some of the information is not valid. Please check it and try again.`,
  unauthenticated: msg`Please sign in to continue.`,
  forbidden: msg`You are not allowed to do this.`,
  not_found: msg`We could not find what you were looking for.`,
  conflict: msg`This conflicts with something that already exists.`,
  bad_origin: msg`This request came from another website and was refused.`,
  rate_limited: msg`Too many attempts. Please wait a minute and try again.`,
  payload_too_large: msg`The upload is too large.`,
  method_not_allowed: msg`This action is not available here.`,
  unsupported_media_type: msg`This kind of file or data is not accepted here.`,
  database_unavailable: msg`The service is temporarily unavailable. Please try again in a moment.`,
  mail_unavailable: msg`We could not send the email right now. Please try again in a moment.`,
  storage_unavailable: msg`Photos cannot be stored or read right now. Please try again in a moment.`,
  limit_reached: msg`You've reached your plan limit. Upgrade to unlock more features.`,
  username_taken: msg`Username not available`,
  link_code_taken: msg`This code is already taken. Choose another one.`,
  username_change_limit: msg`You can change to a new username ${USERNAME_CHANGES_PER_DAY} times in 24 hours. Try again later, or switch back to one of your earlier usernames.`,
  held_usernames_limit: msg`Your account already keeps ${HELD_USERNAMES_MAX} usernames, the most it can. Switch back to one of your earlier usernames instead.`,
  link_code_change_limit: msg`You can choose ${LINK_CODE_CHANGES_PER_DAY} new codes in 24 hours. Try again later, or use a code one of your links had before.`,
  held_link_codes_limit: msg`Your links already hold ${HELD_LINK_CODES_MAX} codes, the most an account can (the codes of a deleted link count for ${ADDRESS_HOLD_DAYS} days). Use a code one of your links had before.`,
  invalid_image: msg`Please upload an image file`,
  heic_unsupported: msg`Set your iPhone camera to Most Compatible (Settings › Camera › Formats), or export the HEIC photo as JPEG, then choose it again.`,
  storage_quota_exceeded: msg`Your plan's photo storage is full. Delete a photo or upgrade your plan.`,
  link_managed_by_vcard: msg`This QR code is automatically managed by your vCard. To remove it, delete the associated vCard.`,
  already_subscribed: msg`You already have this plan.`,
  billing_unavailable: msg`Payments are temporarily unavailable. Please try again in a moment.`,
  live_choice_changed: msg`What stays live changed in the meantime. Check the list and try again.`,
  edit_conflict: msg`A newer version was saved in another tab or on another device while you were editing, so yours was not saved. Save again to replace it with yours, or reload the page to see the newer version.`,
  last_sign_in_method: msg`This passkey is your only way to sign in, so it cannot be removed. Add another passkey first.`,
  plan_required: msg`This feature is not included in your plan. Upgrade to use it.`,
  qr_inverted_colours: msg`This QR code would not scan: the code's colour must be darker than the background.`,
  qr_low_contrast: msg`This QR code would not scan: the code's colour and the background are too close. Choose a darker code colour or a lighter background.`,
  qr_logo_too_large: msg`This QR code would not scan: the logo hides too much of it. Make the logo smaller.`,
  qr_no_quiet_zone: msg`This QR code would not scan: it needs a light margin around it.`,
  qr_unreadable: msg`This QR code would not scan: a test scan could not read it. Try another style, a smaller logo or stronger colours.`,
  team_role_required: msg`Only the team's owner or admins can do this.`,
  already_in_team: msg`You are already a member of a team. A person can belong to one team: leave yours first.`,
  team_slug_taken: VALIDATION_MESSAGE_TEXT['validation.team.slug_taken'],
  already_invited: msg`This address already has an invitation or is already in the team.`,
  invitation_mail_limit: msg`This address has had ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} invitation emails in the last 24 hours. Try again tomorrow, or ask the person to look in their spam folder.`,
  invitation_unavailable: msg`This invitation can no longer be used. Ask the team for a new one.`,
  owner_must_transfer: msg`You own a team. Transfer the ownership to another member, or delete the team, first.`,
  new_owner_plan_required: msg`The new owner needs the Business plan first: the team's cards run on its owner's plan. Ask them to choose Business on their Billing page, then try again.`,
  field_locked: msg`Your team's card template sets this field for every team card, so it can't be changed on a card. The team's owner or admins can change it in the template.`,
  idempotency_key_reused: msg`This request key was already used for another request. Send a new key.`,
  domain_reserved: VALIDATION_MESSAGE_TEXT['validation.domain.reserved'],
  domain_claimed: VALIDATION_MESSAGE_TEXT['validation.domain.claimed'],
  domain_already_added: VALIDATION_MESSAGE_TEXT['validation.domain.already_added'],
  domain_unusable: VALIDATION_MESSAGE_TEXT['validation.link.domain_unusable'],
  sso_domain_unverified: msg`Prove the e-mail domain first: add its TXT record, then choose Check now.`,
  sso_domain_taken: msg`Another team has proved this e-mail domain. If it is your company's, ask your IT team who set it up.`,
  sso_issuer_unusable: msg`The provider could not be reached or did not answer as an OpenID Connect provider.`,
  sso_not_available: msg`Your company does not sign in through Tapcard with its own provider. Sign in with your email and password instead.`,
  import_unreadable: msg`This file could not be read. Choose a Tapcard export ZIP or a CSV file of links.`,
  import_foreign: msg`This ZIP file is not a Tapcard account export, or it comes from a newer version of Tapcard.`,
  import_too_many_events: msg`This export has more statistics than your plan can import. Upgrade your plan, then import it again.`,
  webhook_target_refused: VALIDATION_MESSAGE_TEXT['validation.webhook.url_refused'],
  crm_not_configured: msg`This server is not set up to connect to that CRM. Ask its operator.`,
  crm_field_unknown: msg`The CRM has no field of that name that can be written. Choose another field.`,
  crm_unavailable: msg`The CRM could not be reached or refused the request. Try again in a moment.`,
  crm_reconnect_required: msg`The CRM no longer accepts this connection. Connect it again.`,
  scan_limit_below_used: VALIDATION_MESSAGE_TEXT['validation.link.max_scans_below_used'],
  internal: msg`Something went wrong. Please try again.`,
};

/** Why a sign-in through the company's provider came back refused (/auth?error=…). */
export const SSO_SIGN_IN_ERROR_TEXT: Record<SsoSignInError, MessageDescriptor> = {
  sso_account_exists: msg`An account with this address already exists and is not linked to your company's sign-in. Sign in with your password, or ask your team's owner for help.`,
  sso_wrong_domain: msg`Your company's sign-in answered with an address outside the company's email domain, so you were not signed in. Ask your IT team to check the address it sends.`,
  sso_other_team: msg`Your account belongs to another team, so it cannot sign in through this company. Leave that team first, or ask its owner.`,
  sso_failed: msg`Your company's sign-in could not be completed. Try again; if it keeps failing, ask your IT team or your team's owner.`,
};

/** A call that never got an answer (offline, server down). */
export const NETWORK_ERROR_TEXT = msg`Could not reach the server. Check your connection and try again.`;

const TOO_MANY_CODE_ATTEMPTS = msg`Too many wrong codes. Please wait a while and try again.`;
const PASSKEY_NOT_VERIFIED = msg`The passkey could not be verified. Please try again.`;
const PERSON_NOT_VERIFIED = msg`Your device must confirm it is you with a PIN, fingerprint or face. Set up a screen lock or a PIN for it and try again.`;

const TEAM_GONE = msg`This team no longer exists.`;
const NOT_A_MEMBER = msg`You are not a member of this team: only its members can do this.`;
const OWNER_CANNOT_LEAVE = msg`The team's owner cannot leave it: transfer the ownership to another member first, or delete the team.`;
const TEAM_FULL = msg`The team has reached its limit of ${TEAM_MEMBERS_MAX} members and invitations.`;

/** Texts of the better-auth error codes a person can meet on our screens (its own codes are English prose). */
export const AUTH_ERROR_TEXT = {
  INVALID_EMAIL_OR_PASSWORD: msg`Invalid email or password. Please try again.`,
  INVALID_EMAIL: VALIDATION_MESSAGE_TEXT['validation.email.invalid'],
  INVALID_PASSWORD: msg`The password is not correct.`,
  EMAIL_NOT_VERIFIED: msg`Please confirm your email address first: open the link we sent you.`,
  INVALID_TOKEN: msg`This link has expired or was already used. Please request a new one.`,
  TOKEN_EXPIRED: msg`This link has expired. Please request a new one.`,
  PASSWORD_TOO_SHORT: VALIDATION_MESSAGE_TEXT['validation.password.min_length'],
  PASSWORD_TOO_LONG: VALIDATION_MESSAGE_TEXT['validation.password.too_long'],
  // two-factor sign-in (better-auth twoFactor plugin)
  INVALID_CODE: msg`That code is not correct. Check your authenticator app and try again.`,
  INVALID_BACKUP_CODE: msg`That backup code is not correct or was already used.`,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TOO_MANY_CODE_ATTEMPTS,
  ACCOUNT_TEMPORARILY_LOCKED: TOO_MANY_CODE_ATTEMPTS,
  INVALID_TWO_FACTOR_COOKIE: msg`Your sign-in took too long. Please enter your email and password again.`,
  SESSION_NOT_FRESH: msg`For your security, sign out and sign in again, then add the passkey.`,
  // passkeys (better-auth passkey plugin)
  PASSKEY_NOT_FOUND: msg`This passkey is not registered with Tapcard (it may have been removed). Sign in with your email and password.`,
  CHALLENGE_NOT_FOUND: msg`That took too long. Please try again.`,
  AUTHENTICATION_FAILED: PASSKEY_NOT_VERIFIED,
  FAILED_TO_VERIFY_REGISTRATION: PASSKEY_NOT_VERIFIED,
  // teams (better-auth organization plugin): each refusal says who may do it
  ORGANIZATION_ALREADY_EXISTS: VALIDATION_MESSAGE_TEXT['validation.team.slug_taken'],
  ORGANIZATION_SLUG_ALREADY_TAKEN: VALIDATION_MESSAGE_TEXT['validation.team.slug_taken'],
  ORGANIZATION_NOT_FOUND: TEAM_GONE,
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: NOT_A_MEMBER,
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: NOT_A_MEMBER,
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: msg`Only the team's owner and admins can rename the team.`,
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: msg`Only the team's owner can delete the team.`,
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: msg`This person is already a member of the team.`,
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: msg`This address already has a pending invitation. Resend it from the list of invitations.`,
  MEMBER_NOT_FOUND: msg`This person is no longer a member of the team. The list has been brought up to date.`,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: OWNER_CANNOT_LEAVE,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: OWNER_CANNOT_LEAVE,
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: msg`Only the team's owner and admins can remove members, and the owner is never removed.`,
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: msg`Only the team's owner and admins can invite people.`,
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: msg`Only the team's owner and admins can invite, as an admin or a member: ownership is transferred, never given by an invitation.`,
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: msg`Only the team's owner and admins can withdraw invitations.`,
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: msg`Only the team's owner and admins can see the team's invitations.`,
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: msg`Only the team's owner and admins can change roles, and the owner's role changes only by transferring the ownership.`,
  INVITATION_NOT_FOUND: msg`This invitation has expired, was withdrawn or was already used. Ask the team for a new one.`,
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: msg`This invitation is for another email address. Only that address can accept it: sign in with it.`,
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: msg`Confirm your email address first (open the link we sent you), then answer the invitation.`,
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: msg`The person who invited you is no longer in the team. Ask the team's owner or an admin for a new invitation.`,
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: TEAM_FULL,
  INVITATION_LIMIT_REACHED: TEAM_FULL,
} satisfies Record<string, MessageDescriptor>;

export type AuthErrorCode = keyof typeof AUTH_ERROR_TEXT;

/** Codes our own checks add to better-auth's (server/auth/auth.ts hooks). */
export const SERVER_AUTH_ERROR_TEXT = {
  // company sign-in (server/company-sign-in/auth-plugin.ts)
  [COMPANY_SIGN_IN_REQUIRED]: msg`Your company requires you to sign in through its own sign-in page. Choose 'Sign in with your company' and type your work email.`,
  SSO_NOT_AVAILABLE: msg`Your company does not sign in through Tapcard with its own provider. Sign in with your email and password instead.`,
  [AUTH_ERROR_CODES.totpCodeAlreadyUsed]: msg`This code was already used. Wait for the next one in your authenticator app.`,
  [AUTH_ERROR_CODES.passwordConfirmationRequired]: msg`Please confirm your password again.`,
  [AUTH_ERROR_CODES.userVerificationRequired]: PERSON_NOT_VERIFIED,
} satisfies Record<string, MessageDescriptor>;

function isServerAuthErrorCode(code: string): code is keyof typeof SERVER_AUTH_ERROR_TEXT {
  return Object.hasOwn(SERVER_AUTH_ERROR_TEXT, code);
}

function isAuthErrorCode(code: string): code is AuthErrorCode {
  return Object.hasOwn(AUTH_ERROR_TEXT, code);
}

/** The text of a validation id; anything that is not one of ours (a library's default) reads "Invalid input". */
export function validationMessage(id: string | undefined): MessageDescriptor {
  return isValidationMessageId(id)
    ? VALIDATION_MESSAGE_TEXT[id]
    : VALIDATION_MESSAGE_TEXT['validation.invalid'];
}

/**
 * The text for a refused better-auth call (status 0: no answer at all). The rate limiter answers 429 without a code; the server's own
 * checks answer VALIDATION_FAILED with a validation id as the message, or a reason of src/errors.ts as the
 * code (upper-cased, better-auth style).
 */
export function authErrorMessage(error: {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}): MessageDescriptor {
  if (error.status === 0) return NETWORK_ERROR_TEXT;
  const code = error.code ?? '';
  // a limit with a reason of its own says which; any other 429 is the rate limiter's
  if (error.status === 429 && !isErrorReason(code.toLowerCase())) return ERROR_REASON_TEXT.rate_limited;
  if (code === 'VALIDATION_FAILED' && isValidationMessageId(error.message)) {
    return VALIDATION_MESSAGE_TEXT[error.message];
  }
  if (isAuthErrorCode(code)) return AUTH_ERROR_TEXT[code];
  if (isServerAuthErrorCode(code)) return SERVER_AUTH_ERROR_TEXT[code];
  const reason = code.toLowerCase();
  if (isErrorReason(reason)) return ERROR_REASON_TEXT[reason];
  return ERROR_REASON_TEXT.internal;
}

/** A browser without WebAuthn (or a page outside a secure context). */
export const PASSKEYS_UNSUPPORTED_TEXT = msg`This browser cannot use passkeys. Try an up-to-date browser, or sign in with your email and password.`;

/** The browser's refusals during a passkey ceremony (@simplewebauthn/browser codes). */
const WEBAUTHN_ERROR_TEXT: Partial<Record<WebAuthnErrorCode, MessageDescriptor>> = {
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: msg`This device or password manager already has a passkey for your account. Use another one, or keep the passkey you have.`,
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: PERSON_NOT_VERIFIED,
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: msg`This security key cannot store a passkey. Use your device's screen lock or a password manager instead.`,
  ERROR_INVALID_DOMAIN: msg`Passkeys cannot be used at this address.`,
  ERROR_INVALID_RP_ID: msg`Passkeys cannot be used at this address.`,
};

/**
 * A ceremony the person ended, that timed out, or (signing in) that found no passkey for this site: the
 * browser reports all of these alike (NotAllowedError), so the message covers each.
 */
const CEREMONY_ENDED_CODES = new Set([
  'ERROR_CEREMONY_ABORTED',
  'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
  'AUTH_CANCELLED',
]);

const ENDED_TEXT = {
  add: msg`The passkey was not created: it was cancelled or took too long. Nothing was saved.`,
  'sign-in': msg`No passkey was used. If this device has no passkey for Tapcard, sign in with your email and password.`,
} as const;

/** A passkey ceremony that ended without a passkey used (cancelled, timed out, none found, or refused). */
export function isCeremonyEnded(error: object): boolean {
  return 'code' in error && typeof error.code === 'string' && CEREMONY_ENDED_CODES.has(error.code);
}

function isWebAuthnErrorCode(code: string): code is keyof typeof WEBAUTHN_ERROR_TEXT {
  return Object.hasOwn(WEBAUTHN_ERROR_TEXT, code);
}

/** The text for a failed passkey ceremony: adding a passkey, or signing in with one. */
export function passkeyErrorMessage(
  error: Parameters<typeof authErrorMessage>[0],
  ceremony: 'add' | 'sign-in',
): MessageDescriptor {
  const code = error.code ?? '';
  if (isCeremonyEnded(error)) return ENDED_TEXT[ceremony];
  const browserText = isWebAuthnErrorCode(code) ? WEBAUTHN_ERROR_TEXT[code] : undefined;
  return browserText ?? authErrorMessage(error);
}

// in its own module: the tRPC client needs it, and must not load every schema this module reads limits from
export { trpcFailure, type TrpcFailure } from './trpc-failure.ts';

/**
 * Why a webhook URL was refused (webhook_target_refused), naming the address it leads to; null for
 * another refusal.
 */
export function webhookTargetRefusal(meta: Record<string, unknown> | undefined): MessageDescriptor | null {
  const address = meta?.address;
  if (typeof address !== 'string') return null;
  return msg`The URL leads to ${address}, which is not a public address. This server sends webhooks to public addresses only, unless its operator allows that network (WEBHOOK_ALLOWED_NETWORKS).`;
}

/** The text for a failed tRPC call. */
export function trpcErrorMessage(error: unknown): MessageDescriptor {
  const failure = trpcFailure(error);
  return failure ? ERROR_REASON_TEXT[failure.reason] : NETWORK_ERROR_TEXT;
}

function supportRateLimited(limit: number, windowMinutes: number): MessageDescriptor {
  return msg`You can send up to ${limit} messages every ${windowMinutes} minutes. Please try again later.`;
}

/** The text for a refused support message (support.send): its limit, or the reason's own text. */
export function supportSendErrorMessage(error: unknown): MessageDescriptor {
  const failure = trpcFailure(error);
  const limit = failure?.meta?.limit;
  const windowMinutes = failure?.meta?.windowMinutes;
  if (failure?.reason === 'rate_limited' && typeof limit === 'number' && typeof windowMinutes === 'number') {
    return supportRateLimited(limit, windowMinutes);
  }
  return trpcErrorMessage(error);
}
