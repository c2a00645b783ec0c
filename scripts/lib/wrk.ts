import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

// wrk (Debian's package `wrk`), a load generator written in C. On a machine of two cores the load generator
// shares the cores with the server it measures; autocannon parses every answer's headers in JavaScript, and
// on a page with a dozen headers it could not keep the server busy (the server idled a sixth of the time),
// so a page's share of the ceiling measured autocannon. wrk keeps the server busy on every target.

/** What one wrk run saw. */
export interface WrkResult {
  requests: number;
  /** Seconds. */
  duration: number;
  /** Answers with a status of 400 or more. */
  refused: number;
  /** Connections that failed to connect, read or write, or timed out. */
  socketErrors: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
}

/** The wrk on PATH, or null when it is not installed. */
export function findWrk(): string | null {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return found.error ? null : 'wrk';
}

/** Milliseconds of a wrk figure such as 812.00us, 1.20ms or 2.01s. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure);
  if (!match) throw new Error(`wrk printed a latency it cannot be read from: ${figure}`);
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 'us' ? value / 1000 : unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
}

/** Reads wrk's summary (with --latency). Exported for its unit test. */
export function parseWrkOutput(output: string): WrkResult {
  const totals = /(\d+) requests in ([\d.]+)(ms|s|m)\b/.exec(output);
  const p50 = /^\s*50%\s+(\S+)/m.exec(output);
  const p99 = /^\s*99%\s+(\S+)/m.exec(output);
  if (!totals || !p50 || !p99) throw new Error(`wrk's summary could not be read:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const refused = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    requests: Number(totals[1]),
    duration: milliseconds(`${totals[2]}${totals[3]}`) / 1000,
    refused: refused ? Number(refused[1]) : 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    p50: milliseconds(p50[1]!),
    p99: milliseconds(p99[1]!),
  };
}

/** `connections` connections on one thread for `seconds`, each request with `headers`. */
export async function runWrk(
  wrk: string,
  options: { url: string; connections: number; seconds: number; headers: Record<string, string> },
): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)(wrk, [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...headerArgs,
    options.url,
  ]);
  return parseWrkOutput(stdout);
}
