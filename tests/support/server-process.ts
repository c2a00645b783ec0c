import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { STARTED_LINE } from '../../server/lib/started-line.ts';
import { openTestDatabase } from './harness.ts';

// Runs the server as its own process, the way `npm start` does (bundled: global-setup.ts builds
// main.js from the current sources), to test start-up and shutdown.

export const FIXTURE_WEB_DIST = path.resolve(import.meta.dirname, 'fixtures/web');

export interface ServerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Resolves true once the server prints its URL, false if it exits first. */
  ready: Promise<boolean>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [path.join(inject('serverBundle'), 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: FIXTURE_WEB_DIST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<boolean>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(STARTED_LINE)) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stdout: () => out, stderr: () => err, exited, ready };
}

/**
 * A DATA_DIR whose embedded database is already there, copied from the suite's migrated template (on a
 * PostgreSQL run, where there is none, created here): a server would spend seconds creating it, and its
 * first start is not what these tests are about (the browser suite starts the server on a new one).
 */
export async function dataDirWithDatabase(prefix: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const database = await openTestDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  await database.close();
  return dir;
}

/** How long a server may take to start on a busy machine. */
const START_TIMEOUT_MS = 45_000;

/**
 * Starts a server, adds it to `started` (for the test's clean-up to kill by pid) and waits, bounded, for
 * it to say it listens; fails the test with its stderr if it does not.
 */
export async function startServerOrFail(
  env: Record<string, string>,
  started: ServerProcess[],
): Promise<ServerProcess> {
  const server = startServerProcess(env);
  started.push(server);
  const ready = await Promise.race([
    server.ready,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), START_TIMEOUT_MS)),
  ]);
  expect(ready, `the server did not start: ${server.stderr()}`).toBe(true);
  return server;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
