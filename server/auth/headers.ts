import type { IncomingHttpHeaders } from 'node:http';

/** Node's request headers as Fetch Headers (better-auth reads a Fetch Request), repeated headers kept. */
export function toFetchHeaders(nodeHeaders: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}
