import type { FastifyInstance } from 'fastify';
import { HTTP_STATUS_FOR } from './errors.ts';
import { loggedPath } from './request-log.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request whose Origin (or, without one, Referer) is not the app's own.
 * better-auth checks only /api/auth; this covers tRPC mutations and every other route whatever their
 * content type. Exempt paths authenticate the caller another way (a signed webhook, an OAuth `state`, a
 * form token): those under `exemptPrefixes`, and those `exemptPaths` match whole (without the query).
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: {
    allowedOrigins: readonly string[];
    exemptPrefixes: readonly string[];
    exemptPaths?: readonly RegExp[];
  },
): void {
  const allowed = new Set(options.allowedOrigins);
  // a callback hook, not an async one: it runs on every request, public pages included
  app.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix)) ||
      options.exemptPaths?.some((path) => path.test(request.url.split('?', 1)[0] ?? ''))
    ) {
      done();
      return;
    }
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin && allowed.has(origin)) {
      done();
      return;
    }
    request.log.warn(
      { origin: origin ?? null, url: loggedPath(request.url) },
      'refused a request from a foreign origin',
    );
    void reply
      .status(HTTP_STATUS_FOR.bad_origin)
      .send({ reason: 'bad_origin', message: 'Cross-origin request refused' });
  });
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
