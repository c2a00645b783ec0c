import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../lib/request-headers.ts';
import type { AppDeps, SessionUser } from '../lib/app-deps.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/** What every procedure receives: the app's parts, the signed-in user (or none) and the client's address. */
export interface Context extends AppDeps {
  /** better-auth's server API, for the services built on its plugins (API keys). */
  auth: Auth;
  user: SessionUser | null;
  /** The client's address: the socket's, or the one a trusted proxy names (TRUST_PROXY). */
  clientAddress: string;
}

/** Per request: reads the better-auth session from the request's cookies. */
export function makeCreateContext({ auth, ...deps }: AppDeps & { auth: Auth }) {
  return async ({ req }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const session = await auth.api
      .getSession({ headers: toFetchHeaders(req.headers) })
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'database_unavailable', cause: error });
        }
        throw error;
      });
    const user = session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    return { ...deps, auth, user, clientAddress: req.ip };
  };
}
