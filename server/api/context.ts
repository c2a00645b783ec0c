import type { FastifyRequest } from 'fastify';
import type { ApiCaller } from '../api-keys/verify.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

export type ApiDeps = AppDeps & { auth: Auth };

/** The key's caller, set by the scope's authentication hook (server/api/v1.ts). */
export function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new AppError('unauthenticated');
  return request.apiCaller;
}

/** What a service gets from a dashboard procedure (ctx), made for the key's account. */
export function serviceContextOf(deps: ApiDeps, request: FastifyRequest): ServiceContext {
  const caller = callerOf(request);
  return { ...deps, user: caller.user, apiKey: { id: caller.keyId, name: caller.keyName } };
}
