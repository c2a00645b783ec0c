import { availableParallelism } from 'node:os';
import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';
import { defineConfig } from 'vitest/config';
import FileTimesReporter from './tests/support/file-times-reporter.ts';

// Two projects: `unit` (pure src/ and web/ logic) and `api` (the real app in-process against a real
// database: in-memory PGlite by default, the PostgreSQL named by DATABASE_URL when it is set).
// CI sets TEST_REPORT_DIR to collect a JSON report of every run, and each file's time, for its closing
// summary (scripts/ci-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;

/**
 * Tests that need PostgreSQL (two processes on one database, its restarts, LISTEN/NOTIFY) carry the tag
 * `postgres` and are skipped, visibly, on the embedded database; tests that DATABASE_URL does not change
 * (the embedded database itself, processes given settings of their own) carry `embedded` and run once, on
 * the embedded database (tests/support/postgres.ts). CI fails if either is skipped in the run it belongs to.
 */
const tags = [
  { name: 'postgres', description: 'needs PostgreSQL (DATABASE_URL)' },
  { name: 'embedded', description: 'runs once, on the embedded database (no DATABASE_URL)' },
];

// web/ modules with Lingui macros (msg`…`) need the same compile step as in the Vite build
const linguiMacros: PluginOption = babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] });

export default defineConfig({
  test: {
    // One file more at a time than there are cores (Vitest's default is one fewer): API files spend part
    // of their time waiting (counters written a second later, child processes, PostgreSQL), and the main
    // process only collects results. Measured on 2 cores, the API suite on PostgreSQL with 2, 3 and 4
    // files at a time: 376 s, 309 s, 338 s; on PGlite with 2 and 3: 305 s, 271 s; the unit suite the same.
    maxWorkers: availableParallelism() + 1,
    reporters: reportDir
      ? [
          'default',
          ['json', { outputFile: path.join(reportDir, `vitest-${process.pid}.json`) }],
          new FileTimesReporter(path.join(reportDir, `file-times-${process.pid}.json`)),
        ]
      : ['default'],
    projects: [
      {
        plugins: [linguiMacros],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          tags,
          // the files of a worker share one module graph, as the API suite's do: measured 64 s -> 40 s on
          // 2 cores (the imports of sharp, zod schemas and the QR decoders once per worker, not per file); a
          // file that stubs a global or fakes the clock restores it after each test
          isolate: false,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          tags,
          // the files of a worker share one module graph: the server's modules (better-auth, Fastify,
          // sharp…) load once per worker instead of once per file; every file builds its own app
          isolate: false,
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          // generous: with two files at a time on a busy 2-core machine, a test that builds its own app can
          // wait long for the CPU
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
