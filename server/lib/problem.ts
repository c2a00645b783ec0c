import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReason } from '../../src/errors.ts';
import { isValidationMessageId, type ValidationMessageId } from '../../src/messages.ts';
import { errorOutcome, logServerFault, type ErrorOutcome } from './error-outcome.ts';
import { PROBLEM_TITLE_FOR } from './errors.ts';
import { validationSentence } from './server-i18n.ts';

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
  /** an English sentence: the validation id's words where the schema gives one, else the validator's */
  message: string;
  /** the validation id of src/messages.ts the sentence says, where the schema gives one (documented at /api/docs) */
  messageId?: ValidationMessageId;
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

/** The request a problem answers, as its detail names it. */
interface ProblemRequest {
  method: string;
  /** its route's path (`/api/v1/cards/{id}`), or the path requested where no route has it */
  path: string;
  id: string;
}

/** A route's path as its documents write it: `/api/v1/cards/:id` as `/api/v1/cards/{id}`. */
export function documentedPath(url: string): string {
  return url.replaceAll(/:(\w+)/g, '{$1}');
}

function problemRequestOf(request: FastifyRequest): ProblemRequest {
  const path = request.routeOptions.url ?? request.url.split('?')[0]!;
  return { method: request.method, path: documentedPath(path), id: request.id };
}

export function problemOf(outcome: ErrorOutcome, request?: ProblemRequest): Problem {
  const { reason, status, meta, fieldErrors } = outcome;
  const errors = fieldErrors?.map(({ path: field, code, message }) =>
    isValidationMessageId(message)
      ? { field, code, message: validationSentence(message), messageId: message }
      : { field, code, message },
  );
  const detail = errors?.length
    ? errors.map((error) => `${error.field || '(body)'}: ${error.message}`).join('; ')
    : detailOf(outcome, request);
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

/**
 * What this occurrence adds to the title (RFC 9457 3.1.4: the title is the same for every occurrence, so
 * the detail never repeats it): the error's own words when they say more than its reason (Fastify: "Body is
 * not valid JSON…"), else the request refused with the reason's plain details, or for a failure of the
 * server the request id its log line carries.
 */
function detailOf({ reason, status, message, meta }: ErrorOutcome, request?: ProblemRequest): string {
  if (message !== reason) return message;
  // the route's path, not the request's: another account's id answers exactly like an unknown one
  const what = request ? `${request.method} ${request.path}` : `The request (${reason})`;
  if (status >= 500)
    return `${what} failed${request ? `; the server logged it as request ${request.id}` : ''}.`;
  const facts = Object.entries(meta ?? {})
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([name, value]) => `${name}: ${String(value)}`);
  return `${what} was refused${facts.length ? ` (${facts.join(', ')})` : ''}.`;
}

/**
 * Answers a request with the problem+json of whatever it failed with (and logs it when it is the
 * server's fault). The error handler of the REST API's scope calls it.
 */
export function sendProblem(reply: FastifyReply, error: unknown): FastifyReply {
  const outcome = errorOutcome(error);
  logServerFault(reply.request, error, outcome);
  return reply
    .status(outcome.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemOf(outcome, problemRequestOf(reply.request)));
}
