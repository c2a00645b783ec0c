import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the server waits for every open response, and an event stream (live updates) stays open as long
 * as its browser tab: stopping would always run into the forced-exit timer. So, on close, the open streams
 * are cut first; their browsers reconnect by themselves (to another process, or to this one once it is
 * back) and refetch what they show. Streams are told apart by the Accept header every EventSource sends.
 */
export function endEventStreamsOnClose(scope: FastifyInstance): void {
  const open = new Set<ServerResponse>();
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.headers.accept?.includes('text/event-stream')) {
      const response = reply.raw;
      open.add(response);
      response.once('close', () => open.delete(response));
    }
    done();
  });
  scope.addHook('preClose', (done) => {
    for (const response of open) response.destroy();
    done();
  });
}
