import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { createMetricsRegistry, type MetricsSources } from './metrics.ts';

// GET /metrics (Prometheus text format) is off unless METRICS_TOKEN is set, and then answers only a
// request carrying `Authorization: Bearer <token>`: anyone else gets the same 404 as for a path that does
// not exist, so its presence is not revealed. Without the token nothing is measured at all.

const digest = (value: string) => createHash('sha256').update(value).digest();

export function registerMetricsRoutes(
  app: FastifyInstance,
  token: string | null,
  sources: MetricsSources,
): void {
  if (!token) return;
  const registry = createMetricsRegistry(app, sources);
  const expected = digest(`Bearer ${token}`);
  app.get(serverPaths.metrics, async (request, reply) => {
    // compared as digests, in constant time: the header's length tells nothing either
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
