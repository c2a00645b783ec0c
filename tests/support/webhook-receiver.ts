import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on loopback, for the API tests and the E2E specs alike (nothing here may import
// vitest, Playwright or the server).

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

/** What the receiver answers a request with, in place of its plain 500 or 204. */
export interface ReceiverAnswer {
  status: number;
  body?: string | Buffer;
}

/**
 * A webhook receiver on loopback; it answers 500 to its first `failFirst` requests, then 204, or the n-th
 * request with `answers[n]` where that is given. The first `silentFirst` requests are read and never
 * answered (a sender that dies meanwhile); they are not in `received`.
 */
export async function startWebhookReceiver({
  failFirst = 0,
  silentFirst = 0,
  answers = [] as readonly ReceiverAnswer[],
} = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let silenced = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (silenced < silentFirst) {
        silenced += 1;
        return;
      }
      const answer = answers[received.length] ?? { status: received.length < failFirst ? 500 : 204 };
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        status: answer.status,
      });
      response.writeHead(answer.status).end(answer.body);
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
