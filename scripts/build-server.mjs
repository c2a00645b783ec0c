// Bundles the server into dist/server/main.js so production runs under plain `node` (Node 20 cannot run
// .ts files; STACK.md section 3). Dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  // the server, the migration command the Docker image runs before it, and the admin jobs for cron
  entryPoints: {
    main: 'server/main.ts',
    migrate: 'scripts/migrate.ts',
    'trials-expire': 'scripts/trials-expire.ts',
    cleanup: 'scripts/cleanup.ts',
  },
  outdir: 'dist/server',
  // keeps main.ts's dynamic import of the app a real one, so loading it overlaps with opening the database
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/server/main.js, migrate.js, trials-expire.js and cleanup.js');
