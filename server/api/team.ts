import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEAM_ROLES } from '../../src/teams.ts';
import { AppError } from '../lib/errors.ts';
import { requireTeamRole } from '../teams/access.ts';
import { myTeam } from '../teams/service.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { apiSchemas, problemResponses } from './openapi.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/team/members: the members of the key's account's team (teams.mine), for any member, as the team
// page shows them (owner first, then admins, then members, each by name).

const TeamMemberSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    joinedAt: z.date(),
  })
  .register(apiSchemas, { id: 'TeamMember' });

export function registerTeamRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/team/members',
    {
      schema: {
        tags: ['team'],
        summary: "List the team's members",
        description: 'An account in no team: 403 `team_role_required` (meta.role: member).',
        querystring: PageQuerySchema,
        response: { 200: pageSchema(TeamMemberSchema), ...problemResponses('team_role_required') },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(deps, request);
      // the procedures' team gate (meta.teamRole), then the team page's own read
      await requireTeamRole(ctx.db, ctx.user.id, 'member');
      const team = await myTeam(ctx);
      if (!team) throw new AppError('team_role_required', { role: 'member' });
      const place = new Map(team.members.map((member, index) => [member.id, index]));
      const page = pageOf(team.members, (member) => place.get(member.id) ?? 0, 'asc', request.query);
      return {
        ...page,
        items: page.items.map(({ id, userId, name, email, role, joinedAt }) => ({
          id,
          userId,
          name,
          email,
          role,
          joinedAt,
        })),
      };
    },
  );
}
