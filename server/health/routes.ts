import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { serverPaths } from '../../src/routes.ts';

// GET /health – 200 when the process and its database answer, 503 when the database does not.
export async function registerHealthRoutes(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  app.get(serverPaths.health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
    }
  });
}
