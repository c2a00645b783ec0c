// Processes of the developer scripts that run the built app (npm run bench, npm run lighthouse): a free
// port in a range, the app on a fresh data folder, a child process that is ready once its output says so,
// and its stop by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { STARTED_LINE } from '../../server/lib/started-line.ts';

export interface PortRange {
  first: number;
  last: number;
}

/** A range written first-last, e.g. 3500-3599, from the variable `name` (or its default). */
export function portRange(name: string, fallback: string): PortRange {
  const value = process.env[name] ?? fallback;
  const match = /^(\d+)-(\d+)$/.exec(value);
  if (!match || Number(match[1]) > Number(match[2]))
    throw new Error(`${name} must look like ${fallback}, not ${value}`);
  return { first: Number(match[1]), last: Number(match[2]) };
}

/** The first port of the range that nothing listens on, leaving out `exclude`. */
export async function freePort(range: PortRange, exclude: number[] = []): Promise<number> {
  for (let port = range.first; port <= range.last; port++) {
    if (exclude.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${range.first} and ${range.last}`);
}

/** Starts a process and waits until its output contains `ready`; its output is kept (for errors, and read by `output()`). */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: string) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${args.at(-1)} exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { child, started, output: () => output };
}

/** Ends a process by its pid (SIGTERM, then SIGKILL after `killAfterMs`) and waits for it. */
export async function stop(child: ChildProcess | undefined, killAfterMs = 15_000): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  const killer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(killer);
}

/**
 * The built app (scripts/start.mjs builds first when there is no build or the sources are newer) on
 * loopback at `port`, with the embedded database empty in `dataDir`, as a first `npm start` has it: the
 * app creates the demo card. Logs only warnings: a line per request would measure the logger. `env` adds
 * or replaces settings (another database, a cache budget).
 */
export function startBuiltApp(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const settings = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  };
  console.log('Starting the app (building first if needed)…');
  return startProcess(process.execPath, ['scripts/start.mjs'], settings, STARTED_LINE);
}
