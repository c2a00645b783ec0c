import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '#server/trpc/router.ts';
import { TRPC_MAX_BATCH_SIZE } from '#src/api.ts';

/** Typed hooks for every procedure of the server's router (only its type crosses into the client). */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for props that carry a procedure's data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Data changes only through this client or live updates (which mark what changed stale), so
      // refetching on every focus is waste, and so is loading again for each component that mounts while
      // a page opens (a page shown once its first query answered would load that query twice).
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
    },
  });
}

const TRPC_URL = '/api/trpc';

export function createTrpcClient() {
  // superjson must match the server's transformer (server/trpc/init.ts) so dates survive the trip.
  return trpc.createClient({
    links: [
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
