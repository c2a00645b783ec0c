import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from '../../scripts/lib/wrk.ts';

// The bench's timed rounds are read from wrk's printed summary (wrk 4.1, Debian's package).

const summary = (extra: string) => `Running 1s test @ http://127.0.0.1:3393/nothing
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   315.12us  750.50us  18.13ms   95.94%
    Req/Sec    51.59k    21.39k   66.85k    81.82%
  Latency Distribution
     50%  139.00us
     75%  251.00us
     90%  541.00us
     99%    2.98ms
  56177 requests in 1.10s, 13.77MB read
${extra}Requests/sec:  51068.28
Transfer/sec:     12.52MB
`;

describe("wrk's summary", () => {
  it('gives the requests, the duration and the median and 99th percentile in milliseconds', () => {
    expect(parseWrkOutput(summary(''))).toEqual({
      requests: 56177,
      duration: 1.1,
      refused: 0,
      socketErrors: 0,
      p50: 0.139,
      p99: 2.98,
    });
  });

  it('reads a run shorter than a second in milliseconds and a long one in minutes', () => {
    expect(parseWrkOutput(summary('').replace('in 1.10s', 'in 850.00ms')).duration).toBe(0.85);
    expect(parseWrkOutput(summary('').replace('in 1.10s', 'in 2.00m')).duration).toBe(120);
  });

  it('counts refused answers and every kind of socket error', () => {
    const result = parseWrkOutput(
      summary('  Socket errors: connect 1, read 2, write 3, timeout 4\n  Non-2xx or 3xx responses: 56177\n'),
    );
    expect(result.refused).toBe(56177);
    expect(result.socketErrors).toBe(10);
  });

  it('refuses a summary it cannot read instead of reporting nothing', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:9 Connection refused\n')).toThrow(
      /could not be read/,
    );
  });
});
