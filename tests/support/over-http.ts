import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { TestApp } from './harness.ts';

// A test app listening on loopback, asked over real HTTP: what the fast lanes answer beneath Fastify
// (server/lib/fast-lane.ts) is reached only so, as app.inject() never reaches the server.

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ListeningApp {
  /** Where it listens: `http://{host}:{port}`. */
  origin: string;
  /** One request, exactly with these headers (fetch would add its own), and a body when given one. */
  send(path: string, headers?: Record<string, string>, method?: string, body?: string): Promise<HttpAnswer>;
  /** Every request that reached Fastify's hooks, by URL: the ones no lane answered. */
  reachedFastify: string[];
}

/** Starts `t` listening on `host` (port chosen by the system), noting each request Fastify sees. */
export async function listenOverHttp(t: TestApp, host = '127.0.0.1'): Promise<ListeningApp> {
  const reachedFastify: string[] = [];
  t.app.addHook('onRequest', (request, _reply, done) => {
    reachedFastify.push(request.url);
    done();
  });
  await t.app.listen({ port: 0, host });
  const origin = `http://${host}:${(t.app.server.address() as AddressInfo).port}`;
  const send = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const outgoing = httpRequest(`${origin}${path}`, { method, headers, agent: false }, (response) =>
        readAnswer(response).then(resolve, reject),
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { origin, send, reachedFastify };
}

/** An answer as it arrives, whole. */
async function readAnswer(response: IncomingMessage): Promise<HttpAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
}

/** An answer's headers but the clock's. */
export function headersBesideDate(answer: HttpAnswer): IncomingHttpHeaders {
  const { date: _date, ...headers } = answer.headers;
  return headers;
}

/** An answer's body as text, unzipped when it came gzipped. */
export function textOf(answer: HttpAnswer): string {
  return (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
}

/**
 * Sends `body` to `url` as a client on a network does: a megabyte at a time, each once the last has left,
 * whatever the server answers meanwhile (a browser's XMLHttpRequest, Python's http.client). Resolves with
 * the answer once every byte was sent and the answer read; rejects when the connection breaks under the
 * upload (a reset, "broken pipe").
 */
export async function uploadOverHttp(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<HttpAnswer> {
  const outgoing = httpRequest(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(body.length) },
    agent: false,
  });
  const answer = new Promise<HttpAnswer>((resolve, reject) =>
    outgoing.on('response', (response) => readAnswer(response).then(resolve, reject)),
  );
  const broken = new Promise<never>((_resolve, reject) => outgoing.on('error', reject));
  const sending = (async () => {
    for (let start = 0; start < body.length; start += 1024 * 1024) {
      const written = new Promise<void>((resolve) =>
        outgoing.write(body.subarray(start, start + 1024 * 1024), () => resolve()),
      );
      await Promise.race([written, broken]);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise<void>((resolve) => outgoing.end(resolve));
  })();
  const [received] = await Promise.race([Promise.all([answer, sending]), broken]);
  return received;
}
