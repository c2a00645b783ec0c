import type { FastifyBaseLogger } from 'fastify';
import type { ErrorReason } from '../../src/errors.ts';

// An outside service the app calls on demand (the photo storage, the mail server). Its outage is said
// once in the log when it starts and once when it ends, not on every request that meets it, and
// /health/ready names it while it lasts (server/health/readiness.ts). While it lasts, each readiness
// check asks the service again, so the end of an outage is seen without waiting for traffic.

export interface OutageWatch {
  /** The name of its check in /health/ready. */
  readonly check: string;
  /** A call to the service got an answer. */
  succeeded(): void;
  /** A call to the service failed for the service's sake (not for one message's or one file's). */
  failed(error: unknown): void;
  /** 'ok', or since when and why the service fails; while it fails, the probe is tried first. */
  status(): Promise<string>;
}

export interface OutageWatchOptions {
  check: string;
  /** Named in the log lines: "photo storage", "mail server". */
  service: string;
  /** A cheap call that fails while the service does. */
  probe(): Promise<void>;
}

/**
 * Reasons whose outage a watch has logged already: a request that meets one answers 503 without a log
 * line of its own.
 */
export const REASONS_LOGGED_BY_WATCH: ReadonlySet<ErrorReason> = new Set(['storage_unavailable']);

/** The message of an error and of the errors it wraps: "…: storing k failed: connect ECONNREFUSED …". */
export function messageChain(error: unknown): string {
  const parts: string[] = [];
  for (let link = error, depth = 0; link !== undefined && link !== null && depth < 5; depth += 1) {
    parts.push(link instanceof Error ? link.message : String(link));
    link = link instanceof Error ? link.cause : undefined;
  }
  return parts.filter(Boolean).join(': ');
}

export function createOutageWatch(
  { check, service, probe }: OutageWatchOptions,
  logger: FastifyBaseLogger,
): OutageWatch {
  let outage: { since: Date; error: unknown } | undefined;
  const watch: OutageWatch = {
    check,
    succeeded() {
      if (!outage) return;
      const seconds = Math.round((Date.now() - outage.since.getTime()) / 1000);
      logger.info({ service, seconds }, `${service} answers again`);
      outage = undefined;
    },
    failed(error) {
      if (outage) {
        outage.error = error;
        return;
      }
      outage = { since: new Date(), error };
      logger.error(
        { err: error, service },
        `${service} failing: pages and short links are still served; /health/ready says when it answers again`,
      );
    },
    async status() {
      if (!outage) return 'ok';
      try {
        await probe();
      } catch (error) {
        watch.failed(error);
        return `failing since ${outage.since.toISOString()}: ${messageChain(outage.error)}`;
      }
      watch.succeeded();
      return 'ok';
    },
  };
  return watch;
}
