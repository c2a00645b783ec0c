import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  MEDIA_KEY_PATTERN,
  MEDIA_KINDS,
  mediaPath,
  mediaTypeOf,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MB,
} from '../../src/media.ts';
import { serverPaths } from '../../src/routes.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import { AppError } from '../lib/errors.ts';
import type { CardHostAccount } from '../public-profile/card-host.ts';
import { photoAccount } from '../access/team-access.ts';
import type { AppDeps, SessionUser } from '../lib/app-deps.ts';
import { isOwnPhotoKey, uploadPhoto } from './service.ts';

/**
 * Whether a card host may serve the photo under `key`: its account's photos only. Those its page shows
 * are known from the cached profile; any other is looked up among the account's uploads.
 */
async function isCardHostPhoto(db: Kysely<Database>, host: CardHostAccount, key: string): Promise<boolean> {
  if (host.entry) {
    const path = mediaPath(key);
    const { photo, design } = host.entry.profile.card;
    if (path === photo || path === design.logo || path === design.coverImage) return true;
  }
  return isOwnPhotoKey(db, host.userId, key);
}

/** A key is never reused for other bytes (a new upload gets a new random key): cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One photo per request and almost nothing else: busboy stops at these before buffering more. */
const UPLOAD_LIMITS = {
  files: 1,
  fileSize: PHOTO_MAX_BYTES,
  fields: 2,
  fieldSize: 1024,
  parts: 3,
  headerPairs: 200,
};

/** @fastify/multipart's limit errors: a larger file, or more parts than one photo needs. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * The upload's query: `kind`, a photo unless it says graphic (a logo or cover that keeps its transparency);
 * and what it is for, when not for the uploader's own things (server/access/team-access.ts photoAccount): `card`,
 * the card it goes on, or `team=1`, the uploader's team (its logo, an admin's new team card).
 */
const UploadQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).default('photo'),
  card: z.uuid().optional(),
  team: z
    .literal('1')
    .optional()
    .transform((value) => value !== undefined),
});

/**
 * POST /api/media/photos[?kind=graphic][&card=<vcard id>|&team=1] (signed in, multipart with one file
 * part) stores a photo or a graphic, under the account it is for, and answers 201 { path, width, height }.
 * GET /media/:key serves stored images publicly (public profiles embed them), each as the type it was
 * stored as; a card host only its own account's (server/public-profile/card-host.ts).
 */
export async function registerMediaRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): Promise<void> {
  // the signed-in user of each upload, found before any of its body is read
  const uploaders = new WeakMap<FastifyRequest, SessionUser>();

  // multipart parsing exists for this route only
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
    scope.post(serverPaths.photoUploads, {
      async onRequest(request) {
        uploaders.set(request, await requireSessionUser(auth, request));
      },
      async handler(request, reply) {
        const user = uploaders.get(request);
        if (!user) throw new AppError('unauthenticated');
        const query = UploadQuerySchema.safeParse(request.query);
        if (!query.success) {
          const field = query.error.issues[0]?.path[0];
          throw new AppError('validation_failed', { field: typeof field === 'string' ? field : 'kind' });
        }
        const { kind, ...purpose } = query.data;
        // before the body is read: a refused upload stores nothing
        const account = await photoAccount(deps.db, user.id, purpose);
        const photo = await uploadPhoto({ ...deps, user }, await readOneFile(request), kind, account);
        return reply.status(201).send(photo);
      },
    });
  });

  app.get<{ Params: { key: string } }>(`${serverPaths.media}/:key`, async (request, reply) => {
    const { key } = request.params;
    if (!MEDIA_KEY_PATTERN.test(key)) throw new AppError('not_found');
    // a card host serves its own account's photos only
    if (request.cardHost && !(await isCardHostPhoto(deps.db, request.cardHost, key))) {
      throw new AppError('not_found');
    }
    const stored = await deps.storage.get(key);
    if (!stored) throw new AppError('not_found');
    return reply
      .header('content-type', mediaTypeOf(key))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMMUTABLE)
      .send(stored.body);
  });
}

/** The bytes of the request's only file part; the whole body is read, so a second file is noticed. */
async function readOneFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === FILE_TOO_LARGE) throw new AppError('payload_too_large', { limitMb: PHOTO_MAX_MB });
    if (typeof code === 'string' && TOO_MANY_PARTS.has(code)) {
      throw new AppError('validation_failed', { field: 'photo' });
    }
    throw error;
  }
  if (!bytes) throw new AppError('validation_failed', { field: 'photo' });
  return bytes;
}
