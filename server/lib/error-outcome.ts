import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import type { ErrorReason } from '../../src/errors.ts';
import { REASONS_LOGGED_BY_WATCH } from './outage-watch.ts';
import { isDatabaseUnavailable } from './db-errors.ts';
import { AppError, HTTP_STATUS_FOR } from './errors.ts';

/** One input field a validator refused. */
export interface FieldError {
  /** where it is, dotted from the top of the input: `links.0.url` */
  path: string;
  /** the validator's code for the problem: zod's issue code (`too_big`, `unrecognized_keys`…) or ajv's keyword */
  code: string;
  /** a validation id of src/messages.ts where the schema gives one, else the validator's English sentence */
  message: string;
}

/** What any error a request ends with comes to; every answer shape (tRPC, plain JSON, problem+json) is made from it. */
export interface ErrorOutcome {
  reason: ErrorReason;
  /** always the table's status of the reason (HTTP_STATUS_FOR) */
  status: number;
  /** what may be shown: the error's own message, or only the reason for a 5xx (no SQL, stack or host leaves the server) */
  message: string;
  meta?: Record<string, unknown>;
  fieldErrors?: FieldError[];
}

type Classified = Pick<ErrorOutcome, 'reason' | 'meta' | 'fieldErrors'>;

/**
 * The one mapping from anything thrown to a reason: an AppError keeps its own; a zod failure (a tRPC input,
 * or a shared schema a service checks) and Fastify's refusals of a request (its schema validation, a body
 * that is not JSON) are `validation_failed` with the fields; a lost database is `database_unavailable`;
 * a tRPC or Fastify error with only a status gets the plain reason of that status; anything else is
 * `internal`.
 */
export function errorOutcome(error: unknown): ErrorOutcome {
  const { reason, meta, fieldErrors } = classify(error);
  const status = HTTP_STATUS_FOR[reason];
  // a zod error's own message is its issues as JSON: they are in fieldErrors
  const message =
    status >= 500 || !(error instanceof Error) || error instanceof ZodError ? reason : error.message;
  return { reason, status, message, meta, fieldErrors };
}

function classify(error: unknown): Classified {
  if (error instanceof AppError) return { reason: error.reason, meta: error.meta };
  if (error instanceof ZodError)
    return { reason: 'validation_failed', fieldErrors: zodFieldErrors(error.issues) };
  // what a procedure threw, wrapped by tRPC (before the database check: an AppError may carry a network cause)
  if (error instanceof TRPCError && (error.cause instanceof AppError || error.cause instanceof ZodError)) {
    return classify(error.cause);
  }
  if (isDatabaseUnavailable(error)) return { reason: 'database_unavailable' };
  if (error instanceof TRPCError) return { reason: reasonForStatus(getHTTPStatusCodeFromError(error)) };
  if (!isObject(error)) return { reason: 'internal' };
  // Fastify's schema validation (FST_ERR_VALIDATION): ajv's errors, or a type provider's in their form
  if (Array.isArray(error.validation)) {
    return { reason: 'validation_failed', fieldErrors: error.validation.flatMap(schemaFieldError) };
  }
  // a body that is not JSON at all: the body (path '') is the field, named like any other
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    const message = error instanceof Error ? error.message : 'invalid JSON';
    return { reason: 'validation_failed', fieldErrors: [{ path: '', code: 'invalid_json', message }] };
  }
  if (typeof error.statusCode === 'number') return { reason: reasonForStatus(error.statusCode) };
  return { reason: 'internal' };
}

/**
 * The reasons that say no more than their status; an error with only a status (tRPC's own, Fastify's body
 * parser: FST_ERR_CTP_INVALID_JSON_BODY 400, FST_ERR_CTP_BODY_TOO_LARGE 413) gets the one of its status.
 */
const PLAIN_REASONS = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'method_not_allowed',
  'unsupported_media_type',
  'rate_limited',
  'database_unavailable',
] as const satisfies readonly ErrorReason[];

function reasonForStatus(status: number): ErrorReason {
  const plain = PLAIN_REASONS.find((reason) => HTTP_STATUS_FOR[reason] === status);
  if (plain) return plain;
  // another refusal of the request as sent: the caller's to change
  return status >= 400 && status < 500 ? 'validation_failed' : 'internal';
}

function zodFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const path = issue.path.map(String);
    // one entry per unknown field, named, rather than one for the object that holds them
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...path, key].join('.'),
        code: issue.code,
        message: issue.message,
      }));
    }
    return [{ path: path.join('.'), code: issue.code, message: issue.message }];
  });
}

/** An ajv error ({ instancePath: '/a/b', keyword, params, message }) as a field error. */
function schemaFieldError(entry: unknown): FieldError[] {
  if (!isObject(entry)) return [];
  const path = typeof entry.instancePath === 'string' ? entry.instancePath.split('/').filter(Boolean) : [];
  const params = isObject(entry.params) ? entry.params : {};
  const code = typeof entry.keyword === 'string' ? entry.keyword : 'invalid';
  const message = typeof entry.message === 'string' ? entry.message : 'invalid';
  // unknown fields refused by a strict zod schema (its issue in ajv's form, from the zod type provider):
  // one entry per field, named
  if (Array.isArray(params.keys)) {
    return params.keys.map((key) => ({ path: [...path, String(key)].join('.'), code, message }));
  }
  // a missing or an unknown property is reported on the object that should or should not hold it
  const named = params.missingProperty ?? params.additionalProperty;
  if (typeof named === 'string') path.push(named);
  return [{ path: path.join('.'), code, message }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Logs what a person cannot fix (a 5xx) with its cause; an outage that has its own watch (the photo
 * storage) is logged once by the watch rather than per request.
 */
export function logServerFault(request: FastifyRequest, error: unknown, outcome: ErrorOutcome): void {
  if (outcome.status >= 500 && !REASONS_LOGGED_BY_WATCH.has(outcome.reason)) {
    request.log.error({ req: request, err: error }, 'request failed');
  }
}
