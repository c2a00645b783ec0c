import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUseError, lockDataDir, lockFileOf } from '../../server/lib/data-dir-lock.ts';

// The embedded database's single-process guard (server/lib/data-dir-lock.ts): a lock the kernel holds
// for an open file, so that a killed holder never blocks the next start, and whatever pid the lock file
// names decides nothing.

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOLDER_SCRIPT = path.join(ROOT, 'tests/support/hold-data-dir-lock.ts');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A data directory in a folder of its own (the lock file lies beside it), removed after the test. */
function newDataDir(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'tapcard-lock-'));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  return path.join(parent, 'pglite');
}

/** Takes the lock and releases it after the test (unless the test did). */
function lock(dataDir: string): () => void {
  const release = lockDataDir(dataDir);
  cleanups.push(release);
  return release;
}

function refusalOf(dataDir: string): EmbeddedDatabaseInUseError {
  try {
    lock(dataDir);
  } catch (error) {
    expect(error).toBeInstanceOf(EmbeddedDatabaseInUseError);
    return error as EmbeddedDatabaseInUseError;
  }
  throw new Error('expected the lock to be refused');
}

/** A `node` process that takes the lock (tests/support/hold-data-dir-lock.ts) and holds it until killed. */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER_SCRIPT, dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('locked\n')) resolve();
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the holder exited (${code ?? signal}) before locking: ${err}`)),
    );
  });
  return child;
}

describe('lockDataDir', () => {
  it('is taken and released, and the lock file stays and names its holder', () => {
    const dataDir = newDataDir();
    const release = lock(dataDir);
    expect(existsSync(dataDir)).toBe(true);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
      startedAt: new Date(performance.timeOrigin).toISOString(),
    });
    release();
    release(); // a second release does nothing
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    lock(dataDir)(); // free again
  });

  it('refuses a second taker in the same process until the first releases it', () => {
    const dataDir = newDataDir();
    const release = lock(dataDir);
    const refusal = refusalOf(dataDir);
    expect(refusal.message).toBe(
      `The embedded database in ${dataDir} is already open in this process (pid ${process.pid}): close it before opening it again`,
    );
    expect(refusal.holder?.pid).toBe(process.pid);
    release();
    lock(dataDir)();
  });

  it(
    'refuses while another process holds it, naming that process; after kill -9 it is free at once',
    { timeout: 60_000 },
    async () => {
      const dataDir = newDataDir();
      const holder = await holderProcess(dataDir);
      const refusal = refusalOf(dataDir);
      expect(refusal.holder).toEqual({
        pid: holder.pid,
        hostname: hostname(),
        startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(refusal.message).toBe(
        `The embedded database in ${dataDir} is in use by another Tapcard process (pid ${holder.pid} on host ${hostname()}, started at ${refusal.holder?.startedAt}): stop it first, or set DATABASE_URL to use PostgreSQL`,
      );

      const exited = new Promise((resolve) => holder.once('exit', (_code, signal) => resolve(signal)));
      holder.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // no waiting, no clean-up by hand: the kernel let go when the process died
      const release = lock(dataDir);
      expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
      release();
    },
  );

  it.each([
    ['a live pid (this test runner)', () => JSON.stringify({ pid: process.pid, hostname: hostname() })],
    ['pid 1, as a container server leaves it', () => JSON.stringify({ pid: 1, hostname: hostname() })],
    ['a bare pid, as the earlier pid file did', () => '1'],
  ])('is taken over from a lock file naming %s when no one holds the lock', (_what, contents) => {
    const dataDir = newDataDir();
    writeFileSync(lockFileOf(dataDir), contents());
    const release = lock(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('still says it is locked by another process when the lock file does not say which', () => {
    const dataDir = newDataDir();
    lock(dataDir);
    writeFileSync(lockFileOf(dataDir), 'not json');
    const refusal = refusalOf(dataDir);
    expect(refusal.holder).toBeNull();
    expect(refusal.message).toBe(
      `The embedded database in ${dataDir} is locked by another process (${lockFileOf(dataDir)} does not say which): stop it first, or set DATABASE_URL to use PostgreSQL`,
    );
  });
});
