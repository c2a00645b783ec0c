import type { FastifyReply } from 'fastify';
import type { ErrorReason } from '../../src/errors.ts';
import { errorOutcome, logServerFault, type ErrorOutcome } from './error-outcome.ts';
import { PROBLEM_TITLE_FOR } from './errors.ts';

// Errors of the REST API as RFC 9457 problem details, made from the one table of reasons
// (server/lib/errors.ts) through the one mapping of thrown errors (server/lib/error-outcome.ts).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** A field a validation failure refused, as the REST API names it. */
export interface ProblemFieldError {
  /** dotted from the top of the input: `links.0.url` */
  field: string;
  /**
   * the validator's code (zod's `too_big`, `unrecognized_keys`…); `reason` stays the closed list's word
   * for the whole answer
   */
  code: string;
  /** a validation id of src/messages.ts where the schema gives one, else the validator's sentence */
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** the closed list of src/errors.ts: what a client branches on */
  reason: ErrorReason;
  errors?: ProblemFieldError[];
  /** the reason's details where it has them (limit_reached: resource and limit; plan_required: plan…) */
  meta?: Record<string, unknown>;
}

/**
 * The `type` of a reason: a path to this server's own API docs. Tapcard is self-hosted and must work
 * offline, so each server documents its API at /api/docs and the type resolves to documentation that
 * exists wherever the answer came from; an absolute URL on a Tapcard site would point at a server the
 * operator does not run and an offline network cannot reach. RFC 9457 (3.1.1) asks a relative type to
 * carry its full path, as this does. Clients compare `reason`, which is the same on every server.
 */
export function problemType(reason: ErrorReason): string {
  return `/api/docs#problem-${reason}`;
}

export function problemOf(outcome: ErrorOutcome): Problem {
  const { reason, status, meta, fieldErrors } = outcome;
  const errors = fieldErrors?.map((error) => ({
    field: error.path,
    code: error.code,
    message: error.message,
  }));
  const detail = errors?.length
    ? errors.map((error) => `${error.field || '(body)'}: ${error.message}`).join('; ')
    : detailOf(outcome);
  return {
    type: problemType(reason),
    title: PROBLEM_TITLE_FOR[reason],
    status,
    detail,
    reason,
    ...(errors?.length ? { errors } : {}),
    ...(meta ? { meta } : {}),
  };
}

/** The error's own words when they say more than its reason (Fastify: "Body is not valid JSON…"). */
function detailOf({ reason, message }: ErrorOutcome): string {
  return message !== reason ? message : PROBLEM_TITLE_FOR[reason];
}

/**
 * Answers a request with the problem+json of whatever it failed with (and logs it when it is the
 * server's fault). The error handler of the REST API's scope calls it.
 */
export function sendProblem(reply: FastifyReply, error: unknown): FastifyReply {
  const outcome = errorOutcome(error);
  logServerFault(reply.request, error, outcome);
  return reply.status(outcome.status).type(PROBLEM_CONTENT_TYPE).send(problemOf(outcome));
}
