import type { FastifyInstance } from 'fastify';
import type { FastLanes } from '../lib/fast-lane.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cacheStats, type CacheStats } from '../lib/cache.ts';
import type { ChangeBus } from '../lib/changes.ts';
import type { CountQueue, CountTotals } from '../lib/count-batcher.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';
import { jobTotals } from '../jobs/worker.ts';
import { routeFamily } from './route-family.ts';

// Prometheus metrics of one process (prom-client): request durations per route family, what became of
// counted visits (queued, written, retried, spilled, replayed, refused, dropped), the database pool,
// whether the change bus listens, the caches (hits, misses, evictions, bytes), the job queue (jobs done
// and failed, jobs waiting), and Node's own (memory, event loop, garbage collection). Values kept elsewhere
// (counters' totals, pool sizes) are read when scraped, so nothing is added to the requests' own work but
// one timing per request.

export interface MetricsSources {
  countQueues: ReadonlyMap<string, CountQueue>;
  changes: ChangeBus;
  jobs: JobQueue;
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** Requests answered beneath Fastify (server/lib/fast-lane.ts), timed as the rest. */
  lanes: Pick<FastLanes, 'onAnswer'>;
}

const COUNT_OUTCOMES: readonly (keyof CountTotals)[] = [
  'counted',
  'written',
  'retried',
  'spilled',
  'replayed',
  'refused',
  'dropped',
];

export function createMetricsRegistry(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'tapcard_http_request_duration_seconds',
    help: 'Time to answer a request, by route family, method and status class',
    labelNames: ['family', 'method', 'status'] as const,
    // public pages and redirects answer in about a millisecond; the dashboard's calls in tens
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const observe = (route: string | undefined, method: string, statusCode: number, seconds: number) =>
    durations.observe(
      { family: routeFamily(route), method, status: `${Math.floor(statusCode / 100)}xx` },
      seconds,
    );
  // public pages and short links answer on the raw response (no onResponse hook): its 'finish' is timed
  app.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observe(request.routeOptions.url, request.method, reply.raw.statusCode, seconds);
    });
    done();
  });
  sources.lanes.onAnswer(observe);

  new Counter({
    name: 'tapcard_counted_visits_total',
    help: 'Counted views, scans and clicks (and unique visitors) by counter and what became of them',
    labelNames: ['counter', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [counter, queue] of sources.countQueues) {
        for (const outcome of COUNT_OUTCOMES) this.inc({ counter, outcome }, queue.totals[outcome]);
      }
    },
  });
  new Gauge({
    name: 'tapcard_count_queue_requests',
    help: 'Counted requests held in memory, not yet written to the database',
    labelNames: ['counter'] as const,
    registers: [registry],
    collect() {
      for (const [counter, queue] of sources.countQueues) this.set({ counter }, queue.status().queued);
    },
  });
  new Gauge({
    name: 'tapcard_change_bus_connected',
    help: '1 while change notices from other processes are heard, 0 while they may be missed',
    registers: [registry],
    collect() {
      this.set(sources.changes.connected ? 1 : 0);
    },
  });
  // caches of the same name (several apps in one test process) are summed
  const cachesByName = () => {
    const sums = new Map<string, CacheStats>();
    for (const stats of cacheStats()) {
      const sum = sums.get(stats.name);
      if (!sum) sums.set(stats.name, { ...stats });
      else
        for (const key of ['hits', 'misses', 'evictions', 'entries', 'bytes', 'maxBytes'] as const)
          sum[key] += stats[key];
    }
    return sums;
  };
  new Counter({
    name: 'tapcard_cache_lookups_total',
    help: 'Cache lookups by cache, answered from memory (hit) or not (miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of cachesByName()) {
        this.inc({ cache, result: 'hit' }, stats.hits);
        this.inc({ cache, result: 'miss' }, stats.misses);
      }
    },
  });
  new Counter({
    name: 'tapcard_cache_evictions_total',
    help: 'Entries pushed out of a cache to stay within its byte budget',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of cachesByName()) this.inc({ cache }, stats.evictions);
    },
  });
  new Gauge({
    name: 'tapcard_cache_bytes',
    help: 'Estimated bytes a cache holds (used) and may hold (budget)',
    labelNames: ['cache', 'kind'] as const,
    registers: [registry],
    collect() {
      for (const [cache, stats] of cachesByName()) {
        this.set({ cache, kind: 'used' }, stats.bytes);
        this.set({ cache, kind: 'budget' }, stats.maxBytes);
      }
    },
  });
  new Counter({
    name: 'tapcard_jobs_total',
    help: "Jobs this process's workers finished, by queue and outcome (done, failed: retried or given up)",
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, totals] of jobTotals()) {
        this.inc({ queue, outcome: 'done' }, totals.done);
        this.inc({ queue, outcome: 'failed' }, totals.failed);
      }
    },
  });
  new Gauge({
    name: 'tapcard_jobs_waiting',
    help: 'Jobs waiting to be taken, by queue (read from the database when scraped)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const queue of Object.values(QUEUES)) {
        // a database away leaves the last value: the scrape itself still answers
        const waiting = await sources.jobs.getQueueSize(queue).catch(() => null);
        if (waiting !== null) this.set({ queue }, waiting);
      }
    },
  });
  const { poolUse } = sources;
  if (poolUse) {
    new Gauge({
      name: 'tapcard_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  return registry;
}
