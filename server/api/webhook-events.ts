import { z } from 'zod';
import { LINK_OUTCOMES, RULE_DEVICES } from '../../src/link-lifecycle.ts';
import { POSTAL_ADDRESS_PARTS } from '../../src/postal-address.ts';
import { LEAD_FIELD_MODES, LEAD_FIELDS } from '../../src/schemas/lead.ts';
import { TEAM_ROLES } from '../../src/teams.ts';
import {
  WEBHOOK_BATCH_INTERVAL_SECONDS,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookDeliveryEvent,
} from '../../src/webhooks.ts';
import { LeadSchema } from './leads.ts';
import { apiSchemas } from './openapi.ts';

// The webhooks' payloads as the document's `webhooks` section (OpenAPI 3.1) describes them: each event's
// body `{ type, timestamp, data }` with `data` as the emitters send it (server/webhooks/delivery.ts queues
// it as JSON). tests/api/webhook-payloads.test.ts checks real deliveries of every event against it.

/** A card as card.created and card.updated send it: its stored columns (server/vcards/service.ts readVcard). */
const WebhookCardSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    company: z.string().nullable(),
    department: z.string().nullable(),
    position: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'The mobile phone.' }),
    work_phone: z.string().nullable(),
    address: z
      .object(Object.fromEntries(POSTAL_ADDRESS_PARTS.map((part) => [part, z.string().nullable()])))
      .nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    photo: z.string().nullable().meta({ description: "The photo's path on this server (null: none)." }),
    social_links: z.array(
      z.object({
        platform: z.string(),
        url: z.string(),
        label: z.string().optional(),
        icon: z.string().optional(),
        username: z.string().optional(),
      }),
    ),
    background_color: z.string(),
    font_color: z.string(),
    icon_color: z.string(),
    design: z.unknown().meta({ description: 'The card design (customBranding); null: never designed.' }),
    leadForm: z.object({
      enabled: z.boolean(),
      fields: z.object(Object.fromEntries(LEAD_FIELDS.map((field) => [field, z.enum(LEAD_FIELD_MODES)]))),
      consentText: z.string().nullable(),
    }),
    version: z.int().meta({ description: 'The `baseVersion` of a PATCH /api/v1/cards/{id}.' }),
    created_at: z.date(),
    updated_at: z.date(),
  })
  .register(apiSchemas, {
    id: 'WebhookCard',
    description: "A card as its row stores it (the REST API's `Card` names the same fields in camelCase).",
  });

/** A link as link.created and link.updated send it: the dashboard's view (server/links/present.ts). */
const WebhookLinkSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    chosen: z.boolean().meta({ description: 'Whether the owner chose the code.' }),
    title: z.string(),
    url: z.string(),
    icon: z.string().nullable(),
    scanCount: z.int(),
    clickCount: z.int(),
    vcardId: z.uuid().nullable().meta({ description: 'The card whose QR code this is (null: none).' }),
    version: z.int(),
    createdAt: z.date(),
    orderIndex: z.int().meta({ description: "A profile link's place among the profile's links." }),
    domain: z.string().nullable(),
    shortUrl: z.string(),
    qrUrl: z.string(),
    lifecycle: z.object({
      enabled: z.boolean(),
      activeFrom: z.date().nullable(),
      activeUntil: z.date().nullable(),
      maxScans: z.int().nullable(),
      scansUsed: z.int(),
      fallbackUrl: z.string().nullable(),
      rules: z.array(
        z.object({
          device: z.enum(RULE_DEVICES).nullable(),
          language: z.string().nullable(),
          url: z.string(),
        }),
      ),
    }),
  })
  .register(apiSchemas, {
    id: 'WebhookLink',
    description: 'A QR code or a profile link (GET /api/v1/qr-codes/{id} or /api/v1/profile-links/{id}).',
  });

const DeletedSchema = z
  .object({ id: z.uuid() })
  .register(apiSchemas, { id: 'WebhookDeleted', description: 'The id of what was deleted or erased.' });

const batchedCounts = {
  since: z.date().meta({ description: 'When the first of these counts was written.' }),
  total: z.int().meta({ description: 'The sum of the items’ counts.' }),
};

const OutcomesSchema = z.object(Object.fromEntries(LINK_OUTCOMES.map((outcome) => [outcome, z.int()]))).meta({
  description:
    'The scans by where the link sent them: `destination` (its URL), `fallback` (its fallback URL, while it ' +
    'was not live) or `rule` (the URL of a device or language rule).',
});

const LinkScanCountsSchema = z
  .object({
    ...batchedCounts,
    items: z.array(
      z.object({
        id: z.uuid(),
        kind: z
          .enum(['qr', 'profile'])
          .nullable()
          .meta({ description: 'A QR code or a profile link; null: deleted since.' }),
        count: z.int(),
        outcomes: OutcomesSchema,
      }),
    ),
  })
  .register(apiSchemas, {
    id: 'LinkScanCounts',
    description: 'The scans of each link since the last delivery.',
  });

const ProfileViewCountsSchema = z
  .object({
    ...batchedCounts,
    items: z.array(
      z.object({
        id: z
          .uuid()
          .nullable()
          .meta({ description: 'The card viewed; null: the profile page without a card.' }),
        count: z.int(),
      }),
    ),
  })
  .register(apiSchemas, {
    id: 'ProfileViewCounts',
    description: 'The views of each card since the last delivery.',
  });

