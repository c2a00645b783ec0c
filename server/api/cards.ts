import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardContactSchema, contactOfStored } from '../../src/card-columns.ts';
import { POSTAL_ADDRESS_PARTS } from '../../src/postal-address.ts';
import { LEAD_FIELD_MODES, LEAD_FIELDS } from '../../src/schemas/lead.ts';
import {
  colour,
  DEFAULT_CARD_COLOURS,
  emptySocialLinks,
  UpdateVcardSchema,
  VcardFormSchema,
  VcardIdSchema,
} from '../../src/schemas/vcard.ts';
import { OTHER_PLATFORM, SOCIAL_PLATFORMS } from '../../src/social-profiles.ts';
import { cardAccount } from '../access/team-access.ts';
import { createVcard, deleteVcard, editVcard, getEditedVcard, listVcards } from '../vcards/service.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { withIdempotency, IdempotencyHeadersSchema } from './idempotency.ts';
import { apiSchemas, problemResponses } from './openapi.ts';
import { keepPatchBody, PATCH_DESCRIPTION, patchBodySchema, patchedValues } from './merge-patch.ts';
import { pageOf, PageQuerySchema, pageSchema } from './pagination.ts';

// /api/v1/cards: the vCards of the key's account, through the vcards.* procedures' services and schemas.

const CardSchema = z
  .object({
    id: z.uuid(),
    ...CardContactSchema.shape,
    address: z
      .object(Object.fromEntries(POSTAL_ADDRESS_PARTS.map((part) => [part, z.string().nullable()])))
      .nullable(),
    socialLinks: z.array(
      z.object({
        platform: z.string().meta({ examples: [...SOCIAL_PLATFORMS, OTHER_PLATFORM] }),
        url: z.string(),
        label: z.string().optional(),
      }),
    ),
    leadForm: z
      .object({
        enabled: z.boolean(),
        fields: z.object(Object.fromEntries(LEAD_FIELDS.map((field) => [field, z.enum(LEAD_FIELD_MODES)]))),
        consentText: z.string().nullable(),
      })
      .meta({
        description:
          "The card page's \"Share your contact back\" form: whether it shows, how each field shows, and the consent text (null: the product's default, in the page's language). Left out of a create: off.",
      }),
    draft: z.boolean().meta({
      description:
        "A team's card made for someone invited who has not joined yet: not public (no page, .vcf, directory entry or wallet pass) until they join or an admin publishes it.",
    }),
    version: z.int().meta({ description: 'The `baseVersion` of a PATCH.' }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .register(apiSchemas, { id: 'Card' });

/**
 * A new card: the vCard form's fields (the dashboard's vcards.create), from a name alone: blank fields, no
 * social links or photo, and spec section 9's colours where left out.
 */
const CreateCardSchema = VcardFormSchema.omit({ baseVersion: true })
  .extend({
    socialLinks: VcardFormSchema.shape.socialLinks.prefault(emptySocialLinks()),
    photo: VcardFormSchema.shape.photo.default(null),
    backgroundColour: colour.prefault(DEFAULT_CARD_COLOURS.backgroundColour),
    fontColour: colour.prefault(DEFAULT_CARD_COLOURS.fontColour),
    iconColour: colour.prefault(DEFAULT_CARD_COLOURS.iconColour),
  })
  .strict();
/** The card as edited (vcards.update), from `baseVersion` when the patch sends one. */
const UpdateCardSchema = UpdateVcardSchema.omit({ id: true }).strict();
const CardParamsSchema = VcardIdSchema.strict();

type CardRow = Awaited<ReturnType<typeof getEditedVcard>>;

/** A card row as the REST API shows it: the form's names, not the columns'. */
function presentCard(row: CardRow): z.output<typeof CardSchema> {
  return {
    id: row.id,
    ...contactOfStored(row),
    leadForm: row.leadForm,
    draft: row.draft,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function registerCardRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['cards'];

  api.get(
    '/cards',
    {
      schema: {
        tags,
        summary: 'List cards (oldest first)',
        querystring: PageQuerySchema,
        response: { 200: pageSchema(CardSchema), ...problemResponses() },
      },
    },
    async (request) => {
      const { vcards } = await listVcards(serviceContextOf(deps, request));
      const page = pageOf(vcards, (card) => [card.created_at.toISOString()], 'asc', request.query);
      return { ...page, items: page.items.map(presentCard) };
    },
  );

  api.get(
    '/cards/:id',
    {
      schema: {
        tags,
        summary: 'Get a card',
        params: CardParamsSchema,
        response: { 200: CardSchema, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(deps, request);
      const { id } = request.params;
      return presentCard(await getEditedVcard(ctx, await cardAccount(ctx.db, ctx.user.id, id, 'edit'), id));
    },
  );

  api.post(
    '/cards',
    {
      schema: {
        tags,
        summary: 'Create a card',
        headers: IdempotencyHeadersSchema,
        body: CreateCardSchema,
        response: {
          201: CardSchema,
          ...problemResponses('limit_reached', 'idempotency_key_reused', 'conflict', 'payload_too_large'),
        },
      },
    },
    async (request, reply) =>
      withIdempotency(deps, request, reply, async () => {
        const ctx = serviceContextOf(deps, request);
        const { id } = await createVcard(ctx, request.body);
        return { status: 201, body: presentCard(await getEditedVcard(ctx, ctx.user.id, id)) };
      }),
  );

  api.patch(
    '/cards/:id',
    {
      preValidation: keepPatchBody,
      schema: {
        tags,
        summary: 'Change some fields of a card',
        description: PATCH_DESCRIPTION,
        params: CardParamsSchema,
        body: patchBodySchema(UpdateCardSchema),
        response: {
          200: CardSchema,
          ...problemResponses('not_found', 'edit_conflict', 'field_locked', 'payload_too_large'),
        },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(deps, request);
      const { id } = request.params;
      const account = await cardAccount(ctx.db, ctx.user.id, id, 'edit');
      return presentCard(
        await editVcard(ctx, account, id, (stored, version) =>
          patchedValues(UpdateCardSchema, stored, version, request),
        ),
      );
    },
  );

  api.delete(
    '/cards/:id',
    {
      schema: {
        tags,
        summary: 'Delete a card',
        params: CardParamsSchema,
        response: { 204: z.null(), ...problemResponses('not_found', 'team_role_required') },
      },
    },
    async (request, reply) => {
      const ctx = serviceContextOf(deps, request);
      const { id } = request.params;
      await deleteVcard(ctx, await cardAccount(ctx.db, ctx.user.id, id, 'manage'), id);
      return reply.status(204).send(null);
    },
  );
}
