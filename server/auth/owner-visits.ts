import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from '../lib/request-headers.ts';

// The owner's own visits are not counted: a public page view or a short-link follow from a browser signed
// in as the card's owner would only inflate their statistics. Public pages and redirects are hot paths, so
// only a request that carries better-auth's session cookie is looked up (a visitor without it costs one
// string search), and the look-up runs beside the answer, never before it.

/**
 * Calls `count(item)` unless the request comes from a browser signed in as `ownerId` (at once, or a moment
 * later when a session has to be looked up), else `ownVisit(item)` when given. The item is passed through,
 * so a caller needs no closure.
 */
export type CountUnlessOwner = <T>(
  request: { headers: IncomingHttpHeaders },
  ownerId: string,
  count: (item: T) => void,
  item: T,
  ownVisit?: (item: T) => void,
) => void;

export async function createCountUnlessOwner(
  auth: Auth,
  logger: FastifyBaseLogger,
): Promise<CountUnlessOwner> {
  // the session cookie's full name (with the __Secure- prefix when cookies are secure)
  const { authCookies } = await auth.$context;
  const sessionCookie = `${authCookies.sessionToken.name}=`;
  return (request, ownerId, count, item, ownVisit) => {
    const { cookie } = request.headers;
    if (cookie === undefined || !cookie.includes(sessionCookie)) {
      count(item);
      return;
    }
    auth.api.getSession({ headers: toFetchHeaders(request.headers) }).then(
      (session) => {
        if (session?.user.id !== ownerId) count(item);
        else ownVisit?.(item);
      },
      (error: unknown) => {
        // whose browser it was is unknown: counted, as a visit is far likelier than the owner
        logger.warn({ err: error }, 'session of a visit could not be read');
        count(item);
      },
    );
  };
}
