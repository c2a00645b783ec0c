import type { FastifyBaseLogger } from 'fastify';

/** A part of the server that has work to finish when it closes: a worker, a timer's round in progress. */
export interface StoppingPart {
  name: string;
  /** Ends once the part has stopped; bounded by the part's own timeout. */
  stop: () => Promise<unknown>;
}

/** How long the parts may take before the log names those still stopping. */
export const STILL_STOPPING_REPORT_MS = 2_000;

/**
 * Stops the parts at once, not one after another: each is bounded by its own timeout, so the whole takes
 * as long as the slowest part instead of the sum of them, inside the shutdown's grace (server/main.ts).
 * Parts still stopping after `reportAfterMs` are named in the log; one that fails is logged and the others
 * still stop, so what closes after them (the queue, the database) always does.
 */
export async function stopSideBySide(
  parts: readonly StoppingPart[],
  logger: FastifyBaseLogger,
  reportAfterMs = STILL_STOPPING_REPORT_MS,
): Promise<void> {
  const stopping = new Set(parts.map((part) => part.name));
  const started = Date.now();
  const report = setTimeout(() => {
    const names = [...stopping];
    logger.warn({ stopping: names }, `still stopping after ${reportAfterMs} ms: ${names.join(', ')}`);
  }, reportAfterMs);
  await Promise.all(
    parts.map(async (part) => {
      try {
        await part.stop();
      } catch (error) {
        logger.error({ err: error, part: part.name }, `${part.name} failed to stop`);
      } finally {
        stopping.delete(part.name);
        const tookMs = Date.now() - started;
        if (tookMs >= reportAfterMs) logger.info({ part: part.name, tookMs }, `${part.name} stopped`);
      }
    }),
  );
  clearTimeout(report);
}
