// The part of fs-native-extensions (no types of its own) that data-dir-lock.ts and count-spill.ts use.
// On Linux its locks are open-file-description locks (fcntl F_OFD_SETLK), released when the file closes or
// its process dies; on macOS flock, on Windows LockFileEx.
declare module 'fs-native-extensions' {
  export interface LockOptions {
    /** A shared (read) lock instead of the default exclusive one. */
    shared?: boolean;
  }
  /** Takes the lock without waiting: true if granted, false if another open file holds it. */
  export function tryLock(fd: number, options?: LockOptions): boolean;
  export function tryLock(fd: number, offset: number, length: number, options?: LockOptions): boolean;
  export function unlock(fd: number, offset?: number, length?: number): void;
}