const TeamMemberJoinedSchema = z
  .object({
    team: z.object({ id: z.string(), name: z.string() }),
    member: z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(TEAM_ROLES).nullable(),
      joinedAt: z.date().nullable(),
    }),
  })
  .register(apiSchemas, { id: 'TeamMemberJoined' });

const WebhookTestSchema = z
  .object({ endpointId: z.uuid() })
  .register(apiSchemas, { id: 'WebhookTest', description: 'The endpoint the test was sent to.' });

const batched = `Counted, not sent per visit: every ${WEBHOOK_BATCH_INTERVAL_SECONDS} s, one delivery per endpoint with the counts since the last one.`;

/** Each event: its `data`, and what it tells. */
const EVENTS: Record<WebhookDeliveryEvent, { data: z.ZodType; summary: string; description?: string }> = {
  'card.created': { data: WebhookCardSchema, summary: 'A card was created' },
  'card.updated': { data: WebhookCardSchema, summary: 'A card was changed' },
  'card.deleted': { data: DeletedSchema, summary: 'A card was deleted' },
  'link.created': { data: WebhookLinkSchema, summary: 'A QR code or profile link was created' },
  'link.updated': {
    data: WebhookLinkSchema,
    summary: 'A QR code or profile link was changed',
    description: 'A chosen code, a QR studio design and a change of its lifecycle are changes too.',
  },
  'link.deleted': { data: DeletedSchema, summary: 'A QR code or profile link was deleted' },
  'link.scanned': {
    data: LinkScanCountsSchema,
    summary: 'QR codes were scanned',
    description: `${batched} Each link's scans say where it sent them (\`outcomes\`).`,
  },
  'profile.viewed': { data: ProfileViewCountsSchema, summary: 'Cards were viewed', description: batched },
  'team.member_joined': {
    data: TeamMemberJoinedSchema,
    summary: 'Someone joined the team',
    description: "Sent to the team's endpoints.",
  },
  'lead.created': {
    data: LeadSchema,
    summary: 'A visitor shared their contact on a card',
    description:
      "The lead with its consent receipt, as GET /api/v1/leads/{id} answers it. A team card's goes to the team's endpoints.",
  },
  'lead.erased': {
    data: DeletedSchema,
    summary: 'A lead was erased',
    description:
      'Whenever a lead is erased: the leads page, the REST API, the deletion by age. A `lead.created` not sent yet is then not sent.',
  },
  [WEBHOOK_TEST_EVENT]: {
    data: WebhookTestSchema,
    summary: 'A test event',
    description: '"Send test event" on the webhooks page; no endpoint subscribes to it.',
  },
};

/** `link.scanned` → `LinkScannedEvent`: the name of an event's body among the components. */
function eventSchemaId(event: string): string {
  return `${event
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;
}

/** `link.scanned` → `onLinkScanned`: the operation id of an event (unique beside the paths'). */
function eventOperationId(event: string): string {
  return `on${eventSchemaId(event).replace(/Event$/, '')}`;
}

// each event's body, registered so the document names it (a receiver's types: components['schemas'][…])
for (const [event, { data }] of Object.entries(EVENTS)) {
  z.object({
    type: z.literal(event),
    timestamp: z.date().meta({ description: 'When the event happened.' }),
    data,
  }).register(apiSchemas, { id: eventSchemaId(event) });
}

const SIGNATURE_HEADERS = {
  'webhook-id': {
    description: "The delivery's id (`msg_…`), the same on every try: a receiver drops one it has seen.",
    schema: { type: 'string' },
  },
  'webhook-timestamp': {
    description: 'When this try was signed, in seconds since 1970.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  'webhook-signature': {
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (`whsec_…`): check it with any Standard Webhooks library.",
    schema: { type: 'string' },
  },
};

/** The signature headers as reusable parameters (`components.parameters`). */
export function webhookSignatureParameters(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(SIGNATURE_HEADERS).map(([name, header]) => [
      name,
      { name, in: 'header', required: true, ...header },
    ]),
  );
}

/**
 * The document's `webhooks`: one POST per event to the endpoint's URL, signed per Standard Webhooks, its
 * body the event's component.
 */
export function webhookOperations(): Record<string, object> {
  const events: WebhookDeliveryEvent[] = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];
  return Object.fromEntries(
    events.map((event) => {
      const { summary, description } = EVENTS[event];
      return [
        event,
        {
          post: {
            operationId: eventOperationId(event),
            summary,
            description: [description, 'Signed per Standard Webhooks (https://www.standardwebhooks.com/).']
              .filter(Boolean)
              .join(' '),
            tags: ['webhooks'],
            security: [],
            parameters: Object.keys(SIGNATURE_HEADERS).map((name) => ({
              $ref: `#/components/parameters/${name}`,
            })),
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaId(event)}` } },
              },
            },
            responses: {
              '2XX': { description: 'Received: the delivery is done.' },
              default: {
                description:
                  `Any other answer, a redirect too, or none within ${WEBHOOK_TIMEOUT_SECONDS} s: tried again with ` +
                  `doubling waits for about ${WEBHOOK_RETRY_WINDOW_HOURS} hours.`,
              },
            },
          },
        },
      ];
    }),
  );
}
