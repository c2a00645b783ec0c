import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { IPHONE_SAFARI } from './user-agents.ts';

// A visitor's requests to public pages and short links, and what the answers must be.

/** GET `url` as a person's phone browser (counted as a visit). */
export function visitOnPhone(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE_SAFARI, ...headers } });
}

/** The small 'Paused' page: 200, no redirect, not stored, not indexed, no script. */
export function expectPausedPage(response: LightMyRequestResponse, title = 'Paused'): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers.location).toBeUndefined();
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toBe('noindex');
  expect(response.body).toContain(`<title>${title}</title>`);
  expect(response.body).toContain('<meta name="robots" content="noindex">');
  expect(response.body).not.toContain('<script');
}
