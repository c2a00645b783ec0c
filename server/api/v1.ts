import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverPaths } from '../../src/routes.ts';
import {
  authenticateApiKey,
  rateLimitHeaders,
  requireScope,
  type RateLimitState,
} from '../api-keys/verify.ts';
import { AppError } from '../lib/errors.ts';
import { sendProblem } from '../lib/problem.ts';
import { registerAccountRoutes } from './account.ts';
import { registerAnalyticsRoutes } from './analytics.ts';
import { registerCardRoutes } from './cards.ts';
import type { ApiDeps } from './context.ts';
import { registerLeadRoutes } from './leads.ts';
import { registerOpenApi } from './openapi.ts';
import { registerProfileLinkRoutes } from './profile-links.ts';
import { registerQrCodeRoutes } from './qr-codes.ts';
import { registerTeamRoutes } from './team.ts';

/** The largest body a REST request may send: a card is a few kilobytes (photos are uploaded elsewhere). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The public REST API (server/api/*.ts: one module per resource). It takes API keys only
 * (`Authorization: Bearer`, server/api-keys/verify.ts): the session cookie is never read here, so the
 * origin check that guards cookie-authenticated writes does not apply (app.ts exempts this prefix), and
 * no CORS headers are sent. Each route validates with the dashboard procedure's zod schema (strict: an
 * unknown field is refused) and calls the same service; the same schemas make its OpenAPI document.
 */
export async function registerApiV1Routes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(scope);
    await scope.register(apiRoutes(deps), { prefix: serverPaths.apiV1 });
  });
}

function apiRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (api) => {
    api.decorateRequest('apiCaller', null);
    api.addHook('onRoute', (route) => {
      route.bodyLimit ??= API_BODY_LIMIT_BYTES;
    });
    // before the body is read: a refused key or scope stores nothing and reads nothing
    api.addHook('onRequest', async (request, reply) => {
      const caller = await authenticateApiKey(deps, request);
      request.apiCaller = caller;
      void reply.headers(rateLimitHeaders(caller.rateLimit, false));
      requireScope(caller, request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
    });
    // every refusal is application/problem+json (server/lib/problem.ts), a 429 with its rate-limit headers
    api.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError && error.reason === 'rate_limited' && error.meta?.rateLimit) {
        void reply.headers(rateLimitHeaders(error.meta.rateLimit as RateLimitState, true));
      }
      return sendProblem(reply, error);
    });
    // an unknown path or method under /api/v1 is a problem too
    api.setNotFoundHandler((_request, reply) => sendProblem(reply, new AppError('not_found')));

    registerAccountRoutes(api, deps);
    registerCardRoutes(api, deps);
    registerQrCodeRoutes(api, deps);
    registerProfileLinkRoutes(api, deps);
    registerAnalyticsRoutes(api, deps);
    registerTeamRoutes(api, deps);
    registerLeadRoutes(api, deps);
  };
}
