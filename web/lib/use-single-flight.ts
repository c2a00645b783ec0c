import { useCallback, useRef } from 'react';

/**
 * Runs an async action at most once at a time: a call while one is running is dropped. A burst of clicks
 * dispatched in one tick reaches the handler before React re-renders the button as disabled, so the busy
 * state alone let five clicks create five items; this ref is set before the first await.
 */
export function useSingleFlight(): <T>(action: () => Promise<T>) => Promise<T | undefined> {
  const running = useRef(false);
  return useCallback(async <T>(action: () => Promise<T>) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action();
    } finally {
      running.current = false;
    }
  }, []);
}
