import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createFastLanes, type Lane } from '../../server/lib/fast-lane.ts';

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

describe('createFastLanes().add', () => {
  it("offers a request only to the lanes whose pattern's static part starts its path, the longest first", async () => {
    const lanes = createFastLanes({ trustProxy: false });
    const app = Fastify({ serverFactory: lanes.serverFactory });
    lanes.attach(app);
    const offered: string[] = [];
    const lane =
      (name: string, answers: boolean): Lane =>
      (request, response) => {
        offered.push(`${name} ${request.path}`);
        if (answers) response.end(name);
        return answers;
      };
    // added in the order the app adds them: the card lanes first, the short link's last
    lanes.add('/:username', lane('page', false));
    lanes.add('/vcard/:vcardId', lane('card', false));
    lanes.add('/l/:code', lane('link', true));
    app.get('/*', async () => 'router');
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await (await fetch(`${origin}/l/abc`)).text()).toBe('link');
      expect(offered).toEqual(['link /l/abc']);
      offered.length = 0;
      expect(await (await fetch(`${origin}/vcard/abc`)).text()).toBe('router');
      expect(offered).toEqual(['card /vcard/abc', 'page /vcard/abc']);
      offered.length = 0;
      // an escaped path is the router's to decode
      expect(await (await fetch(`${origin}/l/a%62c`)).text()).toBe('router');
      expect(offered).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
