import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { InvitableTeamRole } from '../../src/teams.ts';
import { injectFromApp } from './harness.ts';

// Teams as the dashboard makes them: through the organization plugin's own endpoints
// (/api/auth/organization/*), as the signed-in browser calls them.

/** A call to one of the organization plugin's endpoints; GET sends `body` as the query. */
export function organizationCall(
  app: FastifyInstance,
  cookie: string,
  endpoint: string,
  body?: Record<string, unknown>,
  method: 'GET' | 'POST' = 'POST',
): Promise<LightMyRequestResponse> {
  const query =
    method === 'GET' && body ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : '';
  return injectFromApp(app, {
    method,
    url: `/api/auth/organization/${endpoint}${query}`,
    headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
}

function ok<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A team made by a Business account, which becomes its owner. */
export async function createTeam(
  app: FastifyInstance,
  ownerCookie: string,
  fields: { name: string; slug: string },
): Promise<{ id: string; slug: string }> {
  return ok(await organizationCall(app, ownerCookie, 'create', fields), 'creating a team');
}

/** An invitation to the inviter's team. */
export async function inviteToTeam(
  app: FastifyInstance,
  inviterCookie: string,
  fields: { email: string; role: InvitableTeamRole },
): Promise<{ id: string; expiresAt: string }> {
  const teamId = await teamIdOf(app, inviterCookie);
  return ok(
    await organizationCall(app, inviterCookie, 'invite-member', { ...fields, organizationId: teamId }),
    'inviting',
  );
}

/** Accepts an invitation as the signed-in invitee. */
export async function joinTeam(app: FastifyInstance, cookie: string, invitationId: string): Promise<void> {
  ok(await organizationCall(app, cookie, 'accept-invitation', { invitationId }), 'accepting');
}

async function teamIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const teams = ok<{ id: string }[]>(
    await organizationCall(app, cookie, 'list', undefined, 'GET'),
    'listing',
  );
  const team = teams[0];
  if (!team) throw new Error('the inviter is in no team');
  return team.id;
}
