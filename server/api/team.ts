import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEAM_ROLES } from '../../src/teams.ts';
import { AppError } from '../lib/errors.ts';
import { requireTeamRole } from '../access/team-access.ts';
import type { ApiCaller } from '../api-keys/verify.ts';
import { teamMembers } from '../teams/service.ts';
import { callerOf, type ApiDeps } from './context.ts';
import { apiSchemas, problemResponses } from './openapi.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/team/members: the members of the key's team (a team's key: its own; a person's key: the team the
// person is in, for any member), in the order they joined: a key that no role change or departure moves.

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

/**
 * The team a key reads: a team's key, its own team; a person's key, the team the person is in (the
 * procedures' team gate, meta.teamRole member: team_role_required outside any team).
 */
async function callerTeamId(deps: ApiDeps, caller: ApiCaller): Promise<string> {
  if (caller.account.kind === 'user') {
    return (await requireTeamRole(deps.db, caller.account.id, 'member')).teamId;
  }
  const team = await deps.db
    .selectFrom('teams')
    .select('id')
    .where('account_id', '=', caller.account.id)
    .executeTakeFirst();
  if (!team) throw new AppError('team_role_required', { role: 'member', inTeam: false });
  return team.id;
}

export function registerTeamRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/team/members',
    {
      schema: {
        tags: ['team'],
        summary: "List the team's members in the order they joined",
        description: 'An account in no team: 403 `team_role_required` (meta.role: member).',
        querystring: PageQuerySchema,
        response: { 200: pageSchema(TeamMemberSchema), ...problemResponses('team_role_required') },
      },
    },
    async (request) => {
      const members = await teamMembers(deps.db, await callerTeamId(deps, callerOf(request)));
      const page = pageOf(members, (member) => [member.joinedAt.toISOString()], 'asc', request.query);
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
