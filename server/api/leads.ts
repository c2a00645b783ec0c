import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../src/i18n.ts';
import { LEAD_FIELDS } from '../../src/schemas/lead.ts';
import { DELETED_CARDS, LeadFilterSchema, LeadIdSchema } from '../../src/schemas/lead-list.ts';
import { isLeadPositionTime, leadsAfter, presentLead, type LeadPosition } from '../leads/records.ts';
import { eraseLead, getLead, ownLeads } from '../leads/service.ts';
import { serviceContextOf, type ApiDeps } from './context.ts';
import { apiSchemas, problemResponses } from './openapi.ts';
import { encodeCursor, invalidCursor, PageQuerySchema, pageSchema, pageWith } from './pagination.ts';

// /api/v1/leads: the contacts visitors shared back on the key's account's cards (a team's key: the team's
// cards', as the team leads page; a person's key: their own cards', as the leads page), through the leads.*
// procedures' services and filters. The Lead is the lead.created webhook's data too (server/leads/records.ts).

export const LeadSchema = z
  .object({
    id: z.uuid(),
    vcardId: z
      .uuid()
      .nullable()
      .meta({ description: 'The card it was left on; null once that card was deleted.' }),
    cardName: z
      .string()
      .meta({ description: "The card's name when the lead was left (kept when the card is deleted)." }),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    note: z.string().nullable(),
    fieldsGiven: z.array(z.enum(LEAD_FIELDS)).meta({ description: 'The fields the visitor filled in.' }),
    createdAt: z.date(),
    consent: z
      .object({
        text: z.string().meta({ description: 'The consent text exactly as the card page showed it.' }),
        language: z.enum(LOCALES).meta({ description: 'The language of the page the visitor saw.' }),
        acceptedAt: z.date(),
      })
      .meta({ description: 'The consent receipt: what the visitor ticked, in which language, and when.' }),
  })
  .register(apiSchemas, { id: 'Lead' });

const { shape } = LeadFilterSchema;
/** The leads page's filters (leads.list), each a query parameter, and the page. */
const LeadsQuerySchema = LeadFilterSchema.safeExtend({
  search: shape.search.meta({
    description: 'Words found in the name, e-mail, phone, company or note, in any case.',
  }),
  vcardId: shape.vcardId.meta({
    description: `One card's leads, or \`${DELETED_CARDS}\`: those of cards deleted since.`,
  }),
  from: shape.from.meta({ description: 'The first day (YYYY-MM-DD) in `timeZone`, included.' }),
  to: shape.to.meta({ description: 'The last day (YYYY-MM-DD) in `timeZone`, included.' }),
  timeZone: shape.timeZone.meta({ description: 'The IANA time zone of `from` and `to`; UTC by default.' }),
  ...PageQuerySchema.shape,
}).strict();

const LeadParamsSchema = LeadIdSchema.strict();

/** The place a leads cursor names: [time to the microsecond, id] (leadsAfter); any other is refused. */
function leadPositionOf(cursor: readonly (string | number)[]): LeadPosition {
  const [time, id, ...rest] = cursor;
  if (
    rest.length === 0 &&
    typeof time === 'string' &&
    isLeadPositionTime(time) &&
    z.uuid().safeParse(id).success
  ) {
    return [time, id as string];
  }
  throw invalidCursor(cursor);
}

export function registerLeadRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  api.get(
    '/leads',
    {
      schema: {
        tags,
        summary: 'List leads (newest first)',
        description:
          "A team's key lists the leads left on the team's cards; a person's key, those of the person's own cards.",
        querystring: LeadsQuerySchema,
        response: { 200: pageSchema(LeadSchema), ...problemResponses() },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      const after = cursor === undefined ? null : leadPositionOf(cursor);
      const found = await leadsAfter(ownLeads(serviceContextOf(deps, request)), { filter, after, limit });
      const last = found.items.at(-1);
      return pageWith(
        found.items.map(({ lead }) => presentLead(lead)),
        found.more && last ? encodeCursor(last.position) : null,
      );
    },
  );

  api.get(
    '/leads/:id',
    {
      schema: {
        tags,
        summary: 'Get a lead with its consent receipt',
        params: LeadParamsSchema,
        response: { 200: LeadSchema, ...problemResponses('not_found') },
      },
    },
    async (request) => presentLead(await getLead(ownLeads(serviceContextOf(deps, request)), request.params)),
  );

  api.delete(
    '/leads/:id',
    {
      schema: {
        tags,
        summary: 'Erase a lead',
        description:
          'Deletes the lead and its consent receipt, as the leads page erases one, and sends `lead.erased`.',
        params: LeadParamsSchema,
        response: { 204: z.null(), ...problemResponses('not_found') },
      },
    },
    async (request, reply) => {
      await eraseLead(ownLeads(serviceContextOf(deps, request)), request.params);
      return reply.status(204).send(null);
    },
  );
}
