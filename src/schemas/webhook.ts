import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { AccountOwnerSchema } from '../teams.ts';
import { singleLineText } from '../text.ts';
import { isHttpUrl } from '../url.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from '../webhooks.ts';
import { baseVersion } from './edit-version.ts';

// The webhook endpoint form and the webhooks.* procedures. Whether the URL's host may be
// reached is the server's question, asked when an endpoint is saved and again on each request
// (server/webhooks/target.ts). Every procedure
// takes whose endpoints (`owner`: the person's, or their team's for its owner and admins), as API keys do.

const url = singleLineText()
  .min(1, { error: M.webhookUrlRequired, abort: true })
  .max(WEBHOOK_URL_MAX_LENGTH, M.webhookUrlTooLong)
  .refine((value) => URL.canParse(value), M.webhookUrlInvalid)
  .refine((value) => !URL.canParse(value) || isHttpUrl(value), M.urlScheme);

const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, M.webhookEventRequired)
  .refine((chosen) => new Set(chosen).size === chosen.length, M.invalid);

const description = singleLineText().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, M.webhookDescriptionTooLong);

const endpointId = z.uuid();

/** The endpoint form: what it edits of an endpoint (and `baseVersion`, the version an edit started from). */
export const WebhookFormSchema = z.strictObject({
  url,
  events,
  description: description.default(''),
  baseVersion: baseVersion.optional(),
});
export type WebhookFormValues = z.input<typeof WebhookFormSchema>;

export const ListWebhooksSchema = z.strictObject({ owner: AccountOwnerSchema }).default({ owner: 'user' });
export type ListWebhooksInput = z.output<typeof ListWebhooksSchema>;

export const CreateWebhookSchema = WebhookFormSchema.omit({ baseVersion: true }).extend({
  owner: AccountOwnerSchema,
});
export type CreateWebhookValues = z.input<typeof CreateWebhookSchema>;
export type CreateWebhookInput = z.output<typeof CreateWebhookSchema>;

/**
 * A change of an endpoint from `baseVersion`: what is given changes; enabling a disabled endpoint clears
 * its failure.
 */
export const UpdateWebhookSchema = z.strictObject({
  owner: AccountOwnerSchema,
  id: endpointId,
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
  baseVersion,
});
export type UpdateWebhookInput = z.output<typeof UpdateWebhookSchema>;

export const WebhookIdSchema = z.strictObject({ owner: AccountOwnerSchema, id: endpointId });
export type WebhookIdInput = z.output<typeof WebhookIdSchema>;

export const RedeliverWebhookSchema = z.strictObject({
  owner: AccountOwnerSchema,
  id: endpointId,
  deliveryId: singleLineText().min(1).max(100),
});
export type RedeliverWebhookInput = z.output<typeof RedeliverWebhookSchema>;

/** One delivery of an endpoint, as its log opens it (the body sent and each try). */
export const WebhookDeliverySchema = RedeliverWebhookSchema;
export type WebhookDeliveryInput = z.output<typeof WebhookDeliverySchema>;

/**
 * A page of an endpoint's deliveries, newest first: after `cursor` (the last page's `nextCursor`), or with
 * `from` every delivery from the newest down to that cursor's delivery (a log that keeps the range it
 * loaded while new deliveries come in).
 */
export const WebhookDeliveriesSchema = z
  .strictObject({
    owner: AccountOwnerSchema,
    id: endpointId,
    cursor: singleLineText().max(200).optional(),
    from: singleLineText().max(200).optional(),
  })
  .refine((input) => input.cursor === undefined || input.from === undefined, {
    message: M.invalid,
    path: ['from'],
  });
export type WebhookDeliveriesInput = z.output<typeof WebhookDeliveriesSchema>;
