import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { operatorTokenCheck } from '../lib/operator-token.ts';
import { checkReadiness, type ReadinessSources } from './readiness.ts';

// GET /health: liveness, 200 while the process answers at all (a database outage is not a reason to
// restart it: pages and redirects are served from memory and counts are kept). GET /health/ready: 200
// when it should be sent traffic ("degraded" while an outside service fails), 503 otherwise
// (readiness.ts). Anyone may ask, so the answer is only the status: what is wrong names hosts, ports,
// paths and error texts, which are for the operator, who gets them with the metrics token (and in the log).
export function registerHealthRoutes(
  app: FastifyInstance,
  sources: ReadinessSources,
  metricsToken: string | null,
): void {
  const holdsToken = operatorTokenCheck(metricsToken);
  // what was wrong at the last check: a probe every few seconds logs a line only when that changes (an
  // outside service's outage is logged by its watch, server/lib/outage-watch.ts)
  let wrong = '[]';
  app.get(serverPaths.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(`${serverPaths.health}/ready`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, degraded, checks } = await checkReadiness(sources);
    const watched = new Set(sources.outages.map((watch) => watch.check));
    const nowWrong = JSON.stringify(
      Object.entries(checks).filter(([name, result]) => result !== 'ok' && !watched.has(name)),
    );
    if (nowWrong !== wrong) {
      if (ready) request.log.info('ready again');
      else request.log.warn({ checks }, 'not ready');
      wrong = nowWrong;
    }
    const status = !ready ? 'not ready' : degraded ? 'degraded' : 'ready';
    const details = holdsToken(request.headers.authorization) ? { checks } : {};
    return reply.status(ready ? 200 : 503).send({ status, ...details });
  });
}
