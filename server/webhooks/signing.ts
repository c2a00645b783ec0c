import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks signatures: every request carries webhook-id (the delivery's id,
// the same on every try), webhook-timestamp and webhook-signature, which receivers check with any
// Standard Webhooks library and the endpoint's secret.

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret in the Standard Webhooks form: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The headers of one signed request. */
export function signedHeaders(
  secret: string,
  id: string,
  sentAt: Date,
  body: string,
): Record<string, string> {
  const signature = new Webhook(secret).sign(id, sentAt, body);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
