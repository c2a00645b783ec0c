import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CARD_META, DEMO_CARD_PATH, prerenderedLandingFile } from '../../src/demo.ts';
import { LOCALES, localeFromAcceptLanguage, type Locale } from '../../src/i18n.ts';
import { BILLING_MODE_META, type BillingMode } from '../../src/plans.ts';
import { KEPT_RECORDS_META, keptRecordsContent, type KeptRecord } from '../../src/privacy.ts';
import { canonicalAppPath, isAppPath, paths, serverPaths } from '../../src/routes.ts';
import { billingMode } from '../billing/service.ts';
import type { Config } from '../config.ts';
import type { DemoCardWatch } from '../demo/presence.ts';
import { HTTP_STATUS_FOR } from '../lib/errors.ts';
import { StartupError } from '../lib/startup-error.ts';
import type { BuiltFile } from './manifest.ts';

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The client's HTML shell as sent: plain, or compressed once at start for browsers that accept it. */
interface Shell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}
type ShellEncoding = keyof Shell;

function shellOf(html: string): Shell {
  const identity = Buffer.from(html);
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { identity, br, gzip: gzipSync(identity, { level: 9 }) };
}

/** A language's shells: the landing page's with the page already in it, and every other path's. */
interface LocaleShells {
  landing: Shell;
  app: Shell;
}

const encodings = new Negotiator<Exclude<ShellEncoding, 'identity'>>({ supportedValues: ['br', 'gzip'] });

/**
 * The shell in a language: <html lang> follows the visitor's browser (Accept-Language), so the first paint
 * and screen readers have the language the client then shows; the client's own choice (stored, or the
 * profile's) wins once it runs. The language's catalog, which the client imports before its first render,
 * is preloaded beside the scripts instead of after them (one round trip less before anything shows).
 */
function withLanguage(html: string, locale: Locale, catalogUrl?: string): string {
  const localised = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (!catalogUrl) return localised;
  return localised.replace('</head>', `<link rel="modulepreload" crossorigin href="${catalogUrl}">\n</head>`);
}

/** The shell naming how this server takes payments (BILLING_MODE_META), read by pages without an API client. */
function withBillingMode(html: string, mode: BillingMode): string {
  return html.replace('</head>', `<meta name="${BILLING_MODE_META}" content="${mode}">\n</head>`);
}

/** What this server keeps of its visitors (src/privacy.ts), as the operator's settings say. */
function keptRecords(config: Config): KeptRecord[] {
  const records: KeptRecord[] = [];
  for (const [record, on] of Object.entries(config.analyticsRecords) as [KeptRecord, boolean][])
    if (on) records.push(record);
  if (config.logClientAddress) records.push('logged-addresses');
  return records;
}

/** The shell with what this server takes and keeps (the privacy page says exactly that). */
function withServerFacts(html: string, config: Config): string {
  return withBillingMode(html, billingMode(config)).replace(
    '</head>',
    `<meta name="${KEPT_RECORDS_META}" content="${keptRecordsContent(keptRecords(config))}">\n</head>`,
  );
}

/**
 * The shell saying whether the demo card answers (DEMO_CARD_META): the landing page shows 'View Demo' only
 * then, decided from the shell as it renders (no request of its own, so the first paint already has it).
 */
function withDemoCard(html: string, shown: boolean): string {
  if (!shown) return html;
  return html.replace('</head>', `<meta name="${DEMO_CARD_META}" content="${DEMO_CARD_PATH}">\n</head>`);
}

/**
 * The landing page's HTML in a language, with or without 'View Demo', rendered at build time
 * (web/prerender.tsx, scripts/prerender.mjs), placed in the shell's root element: the page shows before
 * the scripts run, and the client renders the same page over it when it starts. Without a prerendered page
 * the plain shell is used.
 */
function withLandingPage(html: string, webDist: string, locale: Locale, withDemo: boolean): string {
  const pageFile = path.join(webDist, '.prerender', prerenderedLandingFile(locale, withDemo));
  if (!existsSync(pageFile)) return html;
  return html.replace('<div id="root"></div>', `<div id="root">${readFileSync(pageFile, 'utf8')}</div>`);
}

