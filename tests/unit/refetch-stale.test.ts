import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchStale } from '#web/lib/refetch-stale.ts';

// A change notice refetches the queries it makes stale (web/lib/refetch-stale.ts), including one whose
// first load was already under way and may have read the data before the change.

/** A server whose answers the test releases one by one; each answer is the list as it is when sent. */
function slowServer() {
  const cards = ['Ada'];
  const pending: (() => void)[] = [];
  let calls = 0;
  return {
    cards,
    get calls() {
      return calls;
    },
    list(): Promise<string[]> {
      calls += 1;
      const read = [...cards];
      return new Promise((resolve) => pending.push(() => resolve(read)));
    },
    answerAll() {
      for (const answer of pending.splice(0)) answer();
    },
  };
}

/** A query shown on screen (it has an observer), as a tRPC query key names it. */
function shownQuery(queryClient: QueryClient, path: string[], queryFn: () => Promise<string[]>) {
  const observer = new QueryObserver(queryClient, {
    queryKey: [path, { type: 'query' }],
    queryFn,
    retry: false,
  });
  const seen: (string[] | undefined)[] = [];
  const stop = observer.subscribe((result) => seen.push(result.data));
  return { observer, seen, stop };
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('refetchStale', () => {
  it('a first load that read before the change is sent again, and the change shows', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { observer, stop } = shownQuery(queryClient, ['vcards', 'list'], () => server.list());
    await settle();
    expect(server.calls).toBe(1);

    server.cards.push('Grace'); // made elsewhere while the first load is on its way
    const refetched = refetchStale(queryClient, [['vcards']]);
    await settle();
    server.answerAll(); // the first load answers with the list as it read it, then the second
    await refetched;

    expect(server.calls).toBe(2);
    expect(observer.getCurrentResult().data).toEqual(['Ada', 'Grace']);
    expect(observer.getCurrentResult().isError).toBe(false);
    stop();
  });

  it('a shown query with data refetches, and one under another path is left alone', async () => {
    const queryClient = new QueryClient();
    const cards = slowServer();
    const links = slowServer();
    const shownCards = shownQuery(queryClient, ['vcards', 'list'], () => cards.list());
    const shownLinks = shownQuery(queryClient, ['links', 'list'], () => links.list());
    await settle();
    cards.answerAll();
    links.answerAll();
    await settle();

    cards.cards.push('Grace');
    const refetched = refetchStale(queryClient, [['vcards']]);
    await settle();
    cards.answerAll();
    await refetched;

    expect(shownCards.observer.getCurrentResult().data).toEqual(['Ada', 'Grace']);
    expect(cards.calls).toBe(2);
    expect(links.calls).toBe(1);
    shownCards.stop();
    shownLinks.stop();
  });

  it('a query not on screen is only marked stale, and loads fresh when shown again', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const shown = shownQuery(queryClient, ['vcards', 'list'], () => server.list());
    await settle();
    server.answerAll();
    await settle();
    shown.stop();

    await refetchStale(queryClient, [['vcards']]);
    expect(server.calls).toBe(1);
    expect(queryClient.getQueryState([['vcards', 'list'], { type: 'query' }])?.isInvalidated).toBe(true);
  });
});
