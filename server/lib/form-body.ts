import type { FastifyInstance } from 'fastify';

/**
 * Reads `application/x-www-form-urlencoded` bodies in `scope` (the plain HTML forms of pages served without
 * script) as an object of strings, with the platform's URLSearchParams: a repeated name keeps its last
 * value. `bodyLimit` in bytes, else the server's.
 */
export function acceptFormBodies(scope: FastifyInstance, bodyLimit?: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', ...(bodyLimit === undefined ? {} : { bodyLimit }) },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
