import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_IMPORT_MAX_BYTES } from '../../src/account-import.ts';
import { serverPaths } from '../../src/routes.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { AppDeps, SessionUser } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { claimImport, importAccount, releaseImport } from './service.ts';

// POST /api/import – a Tapcard export (ZIP) or a CSV of links, imported into the signed-in account
// (service.ts); the file is the request's body, at most ACCOUNT_IMPORT_MAX_BYTES (a larger one is refused
// before it is read). Answers the AccountImportReport. One at a time per account, whichever server runs
// it: a second while one runs is refused (rate_limited), so a double click, or a second tab, does not
// import the same file twice.

export async function registerAccountImportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  auth: Auth,
): Promise<void> {
  // who imports, found before the file is read: nobody else's upload is taken in
  const importers = new WeakMap<FastifyRequest, SessionUser>();

  await app.register(async (scope) => {
    // the body is the file as it is: no parser of its own type reads it
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(serverPaths.accountImport, {
      bodyLimit: ACCOUNT_IMPORT_MAX_BYTES,
      async onRequest(request) {
        importers.set(request, await requireSessionUser(auth, request));
      },
      async handler(request) {
        const user = importers.get(request);
        if (!user) throw new AppError('unauthenticated');
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new AppError('import_unreadable');
        if (!(await claimImport(deps.db, user.id))) throw new AppError('rate_limited');
        try {
          return await importAccount({ ...deps, user }, request.body);
        } finally {
          await releaseImport(deps.db, user.id);
        }
      },
    });
  });
}
