import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { accountArchive } from './archive.ts';

// GET /api/export – the signed-in person's whole account as one ZIP (archive.ts), streamed as it is made.
// One at a time per person and server: a second click while one is made is refused (rate_limited), so
// impatience does not make the same archive twice.

export function registerAccountExportRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): void {
  const exporting = new Set<string>();
  app.get(serverPaths.accountExport, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    if (exporting.has(user.id)) throw new AppError('rate_limited');
    exporting.add(user.id);
    let archive: Awaited<ReturnType<typeof accountArchive>>;
    try {
      archive = await accountArchive(deps, user.id);
    } catch (error) {
      exporting.delete(user.id);
      throw error;
    }
    archive.stream.on('close', () => exporting.delete(user.id));
    // a failure midway (the database, the storage) cuts the download: Fastify logs it with the request's
    // id ("response terminated with an error with headers already sent") and the rest of the server goes on
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${archive.fileName}"`)
      .header('cache-control', 'no-store')
      .send(archive.stream);
  });
}
