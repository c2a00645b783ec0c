import type { FastifyInstance } from 'fastify';
import { MAIL_TICKET_HEADER } from '../../src/api.ts';
import { serverPaths } from '../../src/routes.ts';
import { collectQueuedMail } from '../mail/outbox.ts';
import type { Auth } from './auth.ts';
import { errorOutcome, logServerFault } from '../lib/error-outcome.ts';
import { CLIENT_IP_HEADER, toFetchHeaders } from '../lib/request-headers.ts';

/**
 * A sign-up queues one e-mail whether or not the address has an account (a registered address gets a
 * mail to its owner), so the ticket of that e-mail in the answer tells nothing about accounts. A reset
 * request and a resend queue a mail only for an account, so their answers carry none.
 */
const SIGN_UP_PATH = `${serverPaths.auth}/sign-up/email`;

/**
 * Mounts better-auth at /api/auth/*. Its own scope passes the body through untouched (better-auth reads
 * the raw request, and Apple's form_post callback would otherwise get 415: STACK.md section 4).
 */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // what better-auth throws rather than answers (onAPIError.throw: a database lost during a sign-in) is
    // answered in better-auth's own shape, `{ code, message }` with the reason upper-cased as its codes are,
    // because the auth forms read that shape (web/lib/error-messages.ts authErrorMessage), not the app's
    // `{ reason, message }`
    scope.setErrorHandler((error, request, reply) => {
      const outcome = errorOutcome(error);
      logServerFault(request, error, outcome);
      return reply
        .status(outcome.status)
        .send({ code: outcome.reason.toUpperCase(), message: outcome.message });
    });
    scope.route({
      method: ['GET', 'POST'],
      url: `${serverPaths.auth}/*`,
      async handler(request, reply) {
        const headers = toFetchHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        const body =
          request.method === 'GET' || !request.body ? undefined : new Uint8Array(request.body as Buffer);
        const { result: response, tickets } = await collectQueuedMail(() =>
          auth.handler(
            new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
          ),
        );
        const ticket = tickets[0];
        if (ticket && request.url.split('?')[0] === SIGN_UP_PATH) reply.header(MAIL_TICKET_HEADER, ticket);
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
