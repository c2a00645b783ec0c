import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TRPCError } from '@trpc/server';
import type { Database } from '../../db/schema.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../auth/headers.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import type { Mailer } from '../mail/types.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * What every service receives: the database (or a transaction), the config, the app's one mailer and,
 * when signed in, the user.
 */
export interface ServiceContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  user: SessionUser;
}

export interface ContextInner {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  user: SessionUser | null;
}

/** The context without HTTP: tests and scripts build it directly (tRPC createCaller). */
export function createContextInner(inner: ContextInner): ContextInner {
  return inner;
}

/** Per request: reads the better-auth session from the request's cookies. */
export function makeCreateContext(deps: {
  db: Kysely<Database>;
  config: Config;
  auth: Auth;
  mailer: Mailer;
}) {
  return async ({ req }: { req: FastifyRequest; res: FastifyReply }): Promise<ContextInner> => {
    const session = await deps.auth.api
      .getSession({ headers: toFetchHeaders(req.headers) })
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'database_unavailable', cause: error });
        }
        throw error;
      });
    const user = session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    return createContextInner({ db: deps.db, config: deps.config, mailer: deps.mailer, user });
  };
}

export type Context = ContextInner;
