// Bundles the server into dist/server/main.js so production runs under plain `node` (STACK.md section 3).
// The packages are bundled with it, but for those that find files of their own beside their code (WebAssembly,
// native addons, data, static assets, worker transports) and those loaded only when used: Node's loader
// resolving and reading each of some 2 400 package files was a third of a restart's time (measured with
// npm run bench:start: a warm restart to ready 3.10 s with every package external, 2.53 s bundled). The
// external ones load from node_modules, so the output folder (an argument, dist/server by default) must be
// inside the project: the API tests build a copy of their own into dist/ to run the scripts and the server as
// processes (tests/support/global-setup.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';

/** Packages left out of the bundle, each for a reason of its own. */
const EXTERNAL_PACKAGES = [
  // files of their own, found beside their code: WebAssembly and data, native addons, static assets
  '@electric-sql/pglite',
  '@undecaf/zbar-wasm',
  'zxing-wasm',
  'libheif-js',
  'geoip-country',
  'sharp',
  'fs-native-extensions',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'passkit-generator',
  // pino's transports run its own files in worker threads
  'pino',
  // loaded only when used (S3, the QR code's PDF, Stripe keys, SMTP), or never in production (Vite's
  // development server; pg's optional native binding)
  '@aws-sdk/*',
  'pdf-lib',
  'stripe',
  'nodemailer',
  'vite',
  'pg-native',
  // its own SQL and plans, kept as it ships them
  'pg-boss',
];
/** Bundled CommonJS packages call require() for Node's modules: an ES module has none of its own. */
const REQUIRE_SHIM =
  "import { createRequire as __tapcardCreateRequire } from 'node:module'; const require = __tapcardCreateRequire(import.meta.url);";

// the chunks of an earlier build, named by their hashes, would stay beside the new ones
rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });

await build({
  // the server, the migration command, the admin jobs for cron, the backup commands, and the growth
  // paths (the embedded database to PostgreSQL, photos to S3)
  entryPoints: {
    main: 'server/main.ts',
    migrate: 'scripts/migrate.ts',
    'trials-expire': 'scripts/trials-expire.ts',
    cleanup: 'scripts/cleanup.ts',
    'db-dump': 'scripts/db-dump.ts',
    'db-restore': 'scripts/db-restore.ts',
    'backup-check': 'scripts/backup-check.ts',
    'media-to-s3': 'scripts/media-to-s3.ts',
    'db-to-postgres': 'scripts/db-to-postgres.ts',
    // the QR scan check's decoding thread, which server/qr-images/decode-pool.ts finds beside main.js
    'qr-decode-worker': 'server/qr-images/decode-worker.ts',
  },
  outdir,
  // keeps main.ts's dynamic import of the app a real one, so loading it overlaps with opening the database
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: EXTERNAL_PACKAGES,
  banner: { js: REQUIRE_SHIM },
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `built ${outdir}/main.js, migrate.js, trials-expire.js, cleanup.js, db-dump.js, db-restore.js, backup-check.js, media-to-s3.js, db-to-postgres.js and qr-decode-worker.js`,
);
