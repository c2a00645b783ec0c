// fs-native-extensions ships no types. On Linux its locks are open-file-description locks (F_OFD_SETLK):
// held by one open file, refused to any other open of the same file (in this process too), and released
// by the kernel when the file is closed or its process dies.
declare module 'fs-native-extensions' {
  /** True when the lock was granted; false when another open file holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
