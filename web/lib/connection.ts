import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { serverPaths } from '#src/routes.ts';
import { createConnectionWatch, type ConnectionState, type ConnectionWatch } from './connection-watch.ts';

/** A probe that hangs (a half-open connection) counts as no answer after this long. */
const PROBE_TIMEOUT_MS = 10_000;

let watch: ConnectionWatch | null = null;

/** This tab's connection watch, made on first use (the landing page never needs one). */
export function connection(): ConnectionWatch {
  watch ??= createConnectionWatch({
    isOnline: () => navigator.onLine,
    onNetworkChange(listener) {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    // liveness: it answers whenever the process does, database or not
    probe: async () => {
      const response = await fetch(serverPaths.health, {
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      return response.ok;
    },
    setTimer(callback, ms) {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
  });
  return watch;
}

/** The connection as a screen shows it; re-renders when it changes. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    (listener) => connection().subscribe(listener),
    () => connection().getState(),
  );
}

/**
 * Connects the query client to the watch: the saves it holds while offline are counted (the offline
 * notice and the 'Waiting for the connection…' buttons), and once the server answers again every list
 * on screen that failed meanwhile loads again by itself. Returns what disconnects them.
 */
export function followConnection(queryClient: QueryClient): () => void {
  const mutations = queryClient.getMutationCache();
  const stopCounting = mutations.subscribe(() => {
    connection().setWaitingSaves(mutations.getAll().filter((mutation) => mutation.state.isPaused).length);
  });
  const stopReloading = connection().onReconnect(() => {
    void queryClient.refetchQueries(
      { type: 'active', predicate: (query) => query.state.status === 'error' },
      // a query the browser's online event already started again is not started twice
      { cancelRefetch: false },
    );
  });
  return () => {
    stopCounting();
    stopReloading();
  };
}
