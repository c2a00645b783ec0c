// Bundles the server into dist/server/main.js so production runs under plain `node` (Node 20 cannot run
// .ts files; STACK.md section 3). Dependencies stay external and load from node_modules, so the output folder
// (an argument, dist/server by default) must be inside the project: the API tests build a copy of their own
// into dist/ to run the scripts and the server as processes (tests/support/global-setup.ts).
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';

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
    // the QR scan check's decoding thread, which server/qr-studio/decode-pool.ts finds beside main.js
    'qr-decode-worker': 'server/qr-studio/decode-worker.ts',
  },
  outdir,
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
console.log(
  `built ${outdir}/main.js, migrate.js, trials-expire.js, cleanup.js, db-dump.js, db-restore.js, backup-check.js, media-to-s3.js, db-to-postgres.js and qr-decode-worker.js`,
);
