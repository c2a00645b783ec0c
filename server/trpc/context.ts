import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TRPCError } from '@trpc/server';
import type { Database } from '../../db/schema.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../auth/headers.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import type { ChangeBus } from '../lib/changes.ts';
import type { Mailer } from '../mail/types.ts';
import type { MediaStorage } from '../media/storage.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The app's shared parts that services use: database, config, the one mailer, photo storage, change notices. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: MediaStorage;
  changes: ChangeBus;
}

/** What every service receives: the app's parts and, when signed in, the user. */
export interface ServiceContext extends AppDeps {
  user: SessionUser;
}

export interface ContextInner extends AppDeps {
  user: SessionUser | null;
  /** The client's address: the socket's, or the one a trusted proxy names (TRUST_PROXY). */
  clientAddress: string;
}

/** The context without HTTP: tests and scripts build it directly (tRPC createCaller). */
export function createContextInner(inner: ContextInner): ContextInner {
  return inner;
}

/** Per request: reads the better-auth session from the request's cookies. */
export function makeCreateContext({ auth, ...deps }: AppDeps & { auth: Auth }) {
  return async ({ req }: { req: FastifyRequest; res: FastifyReply }): Promise<ContextInner> => {
    const session = await auth.api
      .getSession({ headers: toFetchHeaders(req.headers) })
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'database_unavailable', cause: error });
        }
        throw error;
      });
    const user = session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    return createContextInner({ ...deps, user, clientAddress: req.ip });
  };
}

export type Context = ContextInner;
