import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serverPaths } from '../../src/routes.ts';
import { QR_DOWNLOAD_FORMATS, QR_PNG_DEFAULT_SIZE, QR_PNG_SIZES } from '../../src/schemas/qr-design.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { qrCodeFile } from './service.ts';

const DownloadParams = z.object({ id: z.uuid(), format: z.enum(QR_DOWNLOAD_FORMATS) });
const DownloadQuery = z.object({
  size: z.coerce
    .number()
    .refine((size) => (QR_PNG_SIZES as readonly number[]).includes(size))
    .default(QR_PNG_DEFAULT_SIZE),
});

/**
 * GET /api/qr-codes/:id/:format (signed in; png|svg|pdf, ?size= for PNG) – one of the user's QR codes (or
 * a team card's they may edit) as a file, in its design (every plan downloads its codes; a design is drawn while the plan includes it).
 */
export function registerQrStudioRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): void {
  app.get(`${serverPaths.qrDownloads}/:id/:format`, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const params = DownloadParams.safeParse(request.params);
    const query = DownloadQuery.safeParse(request.query);
    if (!params.success) throw new AppError('not_found');
    if (!query.success) throw new AppError('validation_failed', { field: 'size' });
    const file = await qrCodeFile(deps, user.id, { ...params.data, size: query.data.size });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
