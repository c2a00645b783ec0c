import type { MessageDescriptor } from '@lingui/core';
import type { ValidationMessageId } from './messages.ts';
import { SSO_TEXT_MAX_LENGTH } from './schemas/company-sign-in.ts';
import { DEFAULT_THEME_COLOUR } from './colour.ts';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_PASSWORD_MIN_LENGTH,
} from './schemas/auth.ts';
import { PASSKEY_NAME_MAX_LENGTH } from './schemas/passkey.ts';
import { API_KEY_NAME_MAX_LENGTH } from './api-keys.ts';
import { DOMAIN_MAX_LENGTH } from './domains.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH } from './webhooks.ts';
import { NAME_PART_MAX_LENGTH } from './schemas/profile.ts';
import { LINK_ICON_MAX_LENGTH, LINK_TITLE_MAX_LENGTH, LINK_URL_MAX_LENGTH } from './schemas/link.ts';
import { LINK_RULES_MAX } from './link-lifecycle.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from './schemas/support.ts';
import {
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_CONSENT_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_PHONE_MAX_LENGTH,
  LEAD_RETENTION_MAX_DAYS,
} from './schemas/lead.ts';
import { TEAM_IMPORT_MAX_COLUMNS, TEAM_IMPORT_MAX_MB, TEAM_IMPORT_MAX_ROWS } from './team-import.ts';
import { TEAM_MEMBERS_MAX, TEAM_NAME_MAX_LENGTH } from './teams.ts';
import {
  SOCIAL_LABEL_MAX_LENGTH,
  URL_MAX_LENGTH,
  VCARD_EMAIL_MAX_LENGTH,
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_POSTAL_CODE_MAX_LENGTH,
  VCARD_STREET_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from './schemas/vcard.ts';
import { FREE_USERNAME_DIGITS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './username.ts';

// The words of the validation ids of src/messages.ts (spec section 5), in the dashboard and in the REST API's
// problems (server/lib/problem.ts): descriptors marked /*i18n*/ whose id is the validation id itself, so both
// catalogs (the client's and the server's, lingui.config.ts) carry them under the id a client sees. The
// numbers in them are the rules' own constants, passed as values.

/** The text of each validation id. */
export const VALIDATION_MESSAGE_TEXT: Record<ValidationMessageId, MessageDescriptor> = {
  'validation.required': /*i18n*/ { id: 'validation.required', message: 'Required' },
  'validation.invalid': /*i18n*/ { id: 'validation.invalid', message: 'Invalid input' },
  'validation.email.invalid': /*i18n*/ { id: 'validation.email.invalid', message: 'Invalid email address' },
  'validation.name.required': /*i18n*/ { id: 'validation.name.required', message: 'Name is required' },
  'validation.name.too_long': /*i18n*/ {
    id: 'validation.name.too_long',
    message: 'Name must be at most {NAME_MAX_LENGTH} characters',
    values: { NAME_MAX_LENGTH },
  },
  'validation.name_part.too_long': /*i18n*/ {
    id: 'validation.name_part.too_long',
    message: 'Must be at most {NAME_PART_MAX_LENGTH} characters',
    values: { NAME_PART_MAX_LENGTH },
  },
  'validation.password.min_length': /*i18n*/ {
    id: 'validation.password.min_length',
    message: 'Password must be at least {PASSWORD_MIN_LENGTH} characters',
    values: { PASSWORD_MIN_LENGTH },
  },
  'validation.password.lowercase': /*i18n*/ {
    id: 'validation.password.lowercase',
    message: 'Password must contain at least one lowercase letter',
  },
  'validation.password.uppercase': /*i18n*/ {
    id: 'validation.password.uppercase',
    message: 'Password must contain at least one uppercase letter',
  },
  'validation.password.number': /*i18n*/ {
    id: 'validation.password.number',
    message: 'Password must contain at least one number',
  },
  'validation.password.too_long': /*i18n*/ {
    id: 'validation.password.too_long',
    message: 'Password must be at most {PASSWORD_MAX_LENGTH} characters',
    values: { PASSWORD_MAX_LENGTH },
  },
  'validation.password.sign_in_min_length': /*i18n*/ {
    id: 'validation.password.sign_in_min_length',
    message: 'Password must be at least {SIGN_IN_PASSWORD_MIN_LENGTH} characters',
    values: { SIGN_IN_PASSWORD_MIN_LENGTH },
  },
  'validation.password.mismatch': /*i18n*/ {
    id: 'validation.password.mismatch',
    message: 'New passwords do not match',
  },
  'validation.password.same_as_current': /*i18n*/ {
    id: 'validation.password.same_as_current',
    message: 'Choose a new password that is different from your current one',
  },
  'validation.confirm_delete': /*i18n*/ {
    id: 'validation.confirm_delete',
    message: 'Type the word shown, exactly as it is written, to confirm',
  },
  'validation.first_name.required': /*i18n*/ {
    id: 'validation.first_name.required',
    message: 'First name is required',
  },
  'validation.colour.invalid': /*i18n*/ {
    id: 'validation.colour.invalid',
    message: 'Enter a colour as # and 6 hex digits, for example {DEFAULT_THEME_COLOUR}',
    values: { DEFAULT_THEME_COLOUR },
  },
  'validation.totp.code': /*i18n*/ {
    id: 'validation.totp.code',
    message: 'Enter the 6-digit code from your authenticator app',
  },
  'validation.support.subject_required': /*i18n*/ {
    id: 'validation.support.subject_required',
    message: 'Subject is required',
  },
  'validation.support.subject_too_long': /*i18n*/ {
    id: 'validation.support.subject_too_long',
    message: 'Subject must be at most {SUPPORT_SUBJECT_MAX_LENGTH} characters',
    values: { SUPPORT_SUBJECT_MAX_LENGTH },
  },
  'validation.support.message_required': /*i18n*/ {
    id: 'validation.support.message_required',
    message: 'Message is required',
  },
  'validation.support.message_too_long': /*i18n*/ {
    id: 'validation.support.message_too_long',
    message: 'Message must be at most {SUPPORT_MESSAGE_MAX_LENGTH} characters',
    values: { SUPPORT_MESSAGE_MAX_LENGTH },
  },
  'validation.username.required': /*i18n*/ {
    id: 'validation.username.required',
    message: 'Username is required',
  },
  'validation.username.digits': /*i18n*/ {
    id: 'validation.username.digits',
    message: 'Username must be {FREE_USERNAME_DIGITS} digits',
    values: { FREE_USERNAME_DIGITS },
  },
  'validation.username.format': /*i18n*/ {
    id: 'validation.username.format',
    message:
      'Username must be {USERNAME_MIN_LENGTH}-{USERNAME_MAX_LENGTH} characters: letters, numbers and hyphens only',
    values: { USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH },
  },
  'validation.username.reserved': /*i18n*/ {
    id: 'validation.username.reserved',
    message: 'This username is reserved',
  },
  'validation.username.taken': /*i18n*/ {
    id: 'validation.username.taken',
    message: 'Username not available',
  },
  'validation.username.lookalike': /*i18n*/ {
    id: 'validation.username.lookalike',
    message:
      "A username can't have hyphens as its 3rd and 4th characters (as in xn--): web addresses read such names as other letters",
  },
  'validation.vcard.name_required': /*i18n*/ {
    id: 'validation.vcard.name_required',
    message: 'Name is required',
  },
  'validation.vcard.name_too_long': /*i18n*/ {
    id: 'validation.vcard.name_too_long',
    message: 'Name must be at most {VCARD_NAME_MAX_LENGTH} characters',
    values: { VCARD_NAME_MAX_LENGTH },
  },
  'validation.vcard.field_too_long': /*i18n*/ {
    id: 'validation.vcard.field_too_long',
    message: 'Must be at most {VCARD_TEXT_MAX_LENGTH} characters',
    values: { VCARD_TEXT_MAX_LENGTH },
  },
  'validation.vcard.email_invalid': /*i18n*/ {
    id: 'validation.vcard.email_invalid',
    message: 'Must be a valid email',
  },
  'validation.vcard.email_too_long': /*i18n*/ {
    id: 'validation.vcard.email_too_long',
    message: 'Email must be at most {VCARD_EMAIL_MAX_LENGTH} characters',
    values: { VCARD_EMAIL_MAX_LENGTH },
  },
  'validation.vcard.phone_too_long': /*i18n*/ {
    id: 'validation.vcard.phone_too_long',
    message: 'Phone must be at most {VCARD_PHONE_MAX_LENGTH} characters',
    values: { VCARD_PHONE_MAX_LENGTH },
  },
  'validation.vcard.phone_invalid': /*i18n*/ {
    id: 'validation.vcard.phone_invalid',
    message:
      'Enter a phone number: digits, spaces and + ( ) -, with + and the country code for callers abroad (for example +34 600 123 456)',
  },
  'validation.vcard.street_too_long': /*i18n*/ {
    id: 'validation.vcard.street_too_long',
    message: 'Street must be at most {VCARD_STREET_MAX_LENGTH} characters',
    values: { VCARD_STREET_MAX_LENGTH },
  },
  'validation.vcard.postal_code_too_long': /*i18n*/ {
    id: 'validation.vcard.postal_code_too_long',
    message: 'Postal code must be at most {VCARD_POSTAL_CODE_MAX_LENGTH} characters',
    values: { VCARD_POSTAL_CODE_MAX_LENGTH },
  },
  'validation.social.whatsapp_invalid': /*i18n*/ {
    id: 'validation.social.whatsapp_invalid',
    message: 'Enter your WhatsApp number with its country code (for example +34 600 123 456) or a wa.me link',
  },
  'validation.social.mastodon_invalid': /*i18n*/ {
    id: 'validation.social.mastodon_invalid',
    message:
      "Enter your Mastodon address as @name@server (for example @ana@mastodon.social) or your profile's link",
  },
  'validation.social.label_required': /*i18n*/ {
    id: 'validation.social.label_required',
    message: 'Give this link a label',
  },
  'validation.social.label_too_long': /*i18n*/ {
    id: 'validation.social.label_too_long',
    message: 'Label must be at most {SOCIAL_LABEL_MAX_LENGTH} characters',
    values: { SOCIAL_LABEL_MAX_LENGTH },
  },
  'validation.social.url_required': /*i18n*/ {
    id: 'validation.social.url_required',
    message: "Add the link's address",
  },
  'validation.url.scheme': /*i18n*/ {
    id: 'validation.url.scheme',
    message: 'URL must start with http:// or https://',
  },
  'validation.url.too_long': /*i18n*/ {
    id: 'validation.url.too_long',
    message: 'URL must be at most {URL_MAX_LENGTH} characters',
    values: { URL_MAX_LENGTH },
  },
  'validation.photo.invalid': /*i18n*/ {
    id: 'validation.photo.invalid',
    message: 'Please upload an image file',
  },
  'validation.link.title_required': /*i18n*/ {
    id: 'validation.link.title_required',
    message: 'Title is required',
  },
  'validation.link.title_too_long': /*i18n*/ {
    id: 'validation.link.title_too_long',
    message: 'Title must be at most {LINK_TITLE_MAX_LENGTH} characters',
    values: { LINK_TITLE_MAX_LENGTH },
  },
  'validation.link.url_invalid': /*i18n*/ {
    id: 'validation.link.url_invalid',
    message: 'Must be a valid URL',
  },
  'validation.link.url_too_long': /*i18n*/ {
    id: 'validation.link.url_too_long',
    message: 'URL must be at most {LINK_URL_MAX_LENGTH} characters',
    values: { LINK_URL_MAX_LENGTH },
  },
  'validation.link.code_required': /*i18n*/ {
    id: 'validation.link.code_required',
    message: 'Code is required',
  },
  'validation.link.code_format': /*i18n*/ {
    id: 'validation.link.code_format',
    message:
      'Code must be {USERNAME_MIN_LENGTH}-{USERNAME_MAX_LENGTH} characters: letters, numbers and hyphens, not starting or ending with a hyphen',
    values: { USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH },
  },
  'validation.link.code_reserved': /*i18n*/ {
    id: 'validation.link.code_reserved',
    message: 'This code is reserved',
  },
  'validation.link.code_lookalike': /*i18n*/ {
    id: 'validation.link.code_lookalike',
    message:
      "A code can't have hyphens as its 3rd and 4th characters (as in xn--): such codes can be read as other letters",
  },
  'validation.link.code_taken': /*i18n*/ {
    id: 'validation.link.code_taken',
    message: 'This code is already taken',
  },
  'validation.link.domain_unusable': /*i18n*/ {
    id: 'validation.link.domain_unusable',
    message: 'Choose the main address or one of your verified domains',
  },
  'validation.link.end_before_start': /*i18n*/ {
    id: 'validation.link.end_before_start',
    message: 'The end must be after the start',
  },
  'validation.link.max_scans_invalid': /*i18n*/ {
    id: 'validation.link.max_scans_invalid',
    message: 'Enter a whole number, 1 or more',
  },
  'validation.link.max_scans_below_used': /*i18n*/ {
    id: 'validation.link.max_scans_below_used',
    message: "The limit can't be below the scans already counted",
  },
  'validation.link.rule_url_required': /*i18n*/ {
    id: 'validation.link.rule_url_required',
    message: 'Every rule needs a destination',
  },
  'validation.link.rule_condition_required': /*i18n*/ {
    id: 'validation.link.rule_condition_required',
    message: 'Choose a device or a language for this rule',
  },
  'validation.link.rule_language_invalid': /*i18n*/ {
    id: 'validation.link.rule_language_invalid',
    message: 'Choose a language',
  },
  'validation.link.rules_too_many': /*i18n*/ {
    id: 'validation.link.rules_too_many',
    message: 'A link can have at most {LINK_RULES_MAX} rules',
    values: { LINK_RULES_MAX },
  },
  'validation.link.icon_too_long': /*i18n*/ {
    id: 'validation.link.icon_too_long',
    message: 'Icon must be at most {LINK_ICON_MAX_LENGTH} characters',
    values: { LINK_ICON_MAX_LENGTH },
  },
  'validation.link.title_and_url_required': /*i18n*/ {
    id: 'validation.link.title_and_url_required',
    message: 'Title and URL are required',
  },
  'validation.passkey.name_required': /*i18n*/ {
    id: 'validation.passkey.name_required',
    message: 'Give the passkey a name',
  },
  'validation.passkey.name_too_long': /*i18n*/ {
    id: 'validation.passkey.name_too_long',
    message: 'Name must be at most {PASSKEY_NAME_MAX_LENGTH} characters',
    values: { PASSKEY_NAME_MAX_LENGTH },
  },
  'validation.api_key.name_required': /*i18n*/ {
    id: 'validation.api_key.name_required',
    message: 'Give the key a name',
  },
  'validation.api_key.name_too_long': /*i18n*/ {
    id: 'validation.api_key.name_too_long',
    message: 'Name must be at most {API_KEY_NAME_MAX_LENGTH} characters',
    values: { API_KEY_NAME_MAX_LENGTH },
  },
  'validation.api_key.scope_required': /*i18n*/ {
    id: 'validation.api_key.scope_required',
    message: 'Choose at least one scope',
  },
  'validation.webhook.url_required': /*i18n*/ {
    id: 'validation.webhook.url_required',
    message: "Enter the endpoint's URL",
  },
  'validation.webhook.url_invalid': /*i18n*/ {
    id: 'validation.webhook.url_invalid',
    message: 'Must be a valid URL',
  },
  'validation.webhook.url_too_long': /*i18n*/ {
    id: 'validation.webhook.url_too_long',
    message: 'URL must be at most {WEBHOOK_URL_MAX_LENGTH} characters',
    values: { WEBHOOK_URL_MAX_LENGTH },
  },
  'validation.webhook.event_required': /*i18n*/ {
    id: 'validation.webhook.event_required',
    message: 'Choose at least one event',
  },
  'validation.webhook.description_too_long': /*i18n*/ {
    id: 'validation.webhook.description_too_long',
    message: 'Description must be at most {WEBHOOK_DESCRIPTION_MAX_LENGTH} characters',
    values: { WEBHOOK_DESCRIPTION_MAX_LENGTH },
  },
  'validation.webhook.url_refused': /*i18n*/ {
    id: 'validation.webhook.url_refused',
    message:
      'Webhooks are sent to public addresses only, and this URL leads to a private, loopback or link-local one',
  },
  'validation.text.control_characters': /*i18n*/ {
    id: 'validation.text.control_characters',
    message: "This field can't contain line breaks, tabs or invisible formatting characters",
  },
  'validation.text.control_characters_multi_line': /*i18n*/ {
    id: 'validation.text.control_characters_multi_line',
    message: "This field can't contain tabs or invisible formatting characters",
  },
  'validation.lead.name_required': /*i18n*/ {
    id: 'validation.lead.name_required',
    message: 'Name is required',
  },
  'validation.lead.name_too_long': /*i18n*/ {
    id: 'validation.lead.name_too_long',
    message: 'Name must be at most {LEAD_NAME_MAX_LENGTH} characters',
    values: { LEAD_NAME_MAX_LENGTH },
  },
  'validation.lead.email_required': /*i18n*/ {
    id: 'validation.lead.email_required',
    message: 'Email is required',
  },
  'validation.lead.email_invalid': /*i18n*/ {
    id: 'validation.lead.email_invalid',
    message: 'Must be a valid email',
  },
  'validation.lead.email_too_long': /*i18n*/ {
    id: 'validation.lead.email_too_long',
    message: 'Email must be at most {LEAD_EMAIL_MAX_LENGTH} characters',
    values: { LEAD_EMAIL_MAX_LENGTH },
  },
  'validation.lead.phone_required': /*i18n*/ {
    id: 'validation.lead.phone_required',
    message: 'Phone is required',
  },
  'validation.lead.phone_invalid': /*i18n*/ {
    id: 'validation.lead.phone_invalid',
    message: 'Enter a phone number: digits, with spaces, dashes or brackets and an optional + in front',
  },
  'validation.lead.phone_too_long': /*i18n*/ {
    id: 'validation.lead.phone_too_long',
    message: 'Phone must be at most {LEAD_PHONE_MAX_LENGTH} characters',
    values: { LEAD_PHONE_MAX_LENGTH },
  },
  'validation.lead.company_required': /*i18n*/ {
    id: 'validation.lead.company_required',
    message: 'Company is required',
  },
  'validation.lead.company_too_long': /*i18n*/ {
    id: 'validation.lead.company_too_long',
    message: 'Company must be at most {LEAD_COMPANY_MAX_LENGTH} characters',
    values: { LEAD_COMPANY_MAX_LENGTH },
  },
  'validation.lead.note_required': /*i18n*/ {
    id: 'validation.lead.note_required',
    message: 'A note is required',
  },
  'validation.lead.note_too_long': /*i18n*/ {
    id: 'validation.lead.note_too_long',
    message: 'Note must be at most {LEAD_NOTE_MAX_LENGTH} characters',
    values: { LEAD_NOTE_MAX_LENGTH },
  },
  'validation.lead.consent_too_long': /*i18n*/ {
    id: 'validation.lead.consent_too_long',
    message: 'The consent text must be at most {LEAD_CONSENT_MAX_LENGTH} characters',
    values: { LEAD_CONSENT_MAX_LENGTH },
  },
  'validation.lead.form_unreachable': /*i18n*/ {
    id: 'validation.lead.form_unreachable',
    message: 'Ask for an email or a phone, or both: otherwise you could not answer',
  },
  'validation.lead.retention_invalid': /*i18n*/ {
    id: 'validation.lead.retention_invalid',
    message: 'Enter a whole number of days from 1 to {LEAD_RETENTION_MAX_DAYS}',
    values: { LEAD_RETENTION_MAX_DAYS },
  },
  'validation.sso.issuer_invalid': /*i18n*/ {
    id: 'validation.sso.issuer_invalid',
    message:
      "Type the issuer's full address, starting with https:// (for example https://login.example.com/realms/staff), without ? or #",
  },
  'validation.sso.client_id_required': /*i18n*/ {
    id: 'validation.sso.client_id_required',
    message: 'Type the client ID your provider gave for Tapcard',
  },
  'validation.sso.client_secret_required': /*i18n*/ {
    id: 'validation.sso.client_secret_required',
    message: 'Type the client secret your provider gave for Tapcard',
  },
  'validation.sso.too_long': /*i18n*/ {
    id: 'validation.sso.too_long',
    message: 'This must be at most {SSO_TEXT_MAX_LENGTH} characters',
    values: { SSO_TEXT_MAX_LENGTH },
  },
  'validation.team.name_required': /*i18n*/ {
    id: 'validation.team.name_required',
    message: 'Team name is required',
  },
  'validation.team.name_too_long': /*i18n*/ {
    id: 'validation.team.name_too_long',
    message: 'Team name must be at most {TEAM_NAME_MAX_LENGTH} characters',
    values: { TEAM_NAME_MAX_LENGTH },
  },
  'validation.team.slug_required': /*i18n*/ {
    id: 'validation.team.slug_required',
    message: 'Short name is required',
  },
  'validation.team.slug_format': /*i18n*/ {
    id: 'validation.team.slug_format',
    message:
      'Short name must be {USERNAME_MIN_LENGTH}-{USERNAME_MAX_LENGTH} characters: lowercase letters, numbers and hyphens only',
    values: { USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH },
  },
  'validation.team.slug_lookalike': /*i18n*/ {
    id: 'validation.team.slug_lookalike',
    message:
      "A short name can't have hyphens as its 3rd and 4th characters (as in xn--): some programs read such names as other letters",
  },
  'validation.team.slug_taken': /*i18n*/ {
    id: 'validation.team.slug_taken',
    message: 'Another team has this short name. Choose another one.',
  },
  'validation.domain.required': /*i18n*/ { id: 'validation.domain.required', message: 'Enter a domain name' },
  'validation.domain.bare': /*i18n*/ {
    id: 'validation.domain.bare',
    message: 'Enter the domain name only, such as cards.example.com, without https://, a port or a path',
  },
  'validation.domain.ip_address': /*i18n*/ {
    id: 'validation.domain.ip_address',
    message: 'Enter a domain name, not an IP address',
  },
  'validation.domain.too_long': /*i18n*/ {
    id: 'validation.domain.too_long',
    message: 'A domain name has at most {DOMAIN_MAX_LENGTH} characters',
    values: { DOMAIN_MAX_LENGTH },
  },
  'validation.domain.invalid': /*i18n*/ {
    id: 'validation.domain.invalid',
    message: 'This is not a valid domain name. Enter one such as cards.example.com',
  },
  'validation.domain.reserved': /*i18n*/ {
    id: 'validation.domain.reserved',
    message: 'This server already answers this domain itself. Enter a domain of your own',
  },
  'validation.domain.claimed': /*i18n*/ {
    id: 'validation.domain.claimed',
    message: 'Another account has proved this domain is theirs',
  },
  'validation.domain.already_added': /*i18n*/ {
    id: 'validation.domain.already_added',
    message: 'You have already added this domain',
  },
  // a team's CSV import; {column} is the column's header in the reader's language (TEAM_IMPORT_HEADERS),
  // {line} and {row} the numbers the server sends with the id
  'validation.team_import.file_too_large': /*i18n*/ {
    id: 'validation.team_import.file_too_large',
    message: 'The file is larger than {TEAM_IMPORT_MAX_MB} MB. Choose a smaller file.',
    values: { TEAM_IMPORT_MAX_MB },
  },
  'validation.team_import.file_encoding': /*i18n*/ {
    id: 'validation.team_import.file_encoding',
    message:
      'The file is not saved as UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and choose it again.',
  },
  'validation.team_import.file_empty': /*i18n*/ {
    id: 'validation.team_import.file_empty',
    message: 'The file is empty.',
  },
  'validation.team_import.file_no_rows': /*i18n*/ {
    id: 'validation.team_import.file_no_rows',
    message: 'The file has its column names but no rows of people.',
  },
  'validation.team_import.file_too_many_rows': /*i18n*/ {
    id: 'validation.team_import.file_too_many_rows',
    message: 'The file has more than {TEAM_IMPORT_MAX_ROWS} rows, the most a team can have.',
    values: { TEAM_IMPORT_MAX_ROWS },
  },
  'validation.team_import.file_too_many_columns': /*i18n*/ {
    id: 'validation.team_import.file_too_many_columns',
    message:
      'The file has more than {TEAM_IMPORT_MAX_COLUMNS} columns. Keep the columns of the import and choose it again.',
    values: { TEAM_IMPORT_MAX_COLUMNS },
  },
  'validation.team_import.file_unreadable': /*i18n*/ {
    id: 'validation.team_import.file_unreadable',
    message:
      'The file cannot be read as CSV from line {line}: check that every quotation mark there is closed.',
  },
  'validation.team_import.column_missing': /*i18n*/ {
    id: 'validation.team_import.column_missing',
    message: 'The file has no {column} column. Its first row must name the columns.',
  },
  'validation.team_import.column_twice': /*i18n*/ {
    id: 'validation.team_import.column_twice',
    message: 'Two columns of the file are {column}. Keep one.',
  },
  'validation.team_import.formula': /*i18n*/ {
    id: 'validation.team_import.formula',
    message:
      'Looks like a spreadsheet formula (it starts with =, +, - or @ and is not a phone number), so it is not imported',
  },
  'validation.team_import.role_invalid': /*i18n*/ {
    id: 'validation.team_import.role_invalid',
    message: 'Not a role: write member or admin, or leave it blank for member',
  },
  'validation.team_import.role_owner': /*i18n*/ {
    id: 'validation.team_import.role_owner',
    message: 'An owner cannot be imported: the owner hands the team on from the team page',
  },
  'validation.team_import.email_repeated': /*i18n*/ {
    id: 'validation.team_import.email_repeated',
    message: 'The same email address as row {row}',
  },
  'validation.team_import.owner_role': /*i18n*/ {
    id: 'validation.team_import.owner_role',
    message: "The owner's role changes only when the owner hands the team on from the team page",
  },
  'validation.team_import.team_full': /*i18n*/ {
    id: 'validation.team_import.team_full',
    message: 'The team would have more than {TEAM_MEMBERS_MAX} members and invitations',
    values: { TEAM_MEMBERS_MAX },
  },
  'validation.team_import.in_other_team': /*i18n*/ {
    id: 'validation.team_import.in_other_team',
    message: 'This person belongs to another team: a person can be in one team',
  },
  'validation.team_import.row_failed': /*i18n*/ {
    id: 'validation.team_import.row_failed',
    message: 'Could not be saved just now, so nothing of this row was kept: import it again',
  },
};
