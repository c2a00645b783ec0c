import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createFastLanes } from '../../server/lib/fast-lane.ts';

// What a lane must leave to the router: a path that a route without parameters answers, which Fastify's
// router prefers to a parametric route's (a lane for /:username must never answer /health).

describe('createFastLanes().hasOwnRoute', () => {
  it("knows the app's GET routes without parameters, in plugins and under prefixes too", async () => {
    const lanes = createFastLanes({ trustProxy: false });
    const app = Fastify({ serverFactory: lanes.serverFactory });
    lanes.attach(app);
    app.get('/health', async () => 'ok');
    app.post('/signup', async () => 'ok');
    app.get('/:username', async () => 'page');
    app.get('/files/*', async () => 'file');
    await app.register(
      async (scope) => {
        scope.get('/status', async () => 'ok');
        scope.get('/:key', async () => 'value');
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(lanes.hasOwnRoute('/health')).toBe(true);
    expect(lanes.hasOwnRoute('/api/status')).toBe(true);
    expect(lanes.hasOwnRoute('/signup')).toBe(false);
    expect(lanes.hasOwnRoute('/demo')).toBe(false);
    expect(lanes.hasOwnRoute('/:username')).toBe(false);
    expect(lanes.hasOwnRoute('/files/*')).toBe(false);
    await app.close();
  });
});
