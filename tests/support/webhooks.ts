import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../server/config.ts';
import type { WebhookEndpointItem } from '../../server/webhooks/service.ts';
import { parseNetworks, type HostResolver } from '../../server/webhooks/target.ts';
import type { CreateWebhookValues } from '../../src/schemas/webhook.ts';
import type { TestApp } from './harness.ts';
import { trpcData, trpcMutate } from './harness.ts';

// Webhooks in tests: a receiver on loopback (allowed through WEBHOOK_ALLOWED_NETWORKS in the test apps'
// config), a resolver that answers what a test says, and short retries so a test sees them in seconds.

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

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hook */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The requests answered with 2xx. */
  accepted(): ReceivedWebhook[];
  /** Resolves once `count` requests were answered 2xx (already or later). */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A webhook receiver on loopback; it answers 500 to its first `failFirst` requests, then 204. */
export async function startWebhookReceiver({ failFirst = 0 } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = received.length < failFirst ? 500 : 204;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), status });
      response.writeHead(status).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const accepted = () => received.filter(({ status }) => status < 300);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    accepted,
    waitForAccepted(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accepted().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(accepted());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${accepted().length} of ${count} deliveries`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
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
