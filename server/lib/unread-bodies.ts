import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';

// An answer sent before its request's body was read (a body over its route's limit, 413; no session or a
// foreign origin, refused before an upload is read) must wait for the body. Sent at once, it reaches a
// client that is still sending, and the connection then closes under that client (it asked for a close,
// or Fastify does after a refused body): its next write meets a reset ("broken pipe"), and the answer it
// had not read is lost with it. So the rest of the body is read and dropped first, as nginx's lingering
// close does; a client still sending after UNREAD_BODY_DRAIN_SECONDS is answered then (nginx's
// lingering_time is the same).

/** The longest an unread body is read on before its answer. */
const UNREAD_BODY_DRAIN_SECONDS = 30;

function hasBody(raw: IncomingMessage): boolean {
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length']) > 0;
}

/** Holds every answer until its request's body has arrived, reading and dropping what nobody read. */
export function readBodiesBeforeAnswering(app: FastifyInstance): void {
  // a callback, not an async hook: almost every answer has no body left to wait for, and goes on at once
  app.addHook('onSend', (request, _reply, payload, done) => {
    const raw = request.raw;
    if (raw.readableEnded || raw.destroyed || !hasBody(raw)) return done(null, payload);
    // flowing with no reader: each chunk is dropped as it comes
    raw.resume();
    finished(raw, { signal: AbortSignal.timeout(UNREAD_BODY_DRAIN_SECONDS * 1000) }).then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
}
