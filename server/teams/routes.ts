import { Readable } from 'node:stream';
import type { AuthContext } from '@better-auth/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serverPaths } from '../../src/routes.ts';
import { TEAM_IMPORT_MAX_BYTES } from '../../src/team-import.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { AppDeps, SessionUser } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { getProfileLanguage } from '../access/profile-language.ts';
import { requireTeamRole, type TeamMembership } from '../access/team-access.ts';
import { invitationsThroughPlugin } from './auth-plugin.ts';
import { checkTeamImport, startTeamImport, type TeamImportEvent } from './import.ts';

// A team's CSV import over HTTP, for its owner and admins (team_role_required otherwise): the file is the
// request's body, at most TEAM_IMPORT_MAX_BYTES (a larger one is refused before it is read).
// POST /api/teams/import/check answers the dry run (server/teams/import.ts TeamImportCheck); POST
// /api/teams/import/run?plan={the dry run's plan} streams the import as JSON lines (TeamImportEvent): each
// row as it is written, then the counts and the result file. The server that takes the request does the
// whole import, so any number of servers on one database can each run one.

const RunQuerySchema = z.object({ plan: z.string().min(1).max(100) });

/** The import's request body: the file's bytes, whatever type the browser gave the file. */
function fileOf(request: FastifyRequest): Uint8Array {
  return Buffer.isBuffer(request.body) ? request.body : new Uint8Array();
}

/** JSON lines of the import's events; a failure the rows did not catch ends them with `stopped`. */
async function* jsonLines(
  events: AsyncGenerator<TeamImportEvent, void, undefined>,
  onError: (error: unknown) => void,
): AsyncGenerator<string, void, undefined> {
  try {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  } catch (error) {
    onError(error);
    yield `${JSON.stringify({ type: 'stopped' } satisfies TeamImportEvent)}\n`;
  }
}

export async function registerTeamRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): Promise<void> {
  // our auth's context is an AuthContext typed by our own options: its adapter's options type is narrower
  // than the plain AuthContext's, which TypeScript cannot compare
  const invitations = invitationsThroughPlugin(auth.$context as unknown as Promise<AuthContext>);
  // who imports, found before the file is read: nobody else's upload is taken in
  const importers = new WeakMap<FastifyRequest, { user: SessionUser; team: TeamMembership }>();
  const importerOf = (request: FastifyRequest) => {
    const importer = importers.get(request);
    if (!importer) throw new AppError('unauthenticated');
    return importer;
  };

  await app.register(async (scope) => {
    // the body is the file as it is: no parser of its own type reads it
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addHook('onRequest', async (request) => {
      const user = await requireSessionUser(auth, request);
      importers.set(request, { user, team: await requireTeamRole(deps.db, user.id, 'admin') });
    });
    const options = { bodyLimit: TEAM_IMPORT_MAX_BYTES };

    scope.post(`${serverPaths.teamImport}/check`, options, async (request) => {
      const { team } = importerOf(request);
      return checkTeamImport(deps.db, team, fileOf(request));
    });

    scope.post(`${serverPaths.teamImport}/run`, options, async (request, reply) => {
      const { user, team } = importerOf(request);
      const query = RunQuerySchema.safeParse(request.query);
      if (!query.success) throw new AppError('validation_failed', { field: 'plan' });
      const run = await startTeamImport(
        {
          ...deps,
          invitations,
          logError: (error, row) => request.log.error({ err: error, row }, 'a team import row failed'),
        },
        team,
        user,
        {
          bytes: fileOf(request),
          expectedPlan: query.data.plan,
          locale: await getProfileLanguage(deps.db, user.id),
        },
      );
      const lines = jsonLines(run.events, (error) =>
        request.log.error({ err: error }, 'a team import stopped before its end'),
      );
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    });
  });
}
