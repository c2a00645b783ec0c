import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CRM_PROVIDERS } from '../../src/crm.ts';
import { paths, serverPaths } from '../../src/routes.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { connectionsPageAfter, finishCrmConnect } from './service.ts';

// GET /api/crm/callback/{provider}?code=&state= – where the CRM sends the person back after they granted (or
// refused) access. It needs the session of whoever started the connect (the state is bound to them), and
// answers a redirect to the Connections page saying how it ended. A GET that changes only what its state
// allows: the origin check does not apply to GETs, and a state is good once.

const ParamsSchema = z.object({ provider: z.enum(CRM_PROVIDERS) });

export function registerCrmRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): void {
  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    `${serverPaths.crmCallback}/:provider`,
    async (request, reply) => {
      const params = ParamsSchema.safeParse(request.params);
      if (!params.success) return reply.redirect(paths.connections, 303);
      const user = await requireSessionUser(auth, request).catch(() => null);
      // signed out meanwhile: the connect cannot be tied to anyone; it is started again from the page
      if (!user) return reply.redirect(connectionsPageAfter('expired', params.data.provider, 'user'), 303);
      const { code, state, error } = request.query;
      const { result, owner } = await finishCrmConnect(deps, user.id, params.data.provider, {
        code,
        state,
        error,
      });
      return reply
        .header('cache-control', 'no-store')
        .redirect(connectionsPageAfter(result, params.data.provider, owner), 303);
    },
  );
}
