import type { IncomingHttpHeaders } from 'node:http';

/**
 * The client address as Fastify determined it (the socket's, or X-Forwarded-For from a trusted proxy
 * only: config TRUST_PROXY). It is the only address header better-auth reads, for rate limits and
 * sessions, and whatever a client sends under this name is replaced.
 */
export const CLIENT_IP_HEADER = 'x-tapcard-client-ip';

/** Node's request headers as Fetch Headers (better-auth reads a Fetch Request), repeated headers kept. */
export function toFetchHeaders(nodeHeaders: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}
