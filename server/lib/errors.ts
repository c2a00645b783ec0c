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
 * code of each reason (server/trpc/error-codes.ts) and the `{ reason, message }` answer of plain routes
 * (server/lib/error-outcome.ts).
 */
export const HTTP_STATUS_FOR: Record<ErrorReason, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  bad_origin: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
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
  invitation_unavailable: 409,
  owner_must_transfer: 409,
  new_owner_plan_required: 409,
  field_locked: 403,
};
