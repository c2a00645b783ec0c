import { TEST_METRICS_TOKEN } from './harness.ts';

// Reading the Prometheus text of GET /metrics in tests.

/** The value of one sample line, `name{labels} value`, or undefined. */
export function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/**
 * How many GET requests of a family of routes GET /metrics has timed with a class of status ('2xx'), asked
 * over HTTP (tests/support/over-http.ts) with the test metrics token.
 */
export async function timedAnswers(
  send: (path: string, headers: Record<string, string>) => Promise<{ body: Buffer }>,
  family: string,
  status: string,
): Promise<number> {
  const metrics = await send('/metrics', { authorization: `Bearer ${TEST_METRICS_TOKEN}` });
  const line = `tapcard_http_request_duration_seconds_count{family="${family}",method="GET",status="${status}"}`;
  return sample(metrics.body.toString(), line) ?? 0;
}
