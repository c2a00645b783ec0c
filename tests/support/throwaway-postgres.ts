import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withDatabase, withPgClient } from '../../server/lib/pg-client.ts';
import { freePort } from './server-process.ts';

// A PostgreSQL server of a test's own, in a temporary folder, that the test can stop and restart for real
// without touching the server the other test files share. It runs Debian's binaries; initdb and postgres
// refuse to run as root, so as root (CI) they run as the postgres user, who then owns the folder.

const BIN_DIR = '/usr/lib/postgresql/15/bin';
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];
const runsAsRoot = process.getuid?.() === 0;
const execFileAsync = promisify(execFile);

/** Why no throwaway server can be started here, or null when it can. */
export function throwawayPostgresMissing(): string | null {
  for (const program of PROGRAMS) {
    try {
      accessSync(path.join(BIN_DIR, program), constants.X_OK);
    } catch {
      return `${path.join(BIN_DIR, program)} is missing (Debian's postgresql-15 package installs it)`;
    }
  }
  return null;
}

/**
 * How a stop ends the sessions: `fast` terminates them (admin_shutdown) and writes a checkpoint,
 * `immediate` kills them as a crash would and the next start recovers from the WAL.
 */
export type StopMode = 'fast' | 'immediate';

export interface ThrowawayPostgres {
  /** Creates a database and returns its URL (as the superuser). */
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  restart(mode: StopMode): Promise<void>;
  /** Stops the server if it runs and deletes its folder. */
  remove(): Promise<void>;
}

/** Creates a cluster on a free loopback port and starts it. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapcard-postgres-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const run = (program: string, args: string[]) => {
    const file = path.join(BIN_DIR, program);
    return runsAsRoot
      ? execFileAsync('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: dir })
      : execFileAsync(file, args, { cwd: dir });
  };
  const pgCtl = (args: string[]) => run('pg_ctl', ['-D', dataDir, '-l', logFile, ...args]);
  /** Runs pg_ctl, failing with the end of the server's log, which says why it would not start. */
  const pgCtlOrLog = async (args: string[]) => {
    try {
      await pgCtl(args);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
      throw new Error(`pg_ctl ${args.join(' ')} failed; the server's log ends:\n${log}`, { cause: error });
    }
  };

  try {
    const password = randomBytes(12).toString('hex');
    const passwordFile = path.join(dir, 'password');
    writeFileSync(passwordFile, password);
    if (runsAsRoot) await execFileAsync('chown', ['-R', 'postgres:', dir]);
    // the socket is in the owner-only folder, so trusting it lets in only its owner (and root)
    await run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    rmSync(passwordFile);
    const port = await freePort();
    // no fsync (the data is thrown away), but commits wait for their WAL write, so an immediate stop
    // loses nothing a client was told is committed
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        '',
      ].join('\n'),
    );
    await pgCtlOrLog(['-w', 'start']);
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    return {
      async createDatabase(name) {
        await withPgClient(url, (client) => client.query(`create database ${name}`));
        return withDatabase(url, name);
      },
      start: () => pgCtlOrLog(['-w', 'start']),
      stop: (mode) => pgCtlOrLog(['-w', '-m', mode, 'stop']),
      restart: (mode) => pgCtlOrLog(['-w', '-m', mode, 'restart']),
      remove: () => removeCluster(),
    };
  } catch (error) {
    await removeCluster();
    throw error;
  }

  async function removeCluster() {
    // `pg_ctl status` exits 0 only while the server runs
    const running = await pgCtl(['status']).then(
      () => true,
      () => false,
    );
    if (running) await pgCtl(['-w', '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}
