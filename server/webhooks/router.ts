import {
  CreateWebhookSchema,
  ListWebhooksSchema,
  RedeliverWebhookSchema,
  UpdateWebhookSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookIdSchema,
} from '../../src/schemas/webhook.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  webhookDelivery,
  webhookSecret,
} from './service.ts';

// Each procedure takes whose endpoints (`owner`). What sends requests needs apiAccess of the account it is
// for (a team's is its owner's plan: the service checks it, as a procedure's meta knows only the caller's
// own plan).
export const webhooksRouter = router({
  list: authedProcedure.input(ListWebhooksSchema).query(({ ctx, input }) => listWebhooks(ctx, input)),
  create: authedProcedure.input(CreateWebhookSchema).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  update: authedProcedure
    .meta({ edits: 'webhook' })
    .input(UpdateWebhookSchema)
    .mutation(({ ctx, input }) => updateWebhook(ctx, input)),
  delete: authedProcedure.input(WebhookIdSchema).mutation(({ ctx, input }) => deleteWebhook(ctx, input)),
  secret: authedProcedure.input(WebhookIdSchema).query(({ ctx, input }) => webhookSecret(ctx, input)),
  rotateSecret: authedProcedure
    .input(WebhookIdSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input)),
  sendTest: authedProcedure.input(WebhookIdSchema).mutation(({ ctx, input }) => sendTestWebhook(ctx, input)),
  redeliver: authedProcedure
    .input(RedeliverWebhookSchema)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx, input)),
  deliveries: authedProcedure
    .input(WebhookDeliveriesSchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),
  delivery: authedProcedure
    .input(WebhookDeliverySchema)
    .query(({ ctx, input }) => webhookDelivery(ctx, input)),
});
