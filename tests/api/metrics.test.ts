import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkCounts } from '../support/counts.ts';
import { addLink, createOwner } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { sample } from '../support/metrics.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// GET /metrics: off without METRICS_TOKEN; with it, Prometheus text for a request with the bearer token
// and the same 404 as an unknown path for anyone else.

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([buildTestApp({ metricsToken: TOKEN }), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('is a 404 without METRICS_TOKEN, and without the right bearer token', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path-at-all/x' });
    for (const response of [
      await scrape(off, `Bearer ${TOKEN}`),
      await scrape(t),
      await scrape(t, `Bearer ${TOKEN}x`),
      await scrape(t, TOKEN),
      await scrape(t, `Basic ${TOKEN}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
  });

  it('measures requests by route family and counts what became of counted visits', async () => {
    const owner = await createOwner(t.db);
    const link = await addLink(t.db, owner.id);
    for (let index = 0; index < 3; index++) {
      const follow = await t.app.inject({
        method: 'GET',
        url: `/l/${link.code}`,
        headers: { 'user-agent': IPHONE_SAFARI },
      });
      expect(follow.statusCode).toBe(302);
    }
    await vi.waitFor(async () => expect((await linkCounts(t.db, link.id)).clicks).toBe(3), {
      timeout: 10_000,
    });

    const response = await scrape(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(
      sample(
        text,
        'tapcard_http_request_duration_seconds_count{family="short_link",method="GET",status="3xx"}',
      ),
    ).toBe(3);
    expect(sample(text, 'tapcard_counted_visits_total{counter="hits",outcome="counted"}')).toBe(3);
    expect(sample(text, 'tapcard_counted_visits_total{counter="hits",outcome="written"}')).toBe(3);
    expect(sample(text, 'tapcard_counted_visits_total{counter="hits",outcome="dropped"}')).toBe(0);
    expect(sample(text, 'tapcard_count_queue_requests{counter="hits"}')).toBe(0);
    expect(sample(text, 'tapcard_change_bus_connected')).toBe(1);
    // the short link was looked up in the link cache: once from the database, then from memory
    expect(sample(text, 'tapcard_cache_lookups_total{cache="links",result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'tapcard_cache_bytes{cache="links",kind="used"}')).toBeGreaterThan(0);
    // the job queue: the scheduled queues exist, nothing waits
    expect(sample(text, 'tapcard_jobs_waiting{queue="mail"}')).toBe(0);
    // Node's own, for memory
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
