import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { ErrorReason } from '../../src/errors.ts';
import type { PlanFeature } from '../../src/plans.ts';
import type { TeamRole } from '../../src/teams.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import type { EditedRecord } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { requireTeamRole } from '../teams/access.ts';
import type { Context } from './context.ts';

/*
 * 1. ERRORS
 * Services throw AppError(reason). Every procedure turns it into a TRPCError with the reason's one code,
 * and the formatter puts `reason` (and zod field errors) into the response. Anything unknown becomes
 * `internal`: no message, stack or SQL leaves the server.
 */
const TRPC_CODE_FOR: Record<ErrorReason, TRPC_ERROR_CODE_KEY> = {
  validation_failed: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  bad_origin: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  rate_limited: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_SERVER_ERROR',
  database_unavailable: 'SERVICE_UNAVAILABLE',
  mail_unavailable: 'SERVICE_UNAVAILABLE',
  storage_unavailable: 'SERVICE_UNAVAILABLE',
  limit_reached: 'FORBIDDEN',
  username_taken: 'CONFLICT',
  link_code_taken: 'CONFLICT',
  username_change_limit: 'TOO_MANY_REQUESTS',
  held_usernames_limit: 'FORBIDDEN',
  link_code_change_limit: 'TOO_MANY_REQUESTS',
  held_link_codes_limit: 'FORBIDDEN',
  invalid_image: 'UNSUPPORTED_MEDIA_TYPE',
  heic_unsupported: 'UNSUPPORTED_MEDIA_TYPE',
  storage_quota_exceeded: 'PAYLOAD_TOO_LARGE',
  link_managed_by_vcard: 'CONFLICT',
  already_subscribed: 'CONFLICT',
  billing_unavailable: 'SERVICE_UNAVAILABLE',
  live_choice_changed: 'CONFLICT',
  edit_conflict: 'CONFLICT',
  last_sign_in_method: 'CONFLICT',
  plan_required: 'FORBIDDEN',
  qr_inverted_colours: 'UNPROCESSABLE_CONTENT',
  qr_low_contrast: 'UNPROCESSABLE_CONTENT',
  qr_logo_too_large: 'UNPROCESSABLE_CONTENT',
  qr_no_quiet_zone: 'UNPROCESSABLE_CONTENT',
  qr_unreadable: 'UNPROCESSABLE_CONTENT',
  team_role_required: 'FORBIDDEN',
  already_in_team: 'CONFLICT',
  team_slug_taken: 'CONFLICT',
  already_invited: 'CONFLICT',
  invitation_unavailable: 'CONFLICT',
  owner_must_transfer: 'CONFLICT',
  new_owner_plan_required: 'CONFLICT',
  field_locked: 'FORBIDDEN',
};

/** The reason the client is told, for any error a procedure ends with. */
export function reasonOf(error: TRPCError): ErrorReason {
  if (error.cause instanceof AppError) return error.cause.reason;
  if (error.cause instanceof ZodError) return 'validation_failed';
  if (isDatabaseUnavailable(error.cause)) return 'database_unavailable';
  switch (error.code) {
    case 'UNAUTHORIZED':
      return 'unauthenticated';
    case 'NOT_FOUND':
      return 'not_found';
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
    case 'METHOD_NOT_SUPPORTED':
      return 'validation_failed';
    case 'PAYLOAD_TOO_LARGE':
      return 'payload_too_large';
    case 'TOO_MANY_REQUESTS':
      return 'rate_limited';
    case 'SERVICE_UNAVAILABLE':
      return 'database_unavailable';
    default:
      return 'internal';
  }
}

/*
 * 2. INITIALIZATION
 */
/**
 * What a procedure declares about itself. `feature`: the plan feature it is part of (src/plans.ts); an
 * account whose plan does not include it is refused with plan_required before the input is read.
 * `edits`: the kind of row it edits from a `baseVersion` (server/lib/edit-versions.ts); the API tests
 * prove from this declaration that every such procedure refuses an older version and changes nothing.
 */
export interface ProcedureMeta {
  feature?: PlanFeature;
  edits?: EditedRecord;
  /**
   * The lowest team role that may call it (src/teams.ts); the procedure then acts for that team
   * (ctx.team). The role-matrix test calls every such procedure with each role.
   */
  teamRole?: TeamRole;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    // Subscriptions (live updates) are server-sent events. A quiet stream gets a ping every 20 s, so proxies
    // that close idle connections (nginx after 60 s) leave it open, and a browser that hears nothing for
    // 45 s takes the connection for dead and opens a new one.
    sse: { ping: { enabled: true, intervalMs: 20_000 }, client: { reconnectAfterInactivityMs: 45_000 } },
    errorFormatter({ shape, error }) {
      const reason = reasonOf(error);
      const fieldErrors =
        error.cause instanceof ZodError
          ? error.cause.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
          : undefined;
      const exposeMessage = reason !== 'internal' && reason !== 'database_unavailable';
      return {
        message: exposeMessage ? error.message : reason,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          reason,
          meta: error.cause instanceof AppError ? error.cause.meta : undefined,
          fieldErrors,
        },
      };
    },
  });

/*
 * 3. ROUTER & PROCEDURES
 */
export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Maps a thrown AppError (or a lost database) to its TRPCError, keeping the original as the cause. */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODE_FOR[cause.reason], message: cause.reason, cause });
    }
    if (isDatabaseUnavailable(cause)) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'database_unavailable', cause });
    }
    // a service that checks a rule needing data (a username on the user's plan) with a shared zod schema
    if (cause instanceof ZodError) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'validation_failed', cause });
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorMapping);

/**
 * A procedure for signed-in users only; narrows ctx.user to non-null. The one plan gate: a procedure
 * with `.meta({ feature })` runs only for an account whose plan in effect includes that feature.
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  if (!ctx.user) throw new AppError('unauthenticated');
  if (meta?.feature) await requireFeature(ctx, ctx.user.id, meta.feature);
  const team = meta?.teamRole ? await requireTeamRole(ctx.db, ctx.user.id, meta.teamRole) : null;
  return next({ ctx: { ...ctx, user: ctx.user, team } });
});
