import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangeTopic } from '#server/lib/changes.ts';
import { clientRetryDelay } from '#src/reconnect.ts';
import { refetchStale, type ProcedurePath } from '../../lib/refetch-stale.ts';
import { trpc } from '../../lib/trpc.ts';

// Live updates: the server says which kinds of this person's data changed (in this tab, another
// tab, another device or another server process), and the queries that show them refetch.

/** The queries each kind of change can make stale (topics: server/lib/changes.ts). */
const STALE_AFTER: Record<ChangeTopic, readonly ProcedurePath[]> = {
  // a vCard manages its own QR code, the test-data banner depends on whether there are vCards, and a plan
  // change (published as 'cards': it changes limits and whether the public card is online) changes billing;
  // the team's cards are the cards of the team's account, whose changes a member hears too (a card handed
  // over moves its counts to its new member in the team's analytics)
  cards: [
    ['vcards'],
    ['teams', 'cards'],
    ['teams', 'myCards'],
    ['analytics', 'team'],
    ['analytics', 'myTeamCards'],
    ['links'],
    ['profile', 'me'],
    ['profile', 'heldUsernames'],
    ['profile', 'testDataStatus'],
    ['billing'],
    // the leads' card filter lists the cards, and a deleted card's leads are shown as such
    ['leads'],
  ],
  links: [['links'], ['profile', 'testDataStatus']],
  views: [['analytics']],
  // the stat cards, and the scan counts of the QR grid
  hits: [['analytics'], ['links']],
  team: [['teams']],
  // a key's last use too, once per rate-limit window (server/api-keys/verify.ts)
  apiKeys: [['apiKeys']],
  domains: [['domains']],
  // a lead received is counted in the analytics (server/analytics/leads.ts)
  leads: [['leads'], ['analytics']],
};

/** Every query any change can make stale: what a tab refetches when its stream (re)opens. */
const EVERY_STALE_PATH = Object.values(STALE_AFTER).flat();

/** How long the dashboard waits for the stream before it shows its data anyway (a stream held up by a proxy). */
const FIRST_OPEN_WAIT_MS = 3_000;

/**
 * Keeps the dashboard's queries up to date with the live.changes subscription; mounted once, in the
 * dashboard layout. The server listens before the stream's first event, so a query sent after the stream
 * opened misses nothing: the dashboard's queries wait for that (`ready`), and the first opening needs no
 * refetch (the dashboard loads its data once). Any later opening, or one after `ready` came without it
 * (the stream failed, or took longer than FIRST_OPEN_WAIT_MS), refetches everything shown once, since
 * what changed while there was no stream is unknown. The EventSource under it reconnects by itself after
 * a network error; when the stream fails for good (an error answer from the server or a proxy), it is
 * opened again after a growing delay, silently, unless the session is gone.
 */
export function useLiveUpdates(): { ready: boolean } {
  const queryClient = useQueryClient();
  const failures = useRef(0);
  const [ready, setReady] = useState(false);
  // the callbacks below read it without waiting for a render
  const queriesMayRun = useRef(false);
  const letQueriesRun = useCallback(() => {
    queriesMayRun.current = true;
    setReady(true);
  }, []);
  const { status, error, reset } = trpc.live.changes.useSubscription(undefined, {
    onStarted() {
      failures.current = 0;
      if (queriesMayRun.current) void refetchStale(queryClient, EVERY_STALE_PATH);
      else letQueriesRun();
    },
    onData({ topics }) {
      void refetchStale(
        queryClient,
        topics.flatMap((topic) => STALE_AFTER[topic]),
      );
    },
    // the dashboard does not wait for a stream that failed: it opens again later, and refetches then
    onError: letQueriesRun,
  });

  useEffect(() => {
    const timer = setTimeout(letQueriesRun, FIRST_OPEN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [letQueriesRun]);

  const signedOut = error?.data?.reason === 'unauthenticated';
  useEffect(() => {
    if (status !== 'error' || signedOut) return;
    const delay = clientRetryDelay(failures.current);
    failures.current += 1;
    const timer = setTimeout(reset, delay);
    return () => clearTimeout(timer);
  }, [status, signedOut, reset]);

  return { ready };
}
