// How long to wait before trying again something that got no answer: one rule for the server's change bus
// (server/lib/changes.ts) and the browser (live updates, the connection watch of web/lib/connection.ts).

/** The wait before attempt number `attempt` (0 first): doubling from `first`, capped at `max`. */
export function reconnectDelay(attempt: number, first: number, max: number): number {
  return Math.min(first * 2 ** attempt, max);
}

/** The browser's first wait before asking the server again (live updates, a page or call that got no answer). */
export const CLIENT_RETRY_FIRST_MS = 1_000;

/**
 * The browser's longest wait between two attempts: a server that is back is noticed within half a minute at
 * worst, and one request every 30 s per open tab is nothing to a server that is still away.
 */
export const CLIENT_RETRY_MAX_MS = 30_000;

/** The browser's wait before attempt number `attempt` (0 first): 1 s, 2 s, 4 s… at most 30 s. */
export function clientRetryDelay(attempt: number): number {
  return reconnectDelay(attempt, CLIENT_RETRY_FIRST_MS, CLIENT_RETRY_MAX_MS);
}
