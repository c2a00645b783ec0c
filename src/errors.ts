// The closed list of reasons a request can fail for. The server sends a reason (never English prose); the
// client maps each one to a translated message. Reasons are stable: never reword one.

export const ERROR_REASONS = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'bad_origin',
  'rate_limited',
  'payload_too_large',
  /** a method the path does not have (the answer's Allow lists those it has) */
  'method_not_allowed',
  /** a body in a media type the endpoint does not take (the REST API takes JSON only) */
  'unsupported_media_type',
  'database_unavailable',
  'mail_unavailable',
  /** the photo storage (DATA_DIR/media or the S3 bucket) cannot be used right now */
  'storage_unavailable',
  /** a create beyond the plan's limit (meta.resource says which) */
  'limit_reached',
  'username_taken',
  /** a chosen short-link code that a link already answers to, in any case */
  'link_code_taken',
  /** a rename beyond USERNAME_CHANGES_PER_DAY in 24 hours (src/username.ts) */
  'username_change_limit',
  /** a new username for an account that holds HELD_USERNAMES_MAX already */
  'held_usernames_limit',
  /** a new chosen short-link code beyond LINK_CODE_CHANGES_PER_DAY in 24 hours */
  'link_code_change_limit',
  /** a new chosen short-link code for an account that holds HELD_LINK_CODES_MAX already */
  'held_link_codes_limit',
  /** an upload that is not a JPEG, PNG, WebP, GIF or AVIF image, or is damaged */
  'invalid_image',
  /** a HEIC photo (HEIF coded with HEVC): this server's image library has no HEVC decoder */
  'heic_unsupported',
  'storage_quota_exceeded',
  /** deleting, from the QR page, the link a vCard manages (spec: 'Cannot Delete vCard QR') */
  'link_managed_by_vcard',
  /** a scan limit below the follows the link has led on already (meta.used says how many) */
  'scan_limit_below_used',
  /** a checkout for the plan and interval already held */
  'already_subscribed',
  /** the payment provider could not be reached or did not answer in time */
  'billing_unavailable',
  /** choosing a paused item to stay live, when the live item it would replace is no longer the one shown */
  'live_choice_changed',
  /**
   * a save based on an older version of what it edits (a newer one was saved meanwhile): nothing changed;
   * meta.current is the record as it is now, for the person to compare and choose
   */
  'edit_conflict',
  /** removing a passkey that is the account's only way left to sign in */
  'last_sign_in_method',
  /** a feature the account's plan does not include (meta.feature, and meta.plan: the lowest that does) */
  'plan_required',
  /** a QR design whose dark modules are lighter than its background (scanners expect dark on light) */
  'qr_inverted_colours',
  /** a QR design whose colours are too close (src/qr-design.ts QR_MIN_CONTRAST) */
  'qr_low_contrast',
  /** a QR design whose logo hides more of the code than is safe to restore (QR_LOGO_MAX_AREA_SHARE) */
  'qr_logo_too_large',
  /** a rendered QR code without its 4 light modules around it */
  'qr_no_quiet_zone',
  /** a rendered QR code that a decoder could not read back to its address */
  'qr_unreadable',
  /** a team action for a role above the person's (meta.role: the lowest role that may; null: not in a team) */
  'team_role_required',
  /** creating or joining a team while being a member of one (one team per person) */
  'already_in_team',
  /** a team slug another team has */
  'team_slug_taken',
  /** inviting an address that has a pending invitation or is a member already (meta.state says which) */
  'already_invited',
  /** an invitation or resend to an address that had INVITATION_MAILS_PER_ADDRESS_PER_DAY invitation e-mails */
  'invitation_mail_limit',
  /** an invitation that cannot be used (meta.state: expired, canceled, accepted, rejected, not_found, other_account) */
  'invitation_unavailable',
  /** leaving the team, or deleting the account, as its owner: ownership goes to another member first */
  'owner_must_transfer',
  /**
   * handing a team to a member whose plan in effect is not Business (meta.plan): the team's cards run on
   * its owner's plan, so they would all pause
   */
  'new_owner_plan_required',
  /**
   * a save of a team card that changes a field its team's template locks (meta.field: which, a
   * src/team-template.ts field): nothing was saved; the team's owner and admins change it in the template
   */
  'field_locked',
  /**
   * a REST create sent again with the `Idempotency-Key` of an earlier request that was not the same
   * (another path or body): nothing was done; a retry sends the same request, a new one a new key
   */
  'idempotency_key_reused',
  /** a custom domain this server answers itself: the main address's host, CARD_DOMAIN or a name under it */
  'domain_reserved',
  /** a custom domain another account holds (not removed) */
  'domain_claimed',
  /** a custom domain the account holds already */
  'domain_already_added',
  /** a QR code printed with a domain that is not one of its account's verified custom domains */
  'domain_unusable',
  /** company sign-in turned on, or a provider saved, before the team's e-mail domain is proved (decision 028) */
  'sso_domain_unverified',
  /** an e-mail domain another team proved for its company sign-in */
  'sso_domain_taken',
  /**
   * an OIDC issuer whose discovery document could not be read or does not fit (meta.problem: a closed
   * SsoIssuerProblem, meta.detail: the provider library's English sentence for the IT admin)
   */
  'sso_issuer_unusable',
  /** company sign-in asked for an address whose domain no team signs in through */
  'sso_not_available',
  /** an import that is not a readable ZIP or CSV (damaged, cut short, or another kind of file) */
  'import_unreadable',
  /** a ZIP that is not a Tapcard account export, or one of a newer format than this server reads */
  'import_foreign',
  /** an export whose statistics have more rows than the account's plan may import (meta.limit) */
  'import_too_many_events',
  /**
   * a webhook URL this server will not send to: an address (given, or every one its name resolves to, or
   * one of them) that is not public and not in WEBHOOK_ALLOWED_NETWORKS (meta.address; meta.field where the
   * URL is, `url` or an import's `webhooks.0.url`)
   */
  'webhook_target_refused',
  /** a CRM the operator has not set up on this server (no client id and secret: docs/integrations.md) */
  'crm_not_configured',
  /** a mapping to a property the CRM does not have, or cannot write (meta.field, meta.property) */
  'crm_field_unknown',
  /** the CRM did not answer, or answered with an error, while it was asked (meta.detail: its reason) */
  'crm_unavailable',
  /** the CRM no longer takes the connection's token (revoked or expired): connect again */
  'crm_reconnect_required',
  'internal',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}

/**
 * Codes the server adds to better-auth's answers (beside better-auth's own, such as
 * INVALID_EMAIL_OR_PASSWORD); the client maps each to a translated message.
 */
export const AUTH_ERROR_CODES = {
  /** a second click on a confirmation link */
  linkAlreadyUsed: 'LINK_ALREADY_USED',
  /** an authenticator code presented a second time */
  totpCodeAlreadyUsed: 'TOTP_CODE_ALREADY_USED',
  validationFailed: 'VALIDATION_FAILED',
  /** adding a passkey without having confirmed the password in the last minutes */
  passwordConfirmationRequired: 'PASSWORD_CONFIRMATION_REQUIRED',
  /** a passkey ceremony in which the authenticator did not verify the person (no PIN, no biometrics) */
  userVerificationRequired: 'USER_VERIFICATION_REQUIRED',
} as const;
