import { clientRetryDelay } from '#src/reconnect.ts';

/** What the browser knows about its way to the server. */
export interface ConnectionState {
  /** The browser has a network (its online and offline events). */
  online: boolean;
  /** false from a call that got no answer (offline, a server restarting) until the server answers again. */
  serverAnswers: boolean;
  /** Saves held by the query client until the connection is back (paused mutations). */
  waitingSaves: number;
}

/** What the watch needs from the browser (a unit test gives it fakes). */
export interface ConnectionWatchDeps {
  isOnline(): boolean;
  /** Calls `listener` on each online and offline event; returns what stops it. */
  onNetworkChange(listener: () => void): () => void;
  /** Asks the server whether it answers (a cheap request); resolves false when it does not. */
  probe(): Promise<boolean>;
  /** Calls `callback` after `ms`; returns what cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

export interface ConnectionWatch {
  getState(): ConnectionState;
  /** Calls `listener` on every change of the state; returns what stops it. */
  subscribe(listener: () => void): () => void;
  /**
   * A call (a page's code, a query, a save) got no answer: from now on the server is asked again, at
   * once when the browser is back online and after a growing wait while it does not answer, until it does.
   */
  reportNoAnswer(): void;
  /** A call got an answer: the server is there. */
  reportAnswer(): void;
  /** Calls `listener` each time the server answers again after a call got none; returns what stops it. */
  onReconnect(listener: () => void): () => void;
  setWaitingSaves(count: number): void;
}

/**
 * The one place that knows whether the server can be reached. Whatever failed for the connection reports
 * it here; the screens and lists that could not load try again when it says the server answers again
 * (web/lib/connection.ts), instead of staying on an error.
 */
export function createConnectionWatch(deps: ConnectionWatchDeps): ConnectionWatch {
  let state: ConnectionState = { online: deps.isOnline(), serverAnswers: true, waitingSaves: 0 };
  const listeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  let attempt = 0;
  let probing = false;
  /** Numbers the probes: the answer of one made stale meanwhile (see `forgetProbe`) is ignored. */
  let probeRound = 0;
  let cancelTimer: (() => void) | null = null;

  function update(next: Partial<ConnectionState>): void {
    const changed = (Object.keys(next) as (keyof ConnectionState)[]).some((key) => next[key] !== state[key]);
    if (!changed) return;
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function stopWaiting(): void {
    cancelTimer?.();
    cancelTimer = null;
  }

  /**
   * A probe still out has nothing left to tell: an answer came from elsewhere, or the network changed
   * since it was sent (it may hang until its timeout while the server already answers the next one).
   */
  function forgetProbe(): void {
    probing = false;
    probeRound += 1;
  }

  function answered(): void {
    stopWaiting();
    forgetProbe();
    attempt = 0;
    if (state.serverAnswers) return;
    update({ serverAnswers: true });
    for (const listener of reconnectListeners) listener();
  }

  async function probe(): Promise<void> {
    stopWaiting();
    // offline, asking is pointless: the online event asks again
    if (probing || !deps.isOnline()) return;
    probing = true;
    probeRound += 1;
    const round = probeRound;
    const answers = await deps.probe().catch(() => false);
    if (round !== probeRound) return;
    probing = false;
    if (answers) {
      answered();
      return;
    }
    const wait = clientRetryDelay(attempt);
    attempt += 1;
    cancelTimer = deps.setTimer(() => void probe(), wait);
  }

  deps.onNetworkChange(() => {
    const online = deps.isOnline();
    update({ online });
    forgetProbe();
    if (!online) {
      stopWaiting();
      return;
    }
    attempt = 0;
    if (!state.serverAnswers) void probe();
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportNoAnswer() {
      update({ serverAnswers: false });
      if (!probing && !cancelTimer) void probe();
    },
    reportAnswer() {
      if (!state.serverAnswers) answered();
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    setWaitingSaves(count) {
      update({ waitingSaves: count });
    },
  };
}
