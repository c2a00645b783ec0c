import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { SessionUser } from '../lib/app-deps.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../lib/request-headers.ts';

/** The signed-in person of a plain route's request (its session cookie), or unauthenticated. */
export async function requireSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  if (!session) throw new AppError('unauthenticated');
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}
