import type { FastifyInstance } from 'fastify';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { serverPaths } from '../../src/routes.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER, toFetchHeaders } from './headers.ts';
import { watchMailFailures } from './mail-failures.ts';

/**
 * Requests whose whole point is an e-mail: when it could not be sent, the answer says so (503
 * MAIL_UNAVAILABLE) instead of better-auth's success. Each sends a mail whether or not the address has an
 * account (a sign-up with a registered address mails its owner; a change to a taken address still asks
 * the current address), so this answer tells nothing about accounts either. A sign-up has created the
 * account by then, and the person asks for the e-mail again with 'resend'. A reset request and a resend
 * send only for an account, so they keep one answer whatever happens (server/auth/auth.ts).
 */
const MAIL_REQUESTS = new Set(['/api/auth/sign-up/email', '/api/auth/change-email']);

/**
 * Mounts better-auth at /api/auth/*. Its own scope passes the body through untouched (better-auth reads
 * the raw request, and Apple's form_post callback would otherwise get 415: STACK.md section 4).
 */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${serverPaths.auth}/*`,
      async handler(request, reply) {
        const headers = toFetchHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        const body =
          request.method === 'GET' || !request.body ? undefined : new Uint8Array(request.body as Buffer);
        const { result: response, mailFailed } = await watchMailFailures(() =>
          auth.handler(
            new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
          ),
        );
        if (mailFailed && MAIL_REQUESTS.has(request.url.split('?')[0] ?? '')) {
          return reply
            .status(503)
            .send({ code: AUTH_ERROR_CODES.mailUnavailable, message: 'mail_unavailable' });
        }
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });
}
