import { getHeapStatistics } from 'node:v8';
import { StartupError } from './startup-error.ts';

// The caches' profiles and links live in the JavaScript heap beside everything the server does, so a heap
// cap (NODE_OPTIONS' --max-old-space-size, as the Docker image sets) below CACHE_MB plus the server's own
// needs would run the process out of memory under load, long after it started: said at start instead.

/** The heap the server needs besides its caches (requests, imports and exports at their largest). */
export const SERVER_HEAP_MB = 64;

/** The heap, in whole megabytes, that a server with a cache of `cacheMb` needs. */
export function heapNeededMb(cacheMb: number): number {
  return Math.ceil(SERVER_HEAP_MB + cacheMb);
}

/** Throws a StartupError when the heap cap leaves less than SERVER_HEAP_MB beside a cache of `cacheMb`. */
export function assertHeapRoom(
  cacheMb: number,
  heapLimitBytes: number = getHeapStatistics().heap_size_limit,
): void {
  const neededMb = heapNeededMb(cacheMb);
  const limitMb = Math.floor(heapLimitBytes / 1024 / 1024);
  if (limitMb >= neededMb) return;
  throw new StartupError(
    `CACHE_MB=${cacheMb} needs a heap of at least ${neededMb} MB and Node's is capped at ${limitMb} MB: ` +
      `raise --max-old-space-size in NODE_OPTIONS to ${neededMb} or more, or lower CACHE_MB`,
  );
}
