import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkIdSchema, QrCodeFormSchema, UpdateQrCodeSchema } from '../../src/schemas/link.ts';
import { AppError } from '../lib/errors.ts';
import { createQrCode, deleteLink, listQrCodes, updateQrCode, type LinkView } from '../links/service.ts';
import { readLinkRecord } from '../links/present.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { IdempotencyHeadersSchema, withIdempotency } from './idempotency.ts';
import { apiSchemas, problemResponses } from './openapi.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/qr-codes: the account's QR codes (short links with a QR code), through the links.* procedures'
// services and schemas.

const QrCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string().meta({ description: 'The code the link is printed with (/l/{code}).' }),
    chosen: z.boolean(),
    title: z.string(),
    url: z.string(),
    icon: z.string().nullable(),
    scanCount: z.int(),
    clickCount: z.int(),
    vcardId: z
      .uuid()
      .nullable()
      .meta({ description: 'The card whose QR code this is (it follows its card).' }),
    version: z.int().meta({ description: 'The `baseVersion` of a PATCH.' }),
    createdAt: z.date(),
    shortUrl: z.string(),
    qrUrl: z.string().meta({ description: 'What the QR code encodes.' }),
  })
  .register(apiSchemas, { id: 'QrCode' });

const CreateQrCodeSchema = QrCodeFormSchema.omit({ baseVersion: true }).strict();
const UpdateQrCodeBodySchema = UpdateQrCodeSchema.omit({ id: true }).strict();
const QrCodeParamsSchema = LinkIdSchema.strict();

/** The REST shape of a link view (the dashboard's, without the studio's design). */
function presentQrCode(link: LinkView): z.output<typeof QrCodeSchema> {
  const { id, code, chosen, title, url, icon, scanCount, clickCount, vcardId, version, createdAt } = link;
  const { shortUrl, qrUrl } = link;
  return {
    id,
    code,
    chosen,
    title,
    url,
    icon,
    scanCount,
    clickCount,
    vcardId,
    version,
    createdAt,
    shortUrl,
    qrUrl,
  };
}

/** One of the account's QR codes; a profile link's id, or another account's, is not found. */
async function readQrCode(deps: ApiDeps, userId: string, id: string): Promise<LinkView> {
  const link = await readLinkRecord(deps.db, deps.config.publicUrl, userId, id, 'qr');
  if (!link) throw new AppError('not_found');
  return link;
}

export function registerQrCodeRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['qr-codes'];

  api.get(
    '/qr-codes',
    {
      schema: {
        tags,
        summary: 'List QR codes (newest first)',
        querystring: PageQuerySchema,
        response: { 200: pageSchema(QrCodeSchema), ...problemResponses() },
      },
    },
    async (request) => {
      const { items } = await listQrCodes(serviceContextOf(deps, request));
      const page = pageOf(items, (link) => link.createdAt.toISOString(), 'desc', request.query);
      return { ...page, items: page.items.map(presentQrCode) };
    },
  );

  api.get(
    '/qr-codes/:id',
    {
      schema: {
        tags,
        summary: 'Get a QR code',
        params: QrCodeParamsSchema,
        response: { 200: QrCodeSchema, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      presentQrCode(await readQrCode(deps, serviceContextOf(deps, request).user.id, request.params.id)),
  );

  api.post(
    '/qr-codes',
    {
      schema: {
        tags,
        summary: 'Create a QR code',
        headers: IdempotencyHeadersSchema,
        body: CreateQrCodeSchema,
        response: {
          201: QrCodeSchema,
          ...problemResponses(
            'plan_required',
            'limit_reached',
            'payload_too_large',
            'link_code_taken',
            'idempotency_key_reused',
            'conflict',
          ),
        },
      },
    },
    async (request, reply) =>
      withIdempotency(deps, request, reply, async () => ({
        status: 201,
        body: presentQrCode(await createQrCode(serviceContextOf(deps, request), request.body)),
      })),
  );

  api.patch(
    '/qr-codes/:id',
    {
      schema: {
        tags,
        summary: 'Save a QR code edited from `baseVersion` (its code stays)',
        params: QrCodeParamsSchema,
        body: UpdateQrCodeBodySchema,
        response: {
          200: QrCodeSchema,
          ...problemResponses('not_found', 'edit_conflict', 'link_managed_by_vcard', 'payload_too_large'),
        },
      },
    },
    async (request) =>
      presentQrCode(
        await updateQrCode(serviceContextOf(deps, request), { ...request.body, id: request.params.id }),
      ),
  );

  api.delete(
    '/qr-codes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a QR code',
        params: QrCodeParamsSchema,
        response: { 204: z.null(), ...problemResponses('not_found', 'link_managed_by_vcard') },
      },
    },
    async (request, reply) => {
      const ctx = serviceContextOf(deps, request);
      // the links procedure deletes either kind; this path only QR codes
      await readQrCode(deps, ctx.user.id, request.params.id);
      await deleteLink(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
