// Ids of the validation messages that shared schemas (src/schemas/*) report. They are plain strings, not
// Lingui macros (the server runs src/ uncompiled); web/lib/error-messages.ts maps each id to its
// translated text, and a unit test proves every id has one.

export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  emailInvalid: 'validation.email.invalid',
  nameRequired: 'validation.name.required',
  nameTooLong: 'validation.name.too_long',
  /** account settings: the first or the last name */
  namePartTooLong: 'validation.name_part.too_long',
  passwordMinLength: 'validation.password.min_length',
  passwordLowercase: 'validation.password.lowercase',
  passwordUppercase: 'validation.password.uppercase',
  passwordNumber: 'validation.password.number',
  passwordTooLong: 'validation.password.too_long',
  signInPasswordMinLength: 'validation.password.sign_in_min_length',
  passwordsDoNotMatch: 'validation.password.mismatch',
  passwordSameAsCurrent: 'validation.password.same_as_current',
  confirmDelete: 'validation.confirm_delete',
  firstNameRequired: 'validation.first_name.required',
  colourInvalid: 'validation.colour.invalid',
  totpCode: 'validation.totp.code',
  subjectRequired: 'validation.support.subject_required',
  subjectTooLong: 'validation.support.subject_too_long',
  messageRequired: 'validation.support.message_required',
  messageTooLong: 'validation.support.message_too_long',
  usernameRequired: 'validation.username.required',
  usernameDigits: 'validation.username.digits',
  usernameFormat: 'validation.username.format',
  usernameReserved: 'validation.username.reserved',
  usernameTaken: 'validation.username.taken',
  /** src/username.ts readsAsOtherWords: hyphens as the 3rd and 4th characters (xn--…) */
  usernameLookalike: 'validation.username.lookalike',
  vcardNameRequired: 'validation.vcard.name_required',
  vcardNameTooLong: 'validation.vcard.name_too_long',
  vcardFieldTooLong: 'validation.vcard.field_too_long',
  vcardEmailInvalid: 'validation.vcard.email_invalid',
  vcardEmailTooLong: 'validation.vcard.email_too_long',
  vcardPhoneTooLong: 'validation.vcard.phone_too_long',
  vcardPhoneInvalid: 'validation.vcard.phone_invalid',
  vcardStreetTooLong: 'validation.vcard.street_too_long',
  vcardPostalCodeTooLong: 'validation.vcard.postal_code_too_long',
  whatsappInvalid: 'validation.social.whatsapp_invalid',
  mastodonInvalid: 'validation.social.mastodon_invalid',
  socialLabelRequired: 'validation.social.label_required',
  socialLabelTooLong: 'validation.social.label_too_long',
  socialUrlRequired: 'validation.social.url_required',
  urlScheme: 'validation.url.scheme',
  urlTooLong: 'validation.url.too_long',
  photoInvalid: 'validation.photo.invalid',
  linkTitleRequired: 'validation.link.title_required',
  linkTitleTooLong: 'validation.link.title_too_long',
  linkUrlInvalid: 'validation.link.url_invalid',
  linkUrlTooLong: 'validation.link.url_too_long',
  linkIconTooLong: 'validation.link.icon_too_long',
  linkTitleAndUrlRequired: 'validation.link.title_and_url_required',
  linkCodeRequired: 'validation.link.code_required',
  linkCodeFormat: 'validation.link.code_format',
  linkCodeReserved: 'validation.link.code_reserved',
  /** src/username.ts readsAsOtherWords, for a chosen code */
  linkCodeLookalike: 'validation.link.code_lookalike',
  /** the server's link_code_taken, marked on the code field */
  linkCodeTaken: 'validation.link.code_taken',
  /** a QR code's domain that is not one of the account's verified ones (the server's domain_unusable) */
  linkDomainUnusable: 'validation.link.domain_unusable',
  // a link's lifecycle and rules (src/link-lifecycle.ts)
  linkEndBeforeStart: 'validation.link.end_before_start',
  linkMaxScansInvalid: 'validation.link.max_scans_invalid',
  /** the server's scan_limit_below_used, marked on the limit field */
  linkMaxScansBelowUsed: 'validation.link.max_scans_below_used',
  linkRuleUrlRequired: 'validation.link.rule_url_required',
  linkRuleConditionRequired: 'validation.link.rule_condition_required',
  linkRuleLanguageInvalid: 'validation.link.rule_language_invalid',
  linkRulesTooMany: 'validation.link.rules_too_many',
  passkeyNameRequired: 'validation.passkey.name_required',
  passkeyNameTooLong: 'validation.passkey.name_too_long',
  apiKeyNameRequired: 'validation.api_key.name_required',
  apiKeyNameTooLong: 'validation.api_key.name_too_long',
  apiKeyScopeRequired: 'validation.api_key.scope_required',
  webhookUrlRequired: 'validation.webhook.url_required',
  webhookUrlInvalid: 'validation.webhook.url_invalid',
  webhookUrlTooLong: 'validation.webhook.url_too_long',
  webhookEventRequired: 'validation.webhook.event_required',
  webhookDescriptionTooLong: 'validation.webhook.description_too_long',
  /** the server's webhook_target_refused, marked on the URL field */
  webhookUrlRefused: 'validation.webhook.url_refused',
  domainRequired: 'validation.domain.required',
  /** a scheme, port or path pasted with the domain (https://example.com/…) */
  domainBare: 'validation.domain.bare',
  domainIpAddress: 'validation.domain.ip_address',
  domainTooLong: 'validation.domain.too_long',
  domainInvalid: 'validation.domain.invalid',
  /** the server's domain_reserved, domain_claimed and domain_already_added, marked on the domain field */
  domainReserved: 'validation.domain.reserved',
  domainClaimed: 'validation.domain.claimed',
  domainAlreadyAdded: 'validation.domain.already_added',
  // company sign-in (src/schemas/company-sign-in.ts)
  ssoIssuerInvalid: 'validation.sso.issuer_invalid',
  ssoClientIdRequired: 'validation.sso.client_id_required',
  ssoClientSecretRequired: 'validation.sso.client_secret_required',
  ssoTextTooLong: 'validation.sso.too_long',
  teamNameRequired: 'validation.team.name_required',
  teamNameTooLong: 'validation.team.name_too_long',
  teamSlugRequired: 'validation.team.slug_required',
  teamSlugFormat: 'validation.team.slug_format',
  teamSlugLookalike: 'validation.team.slug_lookalike',
  /** the server's team_slug_taken, marked on the slug field */
  teamSlugTaken: 'validation.team.slug_taken',
  // a team's CSV import (src/team-import.ts): the file as a whole…
  teamImportFileTooLarge: 'validation.team_import.file_too_large',
  /** bytes that are not UTF-8 (a file saved as "CSV" in a legacy encoding, or as UTF-16) */
  teamImportFileEncoding: 'validation.team_import.file_encoding',
  teamImportFileEmpty: 'validation.team_import.file_empty',
  /** a header and no row */
  teamImportFileNoRows: 'validation.team_import.file_no_rows',
  teamImportFileTooManyRows: 'validation.team_import.file_too_many_rows',
  teamImportFileTooManyColumns: 'validation.team_import.file_too_many_columns',
  /** not CSV from the line named on (a quote never closed…) */
  teamImportFileUnreadable: 'validation.team_import.file_unreadable',
  /** a required column missing (it is named) */
  teamImportColumnMissing: 'validation.team_import.column_missing',
  /** two headers that name the same column (it is named) */
  teamImportColumnTwice: 'validation.team_import.column_twice',
  // …and one of its rows
  teamImportFormula: 'validation.team_import.formula',
  teamImportRoleInvalid: 'validation.team_import.role_invalid',
  /** owner in a role cell: ownership is transferred, never imported */
  teamImportRoleOwner: 'validation.team_import.role_owner',
  /** an address an earlier row of the file has (that row is named) */
  teamImportEmailRepeated: 'validation.team_import.email_repeated',
  /** another role for the team's owner */
  teamImportOwnerRole: 'validation.team_import.owner_role',
  /** one more invitation than the team's TEAM_MEMBERS_MAX members and invitations */
  teamImportTeamFull: 'validation.team_import.team_full',
  /** a person who belongs to another team (one team per person) */
  teamImportInOtherTeam: 'validation.team_import.in_other_team',
  /** a row the import could not write (the database or the mail queue failed): nothing of it was kept */
  teamImportRowFailed: 'validation.team_import.row_failed',
  /** src/text.ts: line breaks, tabs, other control or invisible formatting characters in one line */
  textControlCharacters: 'validation.text.control_characters',
  /** src/text.ts: the same in a multi-line field, where line breaks are fine */
  textControlCharactersMultiLine: 'validation.text.control_characters_multi_line',
  /** src/schemas/lead.ts: the contact a visitor shares on a card's page, and its owner's settings */
  leadNameRequired: 'validation.lead.name_required',
  leadNameTooLong: 'validation.lead.name_too_long',
  leadEmailRequired: 'validation.lead.email_required',
  leadEmailInvalid: 'validation.lead.email_invalid',
  leadEmailTooLong: 'validation.lead.email_too_long',
  leadPhoneRequired: 'validation.lead.phone_required',
  leadPhoneInvalid: 'validation.lead.phone_invalid',
  leadPhoneTooLong: 'validation.lead.phone_too_long',
  leadCompanyRequired: 'validation.lead.company_required',
  leadCompanyTooLong: 'validation.lead.company_too_long',
  leadNoteRequired: 'validation.lead.note_required',
  leadNoteTooLong: 'validation.lead.note_too_long',
  leadConsentTooLong: 'validation.lead.consent_too_long',
  /** a form that asks neither an e-mail nor a phone: the owner could not answer */
  leadFormUnreachable: 'validation.lead.form_unreachable',
  leadRetentionInvalid: 'validation.lead.retention_invalid',
} as const;

export type ValidationMessageId = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

export const VALIDATION_MESSAGE_IDS: readonly ValidationMessageId[] = Object.values(VALIDATION_MESSAGES);

/** Whether a message is one of these ids (else a library's own words). */
export function isValidationMessageId(value: unknown): value is ValidationMessageId {
  return typeof value === 'string' && (VALIDATION_MESSAGE_IDS as readonly string[]).includes(value);
}
