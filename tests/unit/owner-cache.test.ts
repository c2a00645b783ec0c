import { describe, expect, it } from 'vitest';
import {
  cacheStats,
  createByteCache,
  ENTRY_OVERHEAD_BYTES,
  rememberAnswers,
} from '../../server/lib/cache.ts';
import { createLocalChangeBus, type ChangeBus } from '../../server/lib/changes.ts';
import { createOwnerCache, type OwnerCacheOptions } from '../../server/lib/owner-cache.ts';

// The in-process caches (server/lib/cache.ts, server/lib/owner-cache.ts): bounded by bytes, dropped by
// change notices and resets, and, while another process's notices may be missed, never serving a copy
// older than the stale cap.

interface Card {
  owner: string;
  text: string;
}

/** A change bus whose connection the test switches; notices and resets go through the local fan-out. */
function switchableBus() {
  const local = createLocalChangeBus();
  let connected = true;
  const bus: ChangeBus = {
    publish: local.publish,
    subscribe: local.subscribe,
    onReset: local.onReset,
    get connected() {
      return connected;
    },
    close: local.close,
  };
  return {
    bus,
    reset: local.reset,
    setConnected(value: boolean) {
      connected = value;
    },
  };
}

function cardCache(bus: ChangeBus, options: Partial<OwnerCacheOptions<Card>> = {}) {
  return createOwnerCache<Card>(bus, {
    name: 'cards',
    topics: ['cards'],
    ownerOf: (card) => card.owner,
    maxBytes: 100_000,
    sizeOf: (card) => card.text.length,
    ttlMs: 60_000,
    maxStaleMs: 5_000,
    ...options,
  });
}

/** A loader that answers from `rows` and counts its reads. */
function table(rows: Map<string, Card>) {
  const counter = { reads: 0 };
  const read = (key: string) => async () => {
    counter.reads += 1;
    return rows.get(key) ?? null;
  };
  return { read, counter };
}

