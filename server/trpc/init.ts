import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { PlanFeature } from '../../src/plans.ts';
import type { TeamRole } from '../../src/teams.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import type { EditedRecord } from '../lib/edit-versions.ts';
import { errorOutcome } from '../lib/error-outcome.ts';
import { AppError } from '../lib/errors.ts';
import { requireTeamRole } from '../access/team-access.ts';
import type { Context } from './context.ts';
import { TRPC_CODE_FOR } from './error-codes.ts';

/*
 * 1. INITIALIZATION
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
    // Puts the reason (and a zod failure's fields) into every error answer, read by errorOutcome: the one
    // mapping that plain routes and the REST API use too. Anything unknown is `internal`, with no message,
    // stack or SQL.
    errorFormatter({ shape, error }) {
      const { reason, message, meta, fieldErrors } = errorOutcome(error);
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          reason,
          meta,
          fieldErrors: fieldErrors?.map(({ path, message: text }) => ({ path, message: text })),
        },
      };
    },
  });

/*
 * 2. ROUTER & PROCEDURES
 */
export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Gives what a procedure threw (an AppError, a lost database, a shared schema's zod failure) its reason's
 * code, keeping the original as the cause; tRPC's own errors (an unknown procedure, a bad batch) keep theirs.
 */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError || cause instanceof ZodError || isDatabaseUnavailable(cause)) {
      const { reason } = errorOutcome(cause);
      throw new TRPCError({ code: TRPC_CODE_FOR[reason], message: reason, cause });
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
