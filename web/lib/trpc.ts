import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '#server/app-router.ts';
import { TRPC_MAX_BATCH_SIZE } from '#src/api.ts';
import { connection } from './connection.ts';
import { trpcFailure } from './trpc-failure.ts';
import { sessionRecoveryLink } from './session-recovery-link.ts';

/** Typed hooks for every procedure of the server's router (only its type crosses into the client). */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for props that carry a procedure's data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A call that got no answer at all (offline, the server restarting): the connection watch asks again. */
function noteFailure(error: unknown): void {
  if (trpcFailure(error) === null) connection().reportNoAnswer();
}

/** Attempts after the first: a refusal is asked once more, a call that got no answer a few times, waiting longer each time. */
function retryQuery(failures: number, error: unknown): boolean {
  return failures < (trpcFailure(error) === null ? 3 : 1);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteFailure, onSuccess: () => connection().reportAnswer() }),
    mutationCache: new MutationCache({ onError: noteFailure }),
    defaultOptions: {
      // Data changes only through this client or live updates (which mark what changed stale), so
      // refetching on every focus is waste, and so is loading again for each component that mounts while
      // a page opens (a page shown once its first query answered would load that query twice). A list
      // that could not load loads again once the server answers (followConnection).
      queries: { refetchOnWindowFocus: false, retry: retryQuery, staleTime: 30_000 },
    },
  });
}

const TRPC_URL = '/api/trpc';

export function createTrpcClient() {
  // superjson must match the server's transformer (server/trpc/init.ts) so dates survive the trip.
  return trpc.createClient({
    links: [
      // a save refused because the session ended waits for the sign-in dialog, then is sent again
      sessionRecoveryLink,
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        // Subscriptions (live updates) are server-sent events: an EventSource on this origin, which sends
        // the session cookie as every same-origin request does, and reconnects by itself.
        true: httpSubscriptionLink({ url: TRPC_URL, transformer: superjson }),
        // Calls made in the same tick share one request, up to the server's batch limit.
        false: httpBatchLink({ url: TRPC_URL, maxItems: TRPC_MAX_BATCH_SIZE, transformer: superjson }),
      }),
    ],
  });
}
