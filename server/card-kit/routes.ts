import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  SIGNATURE_IMAGES,
  SIGNATURE_UTM_MEDIUM,
  signatureImageFile,
  type SignatureImage,
} from '../../src/card-kit.ts';
import { serverPaths } from '../../src/routes.ts';
import { BackgroundQuerySchema, type BackgroundQuery } from '../../src/schemas/card-kit.ts';
import { DEFAULT_QR_DESIGN, drawQr } from '../../src/qr-design.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { loadSharp } from '../lib/sharp.ts';
import { readPhoto } from '../media/service.ts';
import type { PublicCardAnswers } from '../public-profile/routes.ts';
import { qrPng } from '../qr-images/render.ts';
import { campaignUrl, kitCardOf } from './card.ts';
import { cardBackground, teamBackgroundsZip, type BackgroundOptions } from './service.ts';

// The kit's plain routes:
// - GET /vcard/{id}/signature/{photo.jpg|logo.png|qr.png}: the pictures a signature shows, public like the
//   card's page (a card whose page is not shown answers as its page), each at exactly the size its <img>
//   says (src/card-kit.ts SIGNATURE_IMAGES), on the origin the card's links are printed with.
// - GET /api/card-kit/{id}/background.png?layout&width&lang (signed in, a card they may edit): a background.
// - GET /api/card-kit/team-backgrounds.zip?layout&width&lang (the team's owner and admins): every member's,
//   streamed; `x-background-count` says how many before the first byte.

/** Mail clients fetch a signature's pictures on every message shown: a day in caches (Gmail's proxy too). */
const SIGNATURE_IMAGE_CACHE = 'public, max-age=86400';

const FILES = new Map<string, SignatureImage>(
  (Object.keys(SIGNATURE_IMAGES) as SignatureImage[]).map((image) => [signatureImageFile(image), image]),
);

const CardParams = z.object({ vcardId: z.uuid() });

/**
 * The pictures made lately, by card, file, origin and card version: every message a signature is in asks
 * for them, and a busy signature would otherwise be resized on each (Gmail's proxy caches; other clients
 * fetch them themselves). A team template's new logo, which changes no card's version, shows within the
 * time to live.
 */
const madeImages = new LRUCache<string, Buffer>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (body) => body.length || 1,
  ttl: 10 * 60_000,
});

function backgroundOptions(query: BackgroundQuery): BackgroundOptions {
  return { layout: query.layout, width: query.width as BackgroundOptions['width'], locale: query.lang };
}

function sendImage(reply: FastifyReply, image: SignatureImage, body: Buffer) {
  return reply
    .header('content-type', image === 'photo' ? 'image/jpeg' : 'image/png')
    .header('cache-control', SIGNATURE_IMAGE_CACHE)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export function registerCardKitRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  auth: Auth,
  cards: Pick<PublicCardAnswers, 'shownCardOrAnswer'>,
): void {
  app.get<{ Params: { vcardId: string; file: string } }>(
    `${serverPaths.vcardPage}/:vcardId/signature/:file`,
    async (request, reply) => {
      const image = FILES.get(request.params.file);
      if (!image) throw new AppError('not_found');
      const shown = await cards.shownCardOrAnswer(request, reply);
      if (!shown) return reply;
      const kit = await kitCardOf(deps.db, deps.config.publicUrl, shown.entry.profile);
      const { width, height } = SIGNATURE_IMAGES[image];
      const key = `${kit.vcardId}/${image}/${kit.version}/${kit.origin}`;
      const made = madeImages.get(key);
      if (made) return sendImage(reply, image, made);
      const sharp = await loadSharp();
      let body: Buffer;
      if (image === 'qr') {
        // drawn one pixel a module, then scaled to the size with whole pixels (nearest neighbour): at about
        // two pixels a module, smoothed edges would blur it for a phone's camera
        const drawing = drawQr(campaignUrl(kit, SIGNATURE_UTM_MEDIUM, { scan: true }), DEFAULT_QR_DESIGN, {
          errorCorrection: 'M',
        });
        body = await sharp(await qrPng(drawing, null, drawing.side))
          .resize(width, height, { kernel: 'nearest' })
          .png()
          .toBuffer();
      } else {
        const stored = await readPhoto(deps, image === 'photo' ? kit.photo : kit.logo);
        if (!stored) throw new AppError('not_found');
        const picture = sharp(stored).rotate();
        body =
          image === 'photo'
            ? await picture
                .resize({ width, height, fit: 'cover' })
                .flatten({ background: '#ffffff' })
                .jpeg({ quality: 88, mozjpeg: true })
                .toBuffer()
            : await picture
                .resize({ width, height, fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
                .png()
                .toBuffer();
      }
      madeImages.set(key, body);
      return sendImage(reply, image, body);
    },
  );

  app.get(`${serverPaths.cardKit}/:vcardId/background.png`, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const params = CardParams.safeParse(request.params);
    if (!params.success) throw new AppError('not_found');
    const query = BackgroundQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('validation_failed', { field: 'width' });
    const file = await cardBackground(deps, user.id, params.data.vcardId, backgroundOptions(query.data));
    return reply
      .header('content-type', 'image/png')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  // one ZIP at a time per person and server, as the account export: a second click while one is drawn is
  // refused (rate_limited) rather than drawing every background twice
  const zipping = new Set<string>();
  app.get(serverPaths.teamBackgrounds, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const query = BackgroundQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('validation_failed', { field: 'width' });
    if (zipping.has(user.id)) throw new AppError('rate_limited');
    zipping.add(user.id);
    let zip: Awaited<ReturnType<typeof teamBackgroundsZip>>;
    try {
      zip = await teamBackgroundsZip(deps, user.id, backgroundOptions(query.data));
    } catch (error) {
      zipping.delete(user.id);
      throw error;
    }
    zip.stream.on('close', () => zipping.delete(user.id));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .header('x-background-count', String(zip.count))
      .header('cache-control', 'private, no-store')
      .send(zip.stream);
  });
}
