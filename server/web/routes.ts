import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalAppPath, isAppPath, serverPaths } from '../../src/routes.ts';
import type { Config } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the React client: the built files in production (hashed assets with long-cache headers), or
 * Vite's dev server with HMR in development. Client paths get index.html with 200 (typed in another
 * case, a redirect to the lowercase path first); any other GET gets it with 404, and the client shows its
 * 404 page.
 */
export async function registerWebRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const renderIndex = config.viteDev ? await viteIndexRenderer(app) : await builtIndexRenderer(app, config);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith(`${serverPaths.api}/`) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ reason: 'not_found', message: 'Not found' });
    }
    const canonical = canonicalAppPath(pathname);
    if (canonical) {
      // /Login, /DASHBOARD/Account: app paths are lowercase, whatever case was typed
      const query = request.url.slice(pathname.length);
      return reply.redirect(`${canonical}${query}`, 301);
    }
    const html = await renderIndex(request.url);
    return reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

async function builtIndexRenderer(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    throw new StartupError(`The client is not built (${indexFile} is missing): run npm run build`);
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(config.webDist, 'assets') + path.sep);
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
    },
  });
  // index.html itself is only ever served through the handler above (never cached for long).
  return async () => indexHtml;
}

async function viteIndexRenderer(app: FastifyInstance) {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  const indexFile = path.resolve('web/index.html');
  return (url: string) => vite.transformIndexHtml(url, readFileSync(indexFile, 'utf8'));
}
