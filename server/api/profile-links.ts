import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkIdSchema, ProfileLinkFormSchema, ReorderLinksSchema } from '../../src/schemas/link.ts';
import { editLink } from '../links/edit.ts';
import { createProfileLink, deleteLink, listProfileLinks, reorderProfileLinks } from '../links/service.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { IdempotencyHeadersSchema, withIdempotency } from './idempotency.ts';
import {
  LinkSchema,
  patchableLinkValues,
  presentLink,
  readLink,
  UpdateProfileLinkBodySchema,
} from './link-view.ts';
import { keepPatchBody, PATCH_DESCRIPTION, patchBodySchema, patchedValues } from './merge-patch.ts';
import { problemResponses } from './openapi.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/profile-links: the links of the account's public profile, in their order there, through the
// links.* procedures' services and schemas.

const CreateProfileLinkSchema = ProfileLinkFormSchema.omit({ baseVersion: true }).strict();
const ProfileLinkParamsSchema = LinkIdSchema.strict();

export function registerProfileLinkRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile-links'];

  api.get(
    '/profile-links',
    {
      schema: {
        tags,
        summary: 'List profile links in their order on the profile',
        description:
          "The cursor is the last link's place in that order (its keys, not its number in the list): a link " +
          'deleted from an earlier page skips nothing; a reorder between two pages may list a link twice or not at all.',
        querystring: PageQuerySchema,
        response: { 200: pageSchema(LinkSchema), ...problemResponses() },
      },
    },
    async (request) => {
      const { items } = await listProfileLinks(serviceContextOf(deps, request));
      // the service's order: the profile's order, then creation
      const page = pageOf(
        items,
        (link) => [link.orderIndex, link.createdAt.toISOString()],
        'asc',
        request.query,
      );
      return { ...page, items: page.items.map(presentLink) };
    },
  );

  api.get(
    '/profile-links/:id',
    {
      schema: {
        tags,
        summary: 'Get a profile link',
        params: ProfileLinkParamsSchema,
        response: { 200: LinkSchema, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      presentLink(
        await readLink(deps, serviceContextOf(deps, request).user.id, request.params.id, 'profile'),
      ),
  );

  api.post(
    '/profile-links',
    {
      schema: {
        tags,
        summary: 'Add a profile link (last in the order)',
        headers: IdempotencyHeadersSchema,
        body: CreateProfileLinkSchema,
        response: {
          201: LinkSchema,
          ...problemResponses('limit_reached', 'idempotency_key_reused', 'conflict', 'payload_too_large'),
        },
      },
    },
    async (request, reply) =>
      withIdempotency(deps, request, reply, async () => ({
        status: 201,
        body: presentLink(await createProfileLink(serviceContextOf(deps, request), request.body)),
      })),
  );

  api.patch(
    '/profile-links/:id',
    {
      preValidation: keepPatchBody,
      schema: {
        tags,
        summary:
          'Change some fields of a profile link: title, URL, schedule, limit, fallback, rules, on or off (its code stays)',
        description: PATCH_DESCRIPTION,
        params: ProfileLinkParamsSchema,
        body: patchBodySchema(UpdateProfileLinkBodySchema),
        response: {
          200: LinkSchema,
          ...problemResponses('not_found', 'edit_conflict', 'scan_limit_below_used', 'payload_too_large'),
        },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(deps, request);
      const { id } = request.params;
      const stored = await readLink(deps, ctx.user.id, id, 'profile');
      const patched = patchedValues(
        UpdateProfileLinkBodySchema,
        patchableLinkValues(stored),
        stored.version,
        request,
      );
      const { baseVersion, title, url, enabled, ...lifecycle } = patched;
      return presentLink(
        await editLink(ctx, {
          id,
          kind: 'profile',
          baseVersion,
          details: { title, url },
          lifecycle,
          enabled,
        }),
      );
    },
  );

  api.delete(
    '/profile-links/:id',
    {
      schema: {
        tags,
        summary: 'Delete a profile link',
        params: ProfileLinkParamsSchema,
        response: { 204: z.null(), ...problemResponses('not_found') },
      },
    },
    async (request, reply) => {
      const ctx = serviceContextOf(deps, request);
      // the links procedure deletes either kind; this path only profile links
      await readLink(deps, ctx.user.id, request.params.id, 'profile');
      await deleteLink(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/profile-links/order',
    {
      schema: {
        tags,
        summary: 'Put the profile links in a new order',
        description: 'Every profile link id of the account, each once, first to last.',
        body: ReorderLinksSchema.strict(),
        response: { 204: z.null(), ...problemResponses('not_found', 'payload_too_large') },
      },
    },
    async (request, reply) => {
      await reorderProfileLinks(serviceContextOf(deps, request), request.body);
      return reply.status(204).send(null);
    },
  );
}
