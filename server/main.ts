import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './lib/db.ts';
import { assertHeapRoom } from './lib/heap-room.ts';
import { STARTED_LINE } from './lib/started-line.ts';
import { StartupError } from './lib/startup-error.ts';

// Reads the environment, builds the app and listens. Every start-up failure ends in one line saying what
// to fix (never a stack trace alone). SIGTERM/SIGINT finish in-flight requests, then close the database.

/** Seconds to wait for in-flight requests before a forced exit. */
const SHUTDOWN_GRACE_MS = 10_000;

const here = path.dirname(fileURLToPath(import.meta.url));
// bundled: dist/server/main.js beside dist/web; from source: server/main.ts, client built into dist/web
const webDist = path.resolve(here, here.endsWith(path.join('dist', 'server')) ? '../web' : '../dist/web');

async function start(): Promise<void> {
  const config = loadConfig(process.env, { viteDev: process.argv.includes('--dev'), webDist });
  assertHeapRoom(config.cache.maxBytes / 1024 / 1024);
  // Opening the database (for PGlite: starting PostgreSQL in WebAssembly, about a second) overlaps with
  // loading the rest of the server's modules.
  const [database, { buildApp }] = await Promise.all([
    openDatabase(config.database, pino({ level: config.logLevel })),
    import('./app.ts'),
  ]);
  const app = await buildApp(config, { database }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await listen(app, config.port, config.host);
  process.stdout.write(`\n${STARTED_LINE} ${config.publicUrl}\n\n`);
}

async function listen(app: FastifyInstance, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${port} is already in use: stop the program using it, or set PORT to another port`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(`Not allowed to listen on port ${port}: use a port above 1023, or set PORT`);
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(
        `Cannot listen on HOST=${host}: use an address of this machine, such as 0.0.0.0`,
      );
    }
    throw error;
  }
}

start().catch((error: unknown) => {
  const message =
    error instanceof StartupError
      ? error.message
      : `failed to start: ${(error as Error)?.message ?? String(error)}`;
  process.stderr.write(`tapcard: ${message}\n`);
  process.exit(1);
});
