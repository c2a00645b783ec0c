import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_BUDGET_SHARES,
  registeredCaches,
  type CacheStats,
  type NamedCache,
} from '../../server/lib/cache.ts';
import { seedCards, type SeededCard } from '../../scripts/lib/many-cards.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// The page and short-link caches hold no more than their share of CACHE_MB (server/lib/cache.ts): filled
// past it, they push out the least recently used and keep answering every page and link. (What a whole
// process takes with the default budget full: npm run bench:memory, docs/performance.md; with a small one
// in CI: memory-budget.test.ts.)

const BUDGET_BYTES = 256 * 1024;
const CARDS = 40;

let t: TestApp;
let cards: SeededCard[];
// this app's own caches: another file's app may still be open in this worker, with caches of the same names
let ownCaches: NamedCache[];

beforeAll(async () => {
  const others = new Set(registeredCaches());
  t = await buildTestApp({ cache: { maxBytes: BUDGET_BYTES, maxStaleMs: 5_000 } });
  ownCaches = registeredCaches().filter((cache) => !others.has(cache));
  cards = await seedCards(t.db, CARDS);
});

afterAll(async () => {
  await t?.close();
});

function statsOf(name: 'pages' | 'links'): CacheStats {
  const found = ownCaches.filter((cache) => cache.name === name);
  expect(found).toHaveLength(1);
  return found[0]!.stats();
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE_SAFARI } });

describe('the cache budget', () => {
  it('keeps the pages and short links within their shares of CACHE_MB, evicting the least recently used', async () => {
    const pagesMax = Math.floor(BUDGET_BYTES * CACHE_BUDGET_SHARES.pages);
    const linksMax = Math.floor(BUDGET_BYTES * CACHE_BUDGET_SHARES.links);
    expect(statsOf('pages').maxBytes).toBe(pagesMax);
    expect(statsOf('links').maxBytes).toBe(linksMax);

    let largestPages = 0;
    let largestLinks = 0;
    for (const [index, card] of cards.entries()) {
      const page = await get(`/${card.username}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`Person Number ${index}`);
      for (const code of card.codes) expect((await get(`/l/${code}`)).statusCode).toBe(302);
      largestPages = Math.max(largestPages, statsOf('pages').bytes);
      largestLinks = Math.max(largestLinks, statsOf('links').bytes);
    }
    const pages = statsOf('pages');
    const links = statsOf('links');
    expect(largestPages).toBeLessThanOrEqual(pagesMax);
    expect(largestLinks).toBeLessThanOrEqual(linksMax);
    // full: more than half the budget in use, and fewer entries than were asked for
    expect(pages.bytes).toBeGreaterThan(pagesMax / 2);
    expect(pages.evictions).toBeGreaterThan(0);
    expect(pages.entries).toBeLessThan(CARDS);
    expect(links.evictions).toBeGreaterThan(0);
    expect(links.entries).toBeLessThan(CARDS * 2);
    expect(pages.misses).toBeGreaterThanOrEqual(CARDS);

    // the first card was pushed out: it is loaded again, and right
    const first = await get(`/${cards[0]!.username}`);
    expect(first.body).toContain('Person Number 0');
    expect(statsOf('pages').misses).toBe(pages.misses + 1);
    // the last one is still there
    await get(`/${cards.at(-1)!.username}`);
    expect(statsOf('pages').misses).toBe(pages.misses + 1);
    expect(statsOf('pages').hits).toBeGreaterThan(pages.hits);
  });
});