describe('the owner cache', () => {
  it("keeps values until their owner's change notice or a reset", async () => {
    const { bus, reset } = switchableBus();
    const cache = cardCache(bus);
    const rows = new Map([
      ['a', { owner: 'u1', text: 'A' }],
      ['b', { owner: 'u2', text: 'B' }],
    ]);
    const { read, counter } = table(rows);
    await cache.get('a', read('a'));
    await cache.get('b', read('b'));
    expect(cache.peek('a')?.text).toBe('A');
    expect(counter.reads).toBe(2);

    bus.publish({ userId: 'u1', topic: 'links' }); // not a topic of this cache
    bus.publish({ userId: 'u1', topic: 'cards' });
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')?.text).toBe('B');

    reset();
    expect(cache.peek('b')).toBeUndefined();
    cache.close();
  });

  it('stays within its byte budget, dropping the least recently used, and counts what it does', async () => {
    const { bus } = switchableBus();
    const entryBytes = 1_000 + 1 + ENTRY_OVERHEAD_BYTES; // the text, a one-letter key, the overhead
    const cache = cardCache(bus, { maxBytes: entryBytes * 3 });
    const rows = new Map(['a', 'b', 'c', 'd'].map((key) => [key, { owner: key, text: 'x'.repeat(1_000) }]));
    const { read } = table(rows);
    for (const key of ['a', 'b', 'c']) await cache.get(key, read(key));
    await cache.get('a', read('a')); // a is now the most recent
    await cache.get('d', read('d'));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    const stats = cache.stats();
    expect(stats).toMatchObject({ name: 'cards', misses: 4, evictions: 1, entries: 3 });
    expect(stats.bytes).toBe(entryBytes * 3);
    expect(stats.maxBytes).toBe(entryBytes * 3);
    expect(stats.hits).toBe(2);
    expect(cacheStats().map((each) => each.name)).toContain('cards');

    // a value that grew is counted again, and pushes others out
    const grown = cache.peek('a')!;
    grown.text = 'x'.repeat(2_000);
    cache.resize('a', grown);
    expect(cache.stats().bytes).toBeLessThanOrEqual(entryBytes * 3);
    expect(cache.stats().entries).toBe(2);
    expect(cache.peek('a')).toBe(grown);
    // so is its owner's notice: the resized entry is still theirs
    bus.publish({ userId: 'a', topic: 'cards' });
    expect(cache.peek('a')).toBeUndefined();

    cache.close();
    expect(cacheStats().map((each) => each.name)).not.toContain('cards');
  });

  it('does not keep unknown keys, nor a value loaded across a change notice', async () => {
    const { bus } = switchableBus();
    const cache = cardCache(bus);
    let release = () => {};
    const slow = () =>
      new Promise<Card>((resolve) => (release = () => resolve({ owner: 'u1', text: 'old' })));
    expect(await cache.get('none', async () => null)).toBeNull();
    const pending = cache.get('a', slow);
    bus.publish({ userId: 'u9', topic: 'cards' });
    release();
    expect((await pending)?.text).toBe('old');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
    cache.close();
  });

  it('serves a copy no older than the stale cap while the bus is not connected', async () => {
    const { bus, setConnected } = switchableBus();
    let now = 1_000;
    const cache = cardCache(bus, { now: () => now, maxStaleMs: 5_000 });
    const rows = new Map([['a', { owner: 'u1', text: 'before' }]]);
    const { read, counter } = table(rows);
    await cache.get('a', read('a'));
    rows.set('a', { owner: 'u1', text: 'after' }); // changed by another process whose notice is lost

    // connected: the copy lives until a notice (or its time to live), whatever its age
    now += 30_000;
    expect(cache.peek('a')?.text).toBe('before');

    setConnected(false);
    expect(cache.peek('a')).toBeUndefined();
    expect((await cache.get('a', read('a')))?.text).toBe('after');
    expect(counter.reads).toBe(2);
    // the new copy is served for the stale cap, then read again
    rows.set('a', { owner: 'u1', text: 'later' });
    now += 5_000;
    expect(cache.peek('a')?.text).toBe('after');
    now += 1;
    expect(cache.peek('a')).toBeUndefined();
    expect((await cache.get('a', read('a')))?.text).toBe('later');

    // a key that no longer exists is dropped
    rows.delete('a');
    now += 5_001;
    expect(await cache.get('a', read('a'))).toBeNull();
    expect(cache.stats().entries).toBe(0);
    cache.close();
  });

  it('serves the old copy when the database does not answer, and asks again after the stale cap', async () => {
    const { bus, setConnected } = switchableBus();
    let now = 1_000;
    const cache = cardCache(bus, { now: () => now, maxStaleMs: 5_000 });
    await cache.get('a', async () => ({ owner: 'u1', text: 'cached' }));
    setConnected(false);
    now += 6_000;
    let reads = 0;
    const unreachable = async (): Promise<Card> => {
      reads += 1;
      throw new Error('connection refused');
    };
    expect((await cache.get('a', unreachable))?.text).toBe('cached');
    expect(cache.peek('a')?.text).toBe('cached');
    expect((await cache.get('a', unreachable))?.text).toBe('cached');
    expect(reads).toBe(1);
    now += 5_001;
    expect((await cache.get('a', unreachable))?.text).toBe('cached');
    expect(reads).toBe(2);
    // with no copy the error is the caller's
    await expect(cache.get('b', unreachable)).rejects.toThrow('connection refused');
    cache.close();
  });
});

describe('the byte cache', () => {
  it('stays within its byte budget and counts hits, misses and evictions', () => {
    const entryBytes = 500 + 1 + ENTRY_OVERHEAD_BYTES;
    const cache = createByteCache<string>('test-bytes', {
      maxBytes: entryBytes * 2,
      sizeOf: (value) => value.length,
    });
    for (const key of ['a', 'b', 'c']) {
      expect(cache.get(key)).toBeUndefined();
      cache.set(key, key.repeat(500));
    }
    expect(cache.get('c')).toBe('c'.repeat(500));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({
      name: 'test-bytes',
      hits: 1,
      misses: 4,
      evictions: 1,
      entries: 2,
      bytes: entryBytes * 2,
      maxBytes: entryBytes * 2,
    });
  });
});

describe('rememberAnswers', () => {
  it('answers each input once while it is remembered', () => {
    let calls = 0;
    const length = rememberAnswers((input) => {
      calls += 1;
      return input.length;
    }, 2);
    expect([length('ab'), length('ab'), length('abc'), length('ab')]).toEqual([2, 2, 3, 2]);
    expect(calls).toBe(2);
    length('abcd'); // pushes out abc, the least recently used
    length('abc');
    expect(calls).toBe(4);
  });
});
