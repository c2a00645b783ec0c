import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../server/config.ts';
import type { WebhookEndpointItem } from '../../server/webhooks/service.ts';
import { parseNetworks } from '../../server/lib/address-lists.ts';
import type { HostResolver } from '../../server/webhooks/target.ts';
import type { CreateWebhookValues } from '../../src/schemas/webhook.ts';
import type { WebhookEvent } from '../../src/webhooks.ts';
import { newWebhookSecret } from '../../server/webhooks/signing.ts';
import type { TestApp } from './harness.ts';
import { trpcData, trpcMutate } from './harness.ts';

// Webhooks in tests: loopback allowed (WEBHOOK_ALLOWED_NETWORKS in the test apps' config, for the
// receiver of webhook-receiver.ts), a resolver that answers what a test says, and short retries so a test sees them in seconds.

/** The webhook settings of a test app: loopback allowed, two retries after 1-2 s and 2-4 s. */
export function testWebhooks(overrides: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return {
    allowedNetworks: parseNetworks('127.0.0.1/32'),
    retry: { limit: 2, delaySeconds: 1 },
    batchIntervalSeconds: 1,
    ...overrides,
  };
}

/** A resolver that answers each host with the addresses given, and fails for any other. */
export function fakeResolver(hosts: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const addresses = hosts[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

/** Creates an endpoint through the router (the owner needs apiAccess: a Business plan). */
export async function createEndpoint(
  t: TestApp,
  cookie: string,
  input: CreateWebhookValues,
): Promise<WebhookEndpointItem & { secret: string }> {
  const response = await trpcMutate(t.app, 'webhooks.create', cookie, input);
  if (response.statusCode !== 200)
    throw new Error(`webhooks.create: ${response.statusCode} ${response.body}`);
  return trpcData(response);
}

/**
 * An endpoint of the account written straight to the database (no plan needed), enabled unless told;
 * `url` need not be reachable for a test that sends nothing.
 */
export async function addWebhookEndpoint(
  db: Kysely<Database>,
  accountId: string,
  fields: { url?: string; events?: WebhookEvent[]; enabled?: boolean } = {},
): Promise<{ id: string; secret: string }> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      user_id: accountId,
      url: fields.url ?? 'https://hooks.example/tapcard',
      events: fields.events ?? ['card.created'],
      enabled: fields.enabled ?? true,
      description: '',
      secret: newWebhookSecret(),
    })
    .returning(['id', 'secret'])
    .executeTakeFirstOrThrow();
}

/** Waits until the delivery's row satisfies `done` (the worker runs beside the test). */
export async function waitForDelivery(
  db: Kysely<Database>,
  deliveryId: string,
  done: (row: { status: string; attempts: number }) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    if (done(row)) return row;
    if (Date.now() > deadline)
      throw new Error(`delivery ${deliveryId} stayed ${row.status} (${row.attempts} tries)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The events queued for an endpoint, oldest first, as their deliveries carry them. */
export async function queuedEvents<Data = { id: string }>(
  db: Kysely<Database>,
  endpointId: string,
): Promise<{ type: string; data: Data }[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('payload')
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(({ payload }) => {
    const { type, data } = payload as { type: string; data: Data };
    return { type, data };
  });
}
