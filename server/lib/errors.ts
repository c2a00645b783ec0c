import type { ErrorReason } from '../../src/errors.ts';

/**
 * What services throw. It carries a reason from the closed list in src/errors.ts (and optional details),
 * never a sentence: the client translates the reason. Services do not know about tRPC or HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly reason: ErrorReason,
    readonly meta?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = 'AppError';
  }
}

/**
 * The one table of reasons and HTTP statuses (STYLE.md 3.4). Everything else is derived from it: the tRPC
 * code of each reason (server/trpc/error-codes.ts), the `{ reason, message }` answer of plain routes and
 * the problem+json of the REST API (server/lib/error-outcome.ts, server/lib/problem.ts).
 */
export const HTTP_STATUS_FOR: Record<ErrorReason, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  bad_origin: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
  mail_unavailable: 503,
  storage_unavailable: 503,
  limit_reached: 403,
  username_taken: 409,
  link_code_taken: 409,
  username_change_limit: 429,
  held_usernames_limit: 403,
  link_code_change_limit: 429,
  held_link_codes_limit: 403,
  invalid_image: 415,
  heic_unsupported: 415,
  storage_quota_exceeded: 413,
  link_managed_by_vcard: 409,
  scan_limit_below_used: 422,
  already_subscribed: 409,
  billing_unavailable: 503,
  live_choice_changed: 409,
  edit_conflict: 409,
  last_sign_in_method: 409,
  plan_required: 403,
  qr_inverted_colours: 422,
  qr_low_contrast: 422,
  qr_logo_too_large: 422,
  qr_no_quiet_zone: 422,
  qr_unreadable: 422,
  team_role_required: 403,
  already_in_team: 409,
  team_slug_taken: 409,
  already_invited: 409,
  invitation_mail_limit: 429,
  invitation_unavailable: 409,
  owner_must_transfer: 409,
  new_owner_plan_required: 409,
  field_locked: 403,
  idempotency_key_reused: 422,
  domain_reserved: 422,
  domain_claimed: 409,
  domain_already_added: 409,
  domain_unusable: 422,
  import_unreadable: 422,
  import_foreign: 422,
  import_too_many_events: 422,
};

/**
 * The `title` of each reason's problem+json (server/lib/problem.ts): one English sentence, the same for
 * every occurrence. The REST API is read by developers; people get the translated text of the reason.
 */
export const PROBLEM_TITLE_FOR: Record<ErrorReason, string> = {
  validation_failed: 'The request is not valid.',
  unauthenticated: 'The request needs valid credentials.',
  forbidden: 'The credentials do not allow this action.',
  bad_origin: 'The request came from an origin this server does not accept.',
  not_found: 'The resource does not exist.',
  conflict: 'The request conflicts with the current state of the resource.',
  payload_too_large: 'The request body is too large.',
  method_not_allowed: 'The path does not answer this method.',
  unsupported_media_type: "The body's media type is not one the endpoint takes.",
  rate_limited: 'Too many requests; try again later.',
  internal: 'The server failed to complete the request.',
  database_unavailable: 'The database is unavailable right now; try again later.',
  mail_unavailable: 'E-mail cannot be sent right now; try again later.',
  storage_unavailable: 'File storage is unavailable right now; try again later.',
  limit_reached: "The account's plan does not allow more of this resource.",
  username_taken: 'The username is already taken.',
  link_code_taken: 'The short-link code is already taken.',
  username_change_limit: 'The username was changed too often today.',
  held_usernames_limit: 'The account holds the most usernames it may hold.',
  link_code_change_limit: 'Short-link codes were chosen too often today.',
  held_link_codes_limit: 'The account holds the most short-link codes it may hold.',
  invalid_image: 'The file is not a supported image, or it is damaged.',
  heic_unsupported: 'HEIC images are not supported; send a JPEG, PNG, WebP, GIF or AVIF image.',
  storage_quota_exceeded: "The account's photo storage is full.",
  link_managed_by_vcard: 'This link belongs to a vCard and is deleted with it.',
  scan_limit_below_used: 'The scan limit is below the scans the link has already led on.',
  already_subscribed: 'The account already has this plan and billing interval.',
  billing_unavailable: 'The payment provider is unavailable right now; try again later.',
  live_choice_changed: 'The live items changed since they were read; read them again.',
  edit_conflict: 'The resource changed since the version this edit is based on.',
  last_sign_in_method: "This is the account's last way to sign in.",
  plan_required: "The account's plan does not include this feature.",
  qr_inverted_colours: "The QR code's dark modules are lighter than its background.",
  qr_low_contrast: "The QR code's colours do not contrast enough to be scanned.",
  qr_logo_too_large: "The QR code's logo covers too much of the code.",
  qr_no_quiet_zone: 'The QR code lacks its quiet zone.',
  qr_unreadable: 'The QR code cannot be read back.',
  team_role_required: 'This team action needs a higher team role.',
  already_in_team: 'The person is already a member of a team.',
  team_slug_taken: 'The team slug is already taken.',
  already_invited: 'The address is already invited or a member.',
  invitation_mail_limit: 'The address had its invitation e-mails for today.',
  invitation_unavailable: 'The invitation cannot be used.',
  owner_must_transfer: "The team's owner must hand the team to another member first.",
  new_owner_plan_required: "The new owner's plan must be Business.",
  field_locked: "The team's card template locks this field.",
  idempotency_key_reused: 'The Idempotency-Key was used for another request.',
  domain_reserved: 'The domain is one this server answers itself.',
  domain_claimed: 'Another account holds this domain.',
  domain_already_added: 'The account holds this domain already.',
  domain_unusable: 'The domain is not a verified custom domain of the account.',
  import_unreadable: 'The file is not a readable ZIP or CSV file.',
  import_foreign: 'The ZIP file is not a Tapcard account export this server can read.',
  import_too_many_events: "The export's statistics have more rows than the account's plan may import.",
};
