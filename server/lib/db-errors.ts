import type { ErrorReason } from '../../src/errors.ts';
import { AppError } from './errors.ts';

// Reads database errors: tells apart "the database is not there right now" from every other one, and words
// it for a person (at start-up one clear line, per request a 503 instead of a crash or a raw 500); and turns
// a unique index's refusal into the reason a person is told.

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections: busy rather than broken, and it passes as connections are let go
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** The error and the errors it wraps: `cause` (better-auth, tRPC) and AggregateError's `errors`. */
function* errorChain(error: unknown, depth = 0): Generator<unknown> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  yield error;
  yield* errorChain((error as { cause?: unknown }).cause, depth + 1);
  // AggregateError from a host with several addresses (127.0.0.1 and ::1)
  yield* errorChain((error as { errors?: unknown[] }).errors?.[0], depth + 1);
}

/** PostgreSQL's SQLSTATE (or Node's E… code) of a database error, looked for through the errors it wraps. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const link of errorChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && /^([0-9A-Z]{5}|E[A-Z_]+)$/.test(code)) return code;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = link instanceof Error ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((fragment) => message.includes(fragment))) return true;
  }
  return false;
}

/** One line describing why the database could not be used. */
export function describeDatabaseError(error: unknown): string {
  const code = databaseErrorCode(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running, and are host and port in DATABASE_URL right?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found (check the host name in DATABASE_URL)';
    case 'ETIMEDOUT':
      return 'connection timed out (check the host and port in DATABASE_URL, and any firewall)';
    case '28P01':
    case '28000':
      return 'the server refused the user name or password in DATABASE_URL';
    case '3D000':
      return 'the database named in DATABASE_URL does not exist (create it first)';
    case '53300':
      return "too many connections (PostgreSQL's max_connections or the role's limit: size it for every server's DATABASE_POOL_MAX)";
  }
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('timeout exceeded when trying to connect')) {
    return 'connection timed out (check the host and port in DATABASE_URL)';
  }
  return message.split('\n')[0] ?? 'unknown error';
}

/** True when a write broke a unique index (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const link of errorChain(error)) {
    const { code, constraint: name } = link as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/**
 * Runs a write that claims a unique name (a username, a short-link code), turning the database's refusal
 * on one of `indexes` into AppError(reason): two requests at once cannot both take it.
 */
export async function withUniqueClaim<T>(
  indexes: readonly string[],
  reason: ErrorReason,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (indexes.some((index) => isUniqueViolation(error, index))) throw new AppError(reason);
    throw error;
  }
}
