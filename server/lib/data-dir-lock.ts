import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { StartupError } from './startup-error.ts';

// Only one process may open a PGlite directory: two would silently lose data (STACK.md section 3).
// The guard is a lock the kernel keeps on a file beside the directory (an open-file-description lock on
// Linux, flock on macOS): it belongs to the open file, so it ends when that file is closed, and the kernel
// closes every file of a process that dies, however it dies. A killed server therefore never blocks the
// next start. The pid, host and start time written into the file only say who holds it in the refusal;
// they never decide anything, since pids are reused (in a container the server is pid 1 every time).

/** Who took the lock, as its holder wrote it into the lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the holder's process started (ISO 8601). */
  startedAt: string;
}

/** Refusal to open an embedded database that another open file (another process, or this one) holds. */
export class EmbeddedDatabaseInUseError extends StartupError {
  override name = 'EmbeddedDatabaseInUseError';

  constructor(
    readonly dataDir: string,
    /** Null when the lock file does not say (unreadable, or written by something else). */
    readonly holder: LockHolder | null,
  ) {
    super(refusal(dataDir, holder));
  }

  /** The holder for a sentence: "another Tapcard process (pid 7 on host h, started at …)". */
  get holderText(): string {
    return describeHolder(this.holder);
  }
}

/** The lock file of the embedded database in `dataDir`: beside it, so that it is not part of its data. */
export function lockFileOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
}

/**
 * Takes the lock on the embedded database in `dataDir` (creating the directory) and returns the function
 * that releases it. Throws EmbeddedDatabaseInUseError while another open file holds it, in this process too,
 * so a second opening of one directory is refused wherever it comes from.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = lockFileOf(dataDir);
  // Opened without truncating: while someone else holds the lock, the file says who. A plain descriptor
  // (not a FileHandle) is never closed by the garbage collector, so the lock lasts until release() or the
  // end of the process; Node opens it close-on-exec, so no child process inherits and outlives it.
  const fd = openSync(lockFile, constants.O_RDWR | constants.O_CREAT, 0o644);
  let granted: boolean;
  try {
    granted = tryLock(fd);
  } catch (error) {
    // fcntl may answer a conflict with EACCES instead of the EAGAIN that tryLock turns into false
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') {
      closeSync(fd);
      throw new StartupError(
        `Cannot lock the embedded database in ${dataDir} (${lockFile}): ${(error as Error).message}`,
      );
    }
    granted = false;
  }
  if (!granted) {
    closeSync(fd);
    throw new EmbeddedDatabaseInUseError(dataDir, readHolder(lockFile));
  }
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, `${JSON.stringify(thisProcess())}\n`, 0);
  } catch {
    // only the refusal of a later taker reads it, and it copes with an empty or partial file
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The file stays: deleting it would let a taker that opened it a moment before lock a file no one
    // else can see any more. Closing alone would release the lock; unlocking first says so.
    try {
      unlock(fd);
    } finally {
      closeSync(fd);
    }
  };
}

function thisProcess(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(performance.timeOrigin).toISOString(),
  };
}

/** The holder the lock file names, or null when it names none (empty, unreadable, another format). */
function readHolder(lockFile: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockHolder> | null;
    if (
      Number.isInteger(parsed?.pid) &&
      typeof parsed?.hostname === 'string' &&
      typeof parsed.startedAt === 'string'
    ) {
      return { pid: parsed.pid!, hostname: parsed.hostname, startedAt: parsed.startedAt };
    }
  } catch {
    // unreadable (Windows keeps a locked file from being read) or not JSON
  }
  return null;
}

function isThisProcess(holder: LockHolder): boolean {
  const self = thisProcess();
  return holder.pid === self.pid && holder.hostname === self.hostname && holder.startedAt === self.startedAt;
}

function describeHolder(holder: LockHolder | null): string {
  if (!holder) return 'another process';
  if (isThisProcess(holder)) return `this process (pid ${holder.pid})`;
  return `another Tapcard process (pid ${holder.pid} on host ${holder.hostname}, started at ${holder.startedAt})`;
}

function refusal(dataDir: string, holder: LockHolder | null): string {
  if (holder && isThisProcess(holder)) {
    return `The embedded database in ${dataDir} is already open in this process (pid ${holder.pid}): close it before opening it again`;
  }
  if (!holder) {
    return `The embedded database in ${dataDir} is locked by another process (${lockFileOf(dataDir)} does not say which): stop it first, or set DATABASE_URL to use PostgreSQL`;
  }
  return `The embedded database in ${dataDir} is in use by ${describeHolder(holder)}: stop it first, or set DATABASE_URL to use PostgreSQL`;
}
