import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A tRPC procedure path, or the start of one: ['links'] is every links.* query. */
export type ProcedurePath = readonly string[];

/** tRPC query keys start with the procedure path as an array: [['vcards', 'list'], { type: 'query' }]. */
function startsWithPath(queryKey: QueryKey, path: ProcedurePath): boolean {
  const [procedure] = queryKey;
  return Array.isArray(procedure) && path.every((part, index) => procedure[index] === part);
}

/**
 * Refetches the queries under `paths` that are on screen, and marks the others stale (they refetch when
 * next shown): what a change notice asks for. A first load still in flight may have read before the
 * change, and TanStack Query would keep it rather than fetch again (it restarts only fetches of queries
 * that already have data), so it is cancelled and sent again.
 */
export async function refetchStale(queryClient: QueryClient, paths: readonly ProcedurePath[]): Promise<void> {
  const under = (query: Query) => paths.some((path) => startsWithPath(query.queryKey, path));
  await queryClient.cancelQueries({
    predicate: (query) => under(query) && query.state.data === undefined,
    fetchStatus: 'fetching',
  });
  await queryClient.invalidateQueries({ predicate: under });
}
