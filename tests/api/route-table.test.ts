import { readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPathSegment, paths } from '../../src/routes.ts';
import { normalizeUsernameInput, RESERVED_USERNAMES } from '../../src/username.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';

// docs/decisions/011-addresses-that-never-break.md: a username can never shadow a path the app serves. The
// reserved names are derived from the route table of src/routes.ts; this walks what the app really serves
// (the server's routes as Fastify registered them, the client's pages and the client's public files) and
// fails on a first segment a username could take. A route added without its entry in the table fails here.

const PUBLIC_FILES_DIR = path.resolve(import.meta.dirname, '../../web/public');

/**
 * Every route of a Fastify instance. printRoutes draws the router's tree, one node per line and 4 columns
 * a level; a node is a piece of a path (common prefixes are split off, '/a' for '/api' and '/assets'), and
 * the nodes that end a route carry its methods.
 */
function registeredPaths(app: FastifyInstance): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S+)( \(.*\))?$/.exec(line);
    if (!node) continue;
    const [, indent = '', piece = '', methods] = node;
    prefixes.length = indent.length / 4;
    prefixes.push(piece);
    if (methods) found.push(prefixes.join(''));
  }
  return found;
}

/** The first segments among `routes` that a username could take: not reserved and username-shaped. */
function unreservedSegments(routes: string[]): string[] {
  const segments = routes.map(firstPathSegment).filter((segment) => segment && !/^[:*]/.test(segment));
  return [...new Set(segments)].filter(
    (segment) => !RESERVED_USERNAMES.has(segment) && normalizeUsernameInput(segment) === segment,
  );
}

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('finds every route of a Fastify instance, and a segment a username could take', async () => {
    const probe = Fastify();
    probe.get('/health', async () => 'ok');
    probe.get('/l/:code', async () => 'ok');
    probe.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler: async () => 'ok' });
    probe.get('/newsroom', async () => 'ok');
    probe.get('/:username', async () => 'ok');
    await probe.ready();
    const routes = registeredPaths(probe);
    expect(routes).toEqual(
      expect.arrayContaining(['/health', '/l/:code', '/api/auth/*', '/newsroom', '/:username']),
    );
    expect(unreservedSegments(routes)).toEqual(['newsroom']);
    await probe.close();
  });

  it('reserves the first segment of every route the server registers', () => {
    const routes = registeredPaths(t.app);
    // the walk sees the app's real table: its feature routes and the client's built files
    expect(routes).toEqual(
      expect.arrayContaining([
        '/health',
        '/api/trpc/:path',
        '/api/auth/*',
        '/api/media/photos',
        '/l/:code',
        '/user/:username',
        '/vcard/:vcardId/contact.vcf',
        '/media/:key',
        '/dev/mail',
        '/billing/demo/checkout',
        '/assets/index-test1234.js',
        '/:username',
      ]),
    );
    expect(unreservedSegments(routes)).toEqual([]);
  });

  it("reserves the first segment of every client page and of every file the client's build serves", () => {
    expect(unreservedSegments(Object.values(paths))).toEqual([]);
    expect(unreservedSegments(readdirSync(PUBLIC_FILES_DIR).map((file) => `/${file}`))).toEqual([]);
  });
});
