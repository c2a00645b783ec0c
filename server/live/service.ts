import { setTimeout as sleep } from 'node:timers/promises';
import { CHANGE_TOPICS, type ChangeTopic } from '../lib/changes.ts';
import type { ServiceContext } from '../lib/app-deps.ts';

// Live updates: a signed-in browser hears which kinds of its own data changed, from this process
// or (through the change bus) any other, and refetches them. Messages name topics only, never data, so a
// message needs no permission check beyond whose notices it carries.

/** One message of the live stream: what changed since the previous message. */
export interface LiveChanges {
  topics: ChangeTopic[];
}

/**
 * Notices this close together leave as one message: clearing test data sends 'cards', 'links' and
 * 'views', a batch of recorded scans many 'hits', and each message makes the browser refetch.
 */
export const COALESCE_MS = 150;

/**
 * The changes of the user's accounts (`accountIds`: their own, and their team's, whose cards they see), as
 * they happen, until `signal` aborts (the browser went away or the server is
 * closing); then it stops listening to the bus. It listens from the call on, before the stream's first
 * event, so a browser that refetches once the stream is open misses nothing. When the bus says notices
 * may have been lost, every topic counts as changed. Nothing is replayed on reconnection: the browser
 * refetches everything then instead.
 */
export function watchChanges(
  ctx: ServiceContext,
  accountIds: ReadonlySet<string>,
  signal: AbortSignal,
): AsyncGenerator<LiveChanges> {
  const changed = new Set<ChangeTopic>();
  let wake: (() => void) | null = null;
  const note = (topics: readonly ChangeTopic[]) => {
    for (const topic of topics) changed.add(topic);
    wake?.();
  };
  const stopChanges = ctx.changes.subscribe((change) => {
    if (accountIds.has(change.userId)) note([change.topic]);
  });
  const stopResets = ctx.changes.onReset(() => note(CHANGE_TOPICS));
  // also when the stream ends before it is read; and a generator waiting for a notice cannot be returned
  // from outside, so this wakes it
  const stop = () => {
    stopChanges();
    stopResets();
    wake?.();
  };
  signal.addEventListener('abort', stop, { once: true });

  async function* messages(): AsyncGenerator<LiveChanges> {
    try {
      while (!signal.aborted) {
        if (changed.size === 0) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        // the rest of the burst joins this message; an abort ends the wait early
        await sleep(COALESCE_MS, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) break;
        const topics = [...changed];
        changed.clear();
        yield { topics };
      }
    } finally {
      signal.removeEventListener('abort', stop);
      stop();
    }
  }
  return messages();
}
