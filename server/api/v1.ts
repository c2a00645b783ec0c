import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PersonalInfoSchema } from '../../src/schemas/profile.ts';
import { serverPaths } from '../../src/routes.ts';
import {
  authenticateApiKey,
  rateLimitHeaders,
  requirePersonalKey,
  requireScope,
  type ApiCaller,
  type RateLimitState,
} from '../api-keys/verify.ts';
import type { Auth } from '../auth/auth.ts';
import { planInEffectOf } from '../billing/plan-gate.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { sendProblem } from '../lib/problem.ts';
import { updatePersonalInfo } from '../profile/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

/**
 * The public REST API's scope. It takes API keys only (`Authorization: Bearer`, server/api-keys/verify.ts):
 * the session cookie is never read here, so the origin check that guards cookie-authenticated writes does
 * not apply (app.ts exempts this prefix), and no CORS headers are sent. Each route calls the same service,
 * with the same zod schema, as the dashboard's procedure.
 */
export async function registerApiV1Routes(
  app: FastifyInstance,
  deps: AppDeps & { auth: Auth },
): Promise<void> {
  await app.register(
    async (api) => {
      api.decorateRequest('apiCaller', null);
      api.addHook('onRequest', async (request, reply) => {
        const caller = await authenticateApiKey(deps, request);
        request.apiCaller = caller;
        void reply.headers(rateLimitHeaders(caller.rateLimit, false));
      });
      // every refusal is application/problem+json (server/lib/problem.ts), a 429 with its rate-limit headers
      api.setErrorHandler((error, _request, reply) => {
        if (error instanceof AppError && error.reason === 'rate_limited' && error.meta?.rateLimit) {
          void reply.headers(rateLimitHeaders(error.meta.rateLimit as RateLimitState, true));
        }
        return sendProblem(reply, error);
      });

      api.get('/me', async (request) => {
        const caller = callerOf(request);
        requireScope(caller, 'read');
        return describeAccount(deps, caller);
      });

      api.patch('/me', async (request, reply: FastifyReply) => {
        const caller = callerOf(request);
        requireScope(caller, 'write');
        requirePersonalKey(caller);
        const input = PersonalInfoSchema.parse(request.body);
        await updatePersonalInfo({ ...deps, user: caller.user }, input);
        return reply.send(await describeAccount(deps, caller));
      });
    },
    { prefix: serverPaths.apiV1 },
  );
}

function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new AppError('unauthenticated');
  return request.apiCaller;
}

/**
 * The key's account (a person's or a team's: `kind`): what GET /api/v1/me answers (the version is the
 * `baseVersion` of a PATCH).
 */
async function describeAccount(deps: AppDeps, caller: ApiCaller) {
  const [profile, plan] = await Promise.all([
    deps.db
      .selectFrom('profiles')
      .select(['first_name', 'last_name', 'name', 'version'])
      .where('id', '=', caller.account.id)
      .executeTakeFirstOrThrow(),
    planInEffectOf(deps, caller.account.id),
  ]);
  return {
    id: caller.account.id,
    kind: caller.account.kind,
    plan,
    scopes: caller.scopes,
    name: profile.name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    version: profile.version,
  };
}
