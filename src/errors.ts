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
  'database_unavailable',
  'mail_unavailable',
  'internal',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}
