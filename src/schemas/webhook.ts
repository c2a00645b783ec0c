import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';
import { isHttpUrl } from '../url.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from '../webhooks.ts';

// The webhook endpoint form and the webhooks.* procedures. Whether the URL's host may be
// reached is the server's question, asked when it connects (server/webhooks/target.ts).

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

export const CreateWebhookSchema = z.strictObject({ url, events, description: description.default('') });
export type CreateWebhookValues = z.input<typeof CreateWebhookSchema>;
export type CreateWebhookInput = z.output<typeof CreateWebhookSchema>;

/** A change of an endpoint: what is given changes; enabling a disabled endpoint clears its failure. */
export const UpdateWebhookSchema = z.strictObject({
  id: endpointId,
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookSchema>;

export const WebhookIdSchema = z.strictObject({ id: endpointId });
export type WebhookIdInput = z.infer<typeof WebhookIdSchema>;

export const RedeliverWebhookSchema = z.strictObject({
  id: endpointId,
  deliveryId: singleLineText().min(1).max(100),
});
export type RedeliverWebhookInput = z.infer<typeof RedeliverWebhookSchema>;

/** A page of an endpoint's deliveries, newest first; `cursor` is the last page's `nextCursor`. */
export const WebhookDeliveriesSchema = z.strictObject({
  id: endpointId,
  cursor: singleLineText().max(200).optional(),
});
export type WebhookDeliveriesInput = z.infer<typeof WebhookDeliveriesSchema>;
