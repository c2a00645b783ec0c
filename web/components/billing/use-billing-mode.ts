import { trpc } from '../../lib/trpc.ts';

/**
 * How this server takes payments (billing.mode, no session needed): 'stripe', or 'demo' when it has no
 * payment keys and no money moves (DECISIONS.md). Null until the server answered: a page then names
 * neither, rather than a payment provider that is not there.
 */
export function useBillingMode(): 'stripe' | 'demo' | null {
  // the server's configuration does not change while it runs
  const query = trpc.billing.mode.useQuery(undefined, { staleTime: Infinity });
  return query.data?.mode ?? null;
}
