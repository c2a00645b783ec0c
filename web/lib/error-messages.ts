import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebAuthnErrorCode } from '@simplewebauthn/browser';
import { DEFAULT_THEME_COLOUR } from '#src/colour.ts';
import { AUTH_ERROR_CODES, isErrorReason, type ErrorReason } from '#src/errors.ts';
import { COMPANY_SIGN_IN_REQUIRED, type SsoSignInError } from '#src/company-sign-in.ts';
import { SSO_TEXT_MAX_LENGTH } from '#src/schemas/company-sign-in.ts';
import { VALIDATION_MESSAGE_IDS, type ValidationMessageId } from '#src/messages.ts';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_PASSWORD_MIN_LENGTH,
} from '#src/schemas/auth.ts';
import { PASSKEY_NAME_MAX_LENGTH } from '#src/schemas/passkey.ts';
import { API_KEY_NAME_MAX_LENGTH } from '#src/api-keys.ts';
import { DOMAIN_MAX_LENGTH } from '#src/domains.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH } from '#src/webhooks.ts';
import { NAME_PART_MAX_LENGTH } from '#src/schemas/profile.ts';
import { LINK_ICON_MAX_LENGTH, LINK_TITLE_MAX_LENGTH, LINK_URL_MAX_LENGTH } from '#src/schemas/link.ts';
import { LINK_RULES_MAX } from '#src/link-lifecycle.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '#src/schemas/support.ts';
import {
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_CONSENT_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_PHONE_MAX_LENGTH,
  LEAD_RETENTION_MAX_DAYS,
} from '#src/schemas/lead.ts';
import { TEAM_IMPORT_MAX_COLUMNS, TEAM_IMPORT_MAX_MB, TEAM_IMPORT_MAX_ROWS } from '#src/team-import.ts';
import { INVITATION_MAILS_PER_ADDRESS_PER_DAY, TEAM_MEMBERS_MAX, TEAM_NAME_MAX_LENGTH } from '#src/teams.ts';
import {
  SOCIAL_LABEL_MAX_LENGTH,
  URL_MAX_LENGTH,
  VCARD_EMAIL_MAX_LENGTH,
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_POSTAL_CODE_MAX_LENGTH,
  VCARD_STREET_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from '#src/schemas/vcard.ts';
import {
  ADDRESS_HOLD_DAYS,
  FREE_USERNAME_DIGITS,
  HELD_LINK_CODES_MAX,
  HELD_USERNAMES_MAX,
  LINK_CODE_CHANGES_PER_DAY,
  USERNAME_CHANGES_PER_DAY,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '#src/username.ts';
import { trpcFailure } from './trpc-failure.ts';

// STYLE.md 3.4: the server and the shared schemas report ids and reasons, never sentences; this file turns
// each of them into a translated message. A unit test proves every id and reason has an entry.

/** Texts of the validation ids of src/messages.ts (spec section 5). */
export const VALIDATION_MESSAGE_TEXT: Record<ValidationMessageId, MessageDescriptor> = {
  'validation.required': msg`Required`,
  'validation.invalid': msg`Invalid input`,
  'validation.email.invalid': msg`Invalid email address`,
  'validation.name.required': msg`Name is required`,
  'validation.name.too_long': msg`Name must be at most ${NAME_MAX_LENGTH} characters`,
  'validation.name_part.too_long': msg`Must be at most ${NAME_PART_MAX_LENGTH} characters`,
  'validation.password.min_length': msg`Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  'validation.password.lowercase': msg`Password must contain at least one lowercase letter`,
  'validation.password.uppercase': msg`Password must contain at least one uppercase letter`,
  'validation.password.number': msg`Password must contain at least one number`,
  'validation.password.too_long': msg`Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  'validation.password.sign_in_min_length': msg`Password must be at least ${SIGN_IN_PASSWORD_MIN_LENGTH} characters`,
  'validation.password.mismatch': msg`New passwords do not match`,
  'validation.password.same_as_current': msg`Choose a new password that is different from your current one`,
  'validation.confirm_delete': msg`Type the word shown, exactly as it is written, to confirm`,
  'validation.first_name.required': msg`First name is required`,
  'validation.colour.invalid': msg`Enter a colour as # and 6 hex digits, for example ${DEFAULT_THEME_COLOUR}`,
  'validation.totp.code': msg`Enter the 6-digit code from your authenticator app`,
  'validation.support.subject_required': msg`Subject is required`,
  'validation.support.subject_too_long': msg`Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  'validation.support.message_required': msg`Message is required`,
  'validation.support.message_too_long': msg`Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  'validation.username.required': msg`Username is required`,
  'validation.username.digits': msg`Username must be ${FREE_USERNAME_DIGITS} digits`,
  'validation.username.format': msg`Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters: letters, numbers and hyphens only`,
  'validation.username.reserved': msg`This username is reserved`,
  'validation.username.taken': msg`Username not available`,
  'validation.username.lookalike': msg`A username can't have hyphens as its 3rd and 4th characters (as in xn--): web addresses read such names as other letters`,
  'validation.vcard.name_required': msg`Name is required`,
  'validation.vcard.name_too_long': msg`Name must be at most ${VCARD_NAME_MAX_LENGTH} characters`,
  'validation.vcard.field_too_long': msg`Must be at most ${VCARD_TEXT_MAX_LENGTH} characters`,
  'validation.vcard.email_invalid': msg`Must be a valid email`,
  'validation.vcard.email_too_long': msg`Email must be at most ${VCARD_EMAIL_MAX_LENGTH} characters`,
  'validation.vcard.phone_too_long': msg`Phone must be at most ${VCARD_PHONE_MAX_LENGTH} characters`,
  'validation.vcard.phone_invalid': msg`Enter a phone number: digits, spaces and + ( ) -, with + and the country code for callers abroad (for example +34 600 123 456)`,
  'validation.vcard.street_too_long': msg`Street must be at most ${VCARD_STREET_MAX_LENGTH} characters`,
  'validation.vcard.postal_code_too_long': msg`Postal code must be at most ${VCARD_POSTAL_CODE_MAX_LENGTH} characters`,
  'validation.social.whatsapp_invalid': msg`Enter your WhatsApp number with its country code (for example +34 600 123 456) or a wa.me link`,
  'validation.social.mastodon_invalid': msg`Enter your Mastodon address as @name@server (for example @ana@mastodon.social) or your profile's link`,
  'validation.social.label_required': msg`Give this link a label`,
  'validation.social.label_too_long': msg`Label must be at most ${SOCIAL_LABEL_MAX_LENGTH} characters`,
  'validation.social.url_required': msg`Add the link's address`,
  'validation.url.scheme': msg`URL must start with http:// or https://`,
  'validation.url.too_long': msg`URL must be at most ${URL_MAX_LENGTH} characters`,
  'validation.photo.invalid': msg`Please upload an image file`,
  'validation.link.title_required': msg`Title is required`,
  'validation.link.title_too_long': msg`Title must be at most ${LINK_TITLE_MAX_LENGTH} characters`,
  'validation.link.url_invalid': msg`Must be a valid URL`,
  'validation.link.url_too_long': msg`URL must be at most ${LINK_URL_MAX_LENGTH} characters`,
  'validation.link.code_required': msg`Code is required`,
  'validation.link.code_format': msg`Code must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters: letters, numbers and hyphens, not starting or ending with a hyphen`,
  'validation.link.code_reserved': msg`This code is reserved`,
  'validation.link.code_lookalike': msg`A code can't have hyphens as its 3rd and 4th characters (as in xn--): such codes can be read as other letters`,
  'validation.link.code_taken': msg`This code is already taken`,
  'validation.link.domain_unusable': msg`Choose the main address or one of your verified domains`,
  'validation.link.end_before_start': msg`The end must be after the start`,
  'validation.link.max_scans_invalid': msg`Enter a whole number, 1 or more`,
  'validation.link.max_scans_below_used': msg`The limit can't be below the scans already counted`,
  'validation.link.rule_url_required': msg`Every rule needs a destination`,
  'validation.link.rule_condition_required': msg`Choose a device or a language for this rule`,
  'validation.link.rule_language_invalid': msg`Choose a language`,
  'validation.link.rules_too_many': msg`A link can have at most ${LINK_RULES_MAX} rules`,
  'validation.link.icon_too_long': msg`Icon must be at most ${LINK_ICON_MAX_LENGTH} characters`,
  'validation.link.title_and_url_required': msg`Title and URL are required`,
  'validation.passkey.name_required': msg`Give the passkey a name`,
  'validation.passkey.name_too_long': msg`Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  'validation.api_key.name_required': msg`Give the key a name`,
  'validation.api_key.name_too_long': msg`Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  'validation.api_key.scope_required': msg`Choose at least one scope`,
  'validation.webhook.url_required': msg`Enter the endpoint's URL`,
  'validation.webhook.url_invalid': msg`Must be a valid URL`,
  'validation.webhook.url_too_long': msg`URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  'validation.webhook.event_required': msg`Choose at least one event`,
  'validation.webhook.description_too_long': msg`Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  'validation.text.control_characters': msg`This field can't contain line breaks, tabs or invisible formatting characters`,
  'validation.text.control_characters_multi_line': msg`This field can't contain tabs or invisible formatting characters`,
  'validation.lead.name_required': msg`Name is required`,
  'validation.lead.name_too_long': msg`Name must be at most ${LEAD_NAME_MAX_LENGTH} characters`,
  'validation.lead.email_required': msg`Email is required`,
  'validation.lead.email_invalid': msg`Must be a valid email`,
  'validation.lead.email_too_long': msg`Email must be at most ${LEAD_EMAIL_MAX_LENGTH} characters`,
  'validation.lead.phone_required': msg`Phone is required`,
  'validation.lead.phone_invalid': msg`Enter a phone number: digits, with spaces, dashes or brackets and an optional + in front`,
  'validation.lead.phone_too_long': msg`Phone must be at most ${LEAD_PHONE_MAX_LENGTH} characters`,
  'validation.lead.company_required': msg`Company is required`,
  'validation.lead.company_too_long': msg`Company must be at most ${LEAD_COMPANY_MAX_LENGTH} characters`,
  'validation.lead.note_required': msg`A note is required`,
  'validation.lead.note_too_long': msg`Note must be at most ${LEAD_NOTE_MAX_LENGTH} characters`,
  'validation.lead.consent_too_long': msg`The consent text must be at most ${LEAD_CONSENT_MAX_LENGTH} characters`,
  'validation.lead.form_unreachable': msg`Ask for an email or a phone, or both: otherwise you could not answer`,
  'validation.lead.retention_invalid': msg`Enter a whole number of days from 1 to ${LEAD_RETENTION_MAX_DAYS}`,
  'validation.team.name_required': msg`Team name is required`,
  'validation.team.name_too_long': msg`Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
  'validation.team.slug_required': msg`Short name is required`,
  'validation.team.slug_format': msg`Short name must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters: lowercase letters, numbers and hyphens only`,
  'validation.team.slug_lookalike': msg`A short name can't have hyphens as its 3rd and 4th characters (as in xn--): some programs read such names as other letters`,
  'validation.team.slug_taken': msg`Another team has this short name. Choose another one.`,
  'validation.domain.required': msg`Enter a domain name`,
  'validation.domain.bare': msg`Enter the domain name only, such as cards.example.com, without https://, a port or a path`,
  'validation.domain.ip_address': msg`Enter a domain name, not an IP address`,
  'validation.domain.too_long': msg`A domain name has at most ${DOMAIN_MAX_LENGTH} characters`,
  'validation.domain.invalid': msg`This is not a valid domain name. Enter one such as cards.example.com`,
  'validation.domain.reserved': msg`This server already answers this domain itself. Enter a domain of your own`,
  'validation.domain.claimed': msg`Another account has proved this domain is theirs`,
  'validation.domain.already_added': msg`You have already added this domain`,
  // a team's CSV import; {column} is the column's header in the reader's language (TEAM_IMPORT_HEADERS),
  // {line} and {row} the numbers the server sends with the id
  'validation.team_import.file_too_large': msg`The file is larger than ${TEAM_IMPORT_MAX_MB} MB. Choose a smaller file.`,
  'validation.team_import.file_encoding': msg`The file is not saved as UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and choose it again.`,
  'validation.team_import.file_empty': msg`The file is empty.`,
  'validation.team_import.file_no_rows': msg`The file has its column names but no rows of people.`,
  'validation.team_import.file_too_many_rows': msg`The file has more than ${TEAM_IMPORT_MAX_ROWS} rows, the most a team can have.`,
  'validation.team_import.file_too_many_columns': msg`The file has more than ${TEAM_IMPORT_MAX_COLUMNS} columns. Keep the columns of the import and choose it again.`,
  'validation.team_import.file_unreadable': msg({
    message:
      'The file cannot be read as CSV from line {line}: check that every quotation mark there is closed.',
  }),
  'validation.team_import.column_missing': msg({
    message: 'The file has no {column} column. Its first row must name the columns.',
  }),
  'validation.team_import.column_twice': msg({ message: 'Two columns of the file are {column}. Keep one.' }),
  'validation.sso.issuer_invalid': msg`Type the issuer's full address, starting with https:// (for example https://login.example.com/realms/staff), without ? or #`,
  'validation.sso.client_id_required': msg`Type the client ID your provider gave for Tapcard`,
  'validation.sso.client_secret_required': msg`Type the client secret your provider gave for Tapcard`,
  'validation.sso.too_long': msg`This must be at most ${SSO_TEXT_MAX_LENGTH} characters`,
  'validation.team_import.formula': msg`Looks like a spreadsheet formula (it starts with =, +, - or @ and is not a phone number), so it is not imported`,
  'validation.team_import.role_invalid': msg`Not a role: write member or admin, or leave it blank for member`,
  'validation.team_import.role_owner': msg`An owner cannot be imported: the owner hands the team on from the team page`,
  'validation.team_import.email_repeated': msg({ message: 'The same email address as row {row}' }),
  'validation.team_import.owner_role': msg`The owner's role changes only when the owner hands the team on from the team page`,
  'validation.team_import.team_full': msg`The team would have more than ${TEAM_MEMBERS_MAX} members and invitations`,
  'validation.team_import.in_other_team': msg`This person belongs to another team: a person can be in one team`,
  'validation.team_import.row_failed': msg`Could not be saved just now, so nothing of this row was kept: import it again`,
};

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

function isValidationMessageId(value: unknown): value is ValidationMessageId {
  return typeof value === 'string' && (VALIDATION_MESSAGE_IDS as readonly string[]).includes(value);
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
