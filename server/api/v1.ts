import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverPaths } from '../../src/routes.ts';
import {
  authenticateApiKey,
  rateLimitHeaders,
  requireScope,
  type RateLimitState,
} from '../api-keys/verify.ts';
import { AppError } from '../lib/errors.ts';
import { documentedPath, sendProblem } from '../lib/problem.ts';
import { registerAccountRoutes } from './account.ts';
import { registerAnalyticsRoutes } from './analytics.ts';
import { registerCardRoutes } from './cards.ts';
import type { ApiDeps } from './context.ts';
import { registerLeadRoutes } from './leads.ts';
import { registerOpenApi, unsupportedMediaTypeResponse } from './openapi.ts';
import { webhookOperations, webhookSignatureParameters } from './webhook-events.ts';
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
    await registerOpenApi(scope, { webhooks: webhookOperations(), parameters: webhookSignatureParameters() });
    await scope.register(apiRoutes(deps), { prefix: serverPaths.apiV1 });
  });
}

/** A route's path as a pattern of request paths (`/api/v1/cards/:id`: any one segment for `:id`). */
function pathPattern(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The methods of each path of the scope, for the `Allow` of a 405. */
function methodTable() {
  const paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  return {
    add(url: string, methods: string | string[]) {
      const path = paths.get(url) ?? { pattern: pathPattern(url), methods: new Set<string>() };
      for (const method of [methods].flat()) path.methods.add(method);
      paths.set(url, path);
    },
    /** The route path a request path is of, with its methods; null: no route has it. */
    of(requestPath: string) {
      for (const [url, { pattern, methods }] of paths) {
        if (pattern.test(requestPath)) return { url, methods: [...methods].toSorted() };
      }
      return null;
    },
  };
}

/** A method the path does not have: 405 with the ones it has (RFC 9110 15.5.6), as a problem (problem.ts). */
function methodNotAllowed(method: string, url: string, allowed: string[]) {
  const path = documentedPath(url);
  return Object.assign(new Error(`${path} has no ${method}; it answers ${allowed.join(', ')}.`), {
    statusCode: 405,
  });
}

function isMediaTypeRefusal(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
}

/** A body that is not JSON: 415 naming the media type sent (Fastify's own says only "Unsupported Media Type"). */
function mediaTypeNotJson(request: FastifyRequest) {
  const sent = request.headers['content-type'] ?? 'without a media type';
  return Object.assign(new Error(`The body is ${sent}; send application/json.`), { statusCode: 415 });
}

/** A key that was sent but is not one (RFC 6750 3.1): a client retrying it would fail the same way. */
function sentAKey(request: FastifyRequest): boolean {
  return /^bearer\s+\S/i.test(request.headers.authorization ?? '');
}

function apiRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (api) => {
    api.decorateRequest('apiCaller', null);
    // JSON only: Fastify's text/plain parser would hand a route a string to refuse as the wrong type, and
    // no other media type has a parser here, so any body that is not JSON is 415 (FST_ERR_CTP_INVALID_MEDIA_TYPE)
    api.removeContentTypeParser('text/plain');
    const methods = methodTable();
    api.addHook('onRoute', (route) => {
      route.bodyLimit ??= API_BODY_LIMIT_BYTES;
      methods.add(route.url, route.method);
      // documented where the operation takes a body (openapi.ts)
      if (route.schema?.body)
        route.schema.response = { ...unsupportedMediaTypeResponse(), ...(route.schema.response as object) };
    });
    // before the body is read: a refused key or scope stores nothing and reads nothing
    api.addHook('onRequest', async (request, reply) => {
      const caller = await authenticateApiKey(deps, request);
      request.apiCaller = caller;
      void reply.headers(rateLimitHeaders(caller.rateLimit, false));
      requireScope(caller, request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
    });
    // a create's 201 names the new object's path (RFC 9110 10.2.2), a replay's too (idempotency.ts), where
    // the API has a GET for it
    api.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 201 || typeof payload !== 'string' || reply.hasHeader('location'))
        return payload;
      const { id } = JSON.parse(payload) as { id?: unknown };
      const location =
        typeof id === 'string' ? `${request.routeOptions.url}/${encodeURIComponent(id)}` : null;
      if (location && methods.of(location)?.methods.includes('GET')) void reply.header('location', location);
      return payload;
    });
    // every call is logged with its request id (the Request-Id a client quotes; app.ts) and its outcome
    api.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          api: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
          apiKey: request.apiCaller ? { id: request.apiCaller.keyId } : null,
          responseTime: Math.round(reply.elapsedTime),
        },
        'API request',
      );
    });
    // every refusal is application/problem+json (server/lib/problem.ts), a 429 with its rate-limit headers
    api.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError && error.reason === 'rate_limited' && error.meta?.rateLimit) {
        void reply.headers(rateLimitHeaders(error.meta.rateLimit as RateLimitState, true));
      }
      // RFC 6750 3: the scheme to authenticate with, and whether the key sent was refused
      if (error instanceof AppError && error.reason === 'unauthenticated') {
        void reply.header('www-authenticate', sentAKey(request) ? 'Bearer error="invalid_token"' : 'Bearer');
      }
      return sendProblem(reply, isMediaTypeRefusal(error) ? mediaTypeNotJson(request) : error);
    });
    // an unknown path under /api/v1 is a problem too; a known path with another method is 405
    api.setNotFoundHandler((request, reply) => {
      const path = methods.of(request.url.split('?')[0]!);
      if (!path) return sendProblem(reply, new AppError('not_found'));
      void reply.header('allow', path.methods.join(', '));
      return sendProblem(reply, methodNotAllowed(request.method, path.url, path.methods));
    });

    registerAccountRoutes(api, deps);
    registerCardRoutes(api, deps);
    registerQrCodeRoutes(api, deps);
    registerProfileLinkRoutes(api, deps);
    registerAnalyticsRoutes(api, deps);
    registerTeamRoutes(api, deps);
    registerLeadRoutes(api, deps);
  };
}