/** The built file of each language's catalog (locales/{locale}/messages.po), from the build's manifest. */
function catalogUrls(entries: readonly BuiltFile[]): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    LOCALES.flatMap((locale) => {
      const catalog = entries.find((entry) => entry.src?.endsWith(`locales/${locale}/messages.po`));
      return catalog ? [[locale, `/${catalog.file}`]] : [];
    }),
  );
}

/**
 * Serves the React client: the built files in production (hashed assets with long-cache headers, each in
 * the Brotli or gzip copy the build made beside it when the browser accepts one), or Vite's dev server with
 * HMR in development. Client paths get index.html with 200 (typed in another case, a redirect to the
 * lowercase path first); any other GET gets it with 404, and the client shows its 404 page.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  config: Config,
  demoCard: DemoCardWatch,
  clientBuild: readonly BuiltFile[],
): Promise<void> {
  const sendIndex = config.viteDev
    ? await viteIndexSender(app, config, demoCard)
    : await builtIndexSender(app, config, demoCard, clientBuild);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith(`${serverPaths.api}/`) ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      // a card host serves nothing of the client (server/public-profile/card-host.ts): a font or file
      // it does not have is a plain 404
      request.cardHost
    ) {
      return reply.status(HTTP_STATUS_FOR.not_found).send({ reason: 'not_found', message: 'Not found' });
    }
    const canonical = canonicalAppPath(pathname);
    if (canonical) {
      // /Login, /DASHBOARD/Account: app paths are lowercase, whatever case was typed
      const query = request.url.slice(pathname.length);
      return reply.redirect(`${canonical}${query}`, 301);
    }
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, accept-encoding')
      .type('text/html; charset=utf-8');
    return sendIndex(request, reply, locale);
  });
}

type IndexSender = (request: FastifyRequest, reply: FastifyReply, locale: Locale) => Promise<FastifyReply>;

async function builtIndexSender(
  app: FastifyInstance,
  config: Config,
  demoCard: DemoCardWatch,
  clientBuild: readonly BuiltFile[],
): Promise<IndexSender> {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    throw new StartupError(`The client is not built (${indexFile} is missing): run npm run build`);
  }
  const indexHtml = withServerFacts(readFileSync(indexFile, 'utf8'), config);
  const catalogs = catalogUrls(clientBuild);
  // each language's shells with or without the demo card, each set made once when first needed (compressing
  // them takes a moment): the set the demo card calls for at start is made now, the other only if it changes
  const shellSets = new Map<boolean, Map<Locale, LocaleShells>>();
  const shellsFor = (withDemo: boolean): Map<Locale, LocaleShells> => {
    let set = shellSets.get(withDemo);
    if (!set) {
      set = new Map(
        LOCALES.map((locale) => {
          const app = withDemoCard(withLanguage(indexHtml, locale, catalogs[locale]), withDemo);
          const landing = withLandingPage(app, config.webDist, locale, withDemo);
          return [locale, { app: shellOf(app), landing: shellOf(landing) }];
        }),
      );
      shellSets.set(withDemo, set);
    }
    return set;
  };
  shellsFor(demoCard.shown());
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // file.br or file.gz when the browser accepts it (with Vary: Accept-Encoding), else the file itself
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(config.webDist, 'assets') + path.sep);
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
    },
  });
  // index.html itself is only ever served through the handler above (never cached for long).
  return async (request, reply, locale) => {
    const localeShells = shellsFor(demoCard.shown()).get(locale) as LocaleShells;
    const pathname = request.url.split('?')[0];
    const shell = pathname === paths.home ? localeShells.landing : localeShells.app;
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted && encodings.negotiate(accepted)) || 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(shell[encoding]);
  };
}

async function viteIndexSender(
  app: FastifyInstance,
  config: Config,
  demoCard: DemoCardWatch,
): Promise<IndexSender> {
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
  return async (request, reply, locale) => {
    const html = await vite.transformIndexHtml(request.url, readFileSync(indexFile, 'utf8'));
    return reply.send(withDemoCard(withServerFacts(withLanguage(html, locale), config), demoCard.shown()));
  };
}
