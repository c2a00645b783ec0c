import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkIdSchema, QrCodeFormSchema } from '../../src/schemas/link.ts';
import { editLink } from '../links/edit.ts';
import { createQrCode, deleteLink, listQrCodes } from '../links/service.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { IdempotencyHeadersSchema, withIdempotency } from './idempotency.ts';
import {
  LinkSchema,
  patchableLinkValues,
  presentLink,
  readLink,
  UpdateQrCodeBodySchema,
} from './link-view.ts';
import { keepPatchBody, PATCH_DESCRIPTION, patchBodySchema, patchedValues } from './merge-patch.ts';
import { problemResponses } from './openapi.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/qr-codes: the account's QR codes (short links with a QR code), through the links.* procedures'
// services and schemas.

const CreateQrCodeSchema = QrCodeFormSchema.omit({ baseVersion: true }).strict();
const QrCodeParamsSchema = LinkIdSchema.strict();

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
        response: { 200: pageSchema(LinkSchema), ...problemResponses() },
      },
    },
    async (request) => {
      const { items } = await listQrCodes(serviceContextOf(deps, request));
      const page = pageOf(items, (link) => [link.createdAt.toISOString()], 'desc', request.query);
      return { ...page, items: page.items.map(presentLink) };
    },
  );

  api.get(
    '/qr-codes/:id',
    {
      schema: {
        tags,
        summary: 'Get a QR code',
        params: QrCodeParamsSchema,
        response: { 200: LinkSchema, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      presentLink(await readLink(deps, serviceContextOf(deps, request).user.id, request.params.id, 'qr')),
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
          201: LinkSchema,
          ...problemResponses(
            'plan_required',
            'limit_reached',
            'payload_too_large',
            'link_code_taken',
            'domain_unusable',
            'idempotency_key_reused',
            'conflict',
          ),
        },
      },
    },
    async (request, reply) =>
      withIdempotency(deps, request, reply, async () => ({
        status: 201,
        body: presentLink(await createQrCode(serviceContextOf(deps, request), request.body)),
      })),
  );

  api.patch(
    '/qr-codes/:id',
    {
      preValidation: keepPatchBody,
      schema: {
        tags,
        summary:
          'Change some fields of a QR code: details, schedule, limit, fallback, rules, on or off (its code stays)',
        description: PATCH_DESCRIPTION,
        params: QrCodeParamsSchema,
        body: patchBodySchema(UpdateQrCodeBodySchema),
        response: {
          200: LinkSchema,
          ...problemResponses(
            'not_found',
            'edit_conflict',
            'link_managed_by_vcard',
            'domain_unusable',
            'scan_limit_below_used',
            'plan_required',
            'payload_too_large',
          ),
        },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(deps, request);
      const { id } = request.params;
      const stored = await readLink(deps, ctx.user.id, id, 'qr');
      const current = {
        ...patchableLinkValues(stored),
        icon: stored.icon ?? '',
        domain: stored.domain ?? '',
      };
      const patched = patchedValues(UpdateQrCodeBodySchema, current, stored.version, request);
      const { baseVersion, title, url, icon, domain, enabled, ...lifecycle } = patched;
      return presentLink(
        await editLink(ctx, {
          id,
          kind: 'qr',
          baseVersion,
          details: { title, url, icon, domain },
          lifecycle,
          enabled,
        }),
      );
    },
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
      await readLink(deps, ctx.user.id, request.params.id, 'qr');
      await deleteLink(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
