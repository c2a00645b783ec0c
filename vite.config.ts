import path from 'node:path';
import { constants } from 'node:zlib';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { LEAD_FORM_SCRIPT } from './src/lead-form.ts';

// Two builds: the client (dist/web: the app, and the public card page's form script), and with --ssr the landing page rendered for Node at build time
// (web/prerender.tsx into dist/prerender, run by scripts/prerender.mjs).

/** Node modules that libheif-js's Emscripten build requires only when it runs under Node. */
const NODE_ONLY_MODULES = new Set(['fs', 'path', 'crypto']);

/** Empty modules for those in the HEIC worker (web/lib/heic-worker.ts), in place of Vite's warnings. */
function emptyNodeOnlyModules(): Plugin {
  return {
    name: 'tapcard:empty-node-only-modules',
    enforce: 'pre',
    resolveId: (id) => (NODE_ONLY_MODULES.has(id) ? `\0node-only:${id}` : null),
    load: (id) => (id.startsWith('\0node-only:') ? 'export default {};' : null),
  };
}
// Modules named by the client build's chunk groups (output.codeSplitting below).
const LEAD_FORM_MODULE = /lead-form\.ts$/;
/** recharts and the packages only it uses. */
const CHART_PACKAGES =
  /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|es-toolkit|immer|reselect|redux|redux-thunk|@reduxjs[\\/]toolkit|react-redux|use-sync-external-store|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/;
/** The screens' modules that draw charts: left to the analytics screens' chunks, with recharts. */
const CHART_SCREENS = /web[\\/]pages[\\/]analytics[\\/]/;
const AFTER_LOAD_MODULES =
  /web[\\/](lib[\\/](auth-client|use-session-status)\.ts|components[\\/]ui[\\/]Toaster\.tsx)$/;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    // Brotli and gzip copies of the scripts, styles and icons beside each file, made once at build time at
    // the strongest settings; the server picks one per request (server/web/routes.ts). index.html is
    // compressed by the server, which writes the visitor's language into it.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg)$/,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        logLevel: 'silent',
      }),
  ],
  // module workers (web/lib/heic-decode.ts starts one), as the dev server serves them
  worker: { format: 'es', plugins: () => [emptyNodeOnlyModules()] },
  // the prerender runs once at build time: everything in one file, nothing resolved from node_modules
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { emptyOutDir: true }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        // read by the server to preload the visitor's language catalog (server/web/routes.ts) and to find
        // the form script of the public card pages (server/leads/script.ts)
        manifest: true,
        rolldownOptions: {
          input: {
            index: path.resolve(import.meta.dirname, 'web/index.html'),
            [LEAD_FORM_SCRIPT.name]: path.resolve(import.meta.dirname, 'web', LEAD_FORM_SCRIPT.source),
          },
          output: {
            // A few files instead of Rolldown's one per set of screens sharing a module (59 requests for the
            // sign-in form, 95 files under 2 kB): each request costs the browser CPU and a phone a round
            // trip (docs/performance.md "Performance"). The landing still loads no tRPC, TanStack Query, zod or charts.
            codeSplitting: {
              groups: [
                // everything the first render of any page needs, in the entry (the lead form apart: the
                // public card page's own small script)
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id: string) => !LEAD_FORM_MODULE.test(id),
                  priority: 4,
                },
                // recharts and the packages only it uses: the analytics screens alone load them
                { name: 'charts', test: CHART_PACKAGES, priority: 3 },
                // what the landing loads once it has loaded: the session check and the toasts
                { name: 'after-load', test: AFTER_LOAD_MODULES, priority: 2 },
                // code two screens or more share (tRPC, forms, dialogs): one file, cached for every screen
                {
                  name: 'screens',
                  minShareCount: 2,
                  test: (id: string) =>
                    !LEAD_FORM_MODULE.test(id) && !CHART_PACKAGES.test(id) && !CHART_SCREENS.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
