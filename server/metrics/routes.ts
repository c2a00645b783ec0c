import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { operatorTokenCheck } from '../lib/operator-token.ts';
import { createMetricsRegistry, type MetricsSources } from './metrics.ts';

// GET /metrics (Prometheus text format) is off unless METRICS_TOKEN is set, and then answers only a
// request carrying `Authorization: Bearer <token>`: anyone else gets the same 404 as for a path that does
// not exist, so its presence is not revealed. Without the token nothing is measured at all.

export function registerMetricsRoutes(
  app: FastifyInstance,
  token: string | null,
  sources: MetricsSources,
): void {
  if (!token) return;
  const registry = createMetricsRegistry(app, sources);
  const holdsToken = operatorTokenCheck(token);
  app.get(serverPaths.metrics, async (request, reply) => {
    if (!holdsToken(request.headers.authorization)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
