import {
  CreateWebhookSchema,
  RedeliverWebhookSchema,
  UpdateWebhookSchema,
  WebhookDeliveriesSchema,
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
  webhookSecret,
} from './service.ts';

// What sends requests needs apiAccess (a new endpoint, a change, a test, a redelivery); an account whose
// Business plan ended still sees its endpoints and their log, and deletes them.
const gated = authedProcedure.meta({ feature: 'apiAccess' });

export const webhooksRouter = router({
  list: authedProcedure.query(({ ctx }) => listWebhooks(ctx)),
  create: gated.input(CreateWebhookSchema).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  update: gated.input(UpdateWebhookSchema).mutation(({ ctx, input }) => updateWebhook(ctx, input)),
  delete: authedProcedure.input(WebhookIdSchema).mutation(({ ctx, input }) => deleteWebhook(ctx, input)),
  secret: authedProcedure.input(WebhookIdSchema).query(({ ctx, input }) => webhookSecret(ctx, input)),
  rotateSecret: gated.input(WebhookIdSchema).mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input)),
  sendTest: gated.input(WebhookIdSchema).mutation(({ ctx, input }) => sendTestWebhook(ctx, input)),
  redeliver: gated.input(RedeliverWebhookSchema).mutation(({ ctx, input }) => redeliverWebhook(ctx, input)),
  deliveries: authedProcedure
    .input(WebhookDeliveriesSchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),
});
