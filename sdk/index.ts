import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './tapcard-api.d.ts';

// The typed client of the REST API: openapi-fetch over the types generated from the document
// (sdk/openapi.json, npm run api:client). Its methods take the document's paths:
// `client.GET('/api/v1/cards/{id}', { params: { path: { id } } })`.

export type { components, operations, paths, webhooks } from './tapcard-api.d.ts';

export interface TapcardClientOptions {
  /** The server's address, PUBLIC_URL (`https://cards.example.com`). */
  baseUrl: string;
  /** An API key (Dashboard → API keys), `tc_…`. */
  apiKey: string;
  /** The fetch it calls; globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export function tapcardClient({ baseUrl, apiKey, fetch }: TapcardClientOptions): Client<paths> {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}
