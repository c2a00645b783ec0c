import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { QrDrawing } from '../../src/qr-design.ts';
import type { ViewAnswer, ViewJob } from './decode-worker.ts';
import type { LogoImage } from './render.ts';
import type { CheckView, ViewReading } from './scan-views.ts';

// The scan check's views are rendered and decoded in worker threads (decode-worker.ts): one per core, at
// most two, started on the first check and ended after a few idle seconds, so the memory the images and the
// decoders' WebAssembly grew is given back, and a server that never checks a design never starts one.

const MAX_WORKERS = 2;

/** How long a worker waits for the next view before it ends: saving a design is rare, and comes in bursts. */
const IDLE_MS = 60_000;

interface Pending {
  resolve: (reading: ViewReading) => void;
  reject: (error: Error) => void;
  entry: PoolWorker;
}

interface PoolWorker {
  worker: Worker;
  /** jobs sent and not answered */
  busy: number;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * A worker running decode-worker.ts. Bundled, scripts/build-server.mjs writes it as
 * dist/server/qr-decode-worker.js, and this code runs from dist/server/ or a chunk in dist/server/chunks/.
 * From source (tests, `npm run dev`) the worker loads the TypeScript file through tsx, which Node 20 does
 * not apply to a worker's own module by --import.
 */
function newWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const source = JSON.stringify(new URL('./decode-worker.ts', here).href);
    const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${source}, ${source}))`;
    return new Worker(boot, { eval: true });
  }
  const folder = new URL('.', here);
  const distServer = folder.pathname.endsWith('/chunks/') ? new URL('..', folder) : folder;
  return new Worker(new URL('qr-decode-worker.js', distServer));
}

const workers: PoolWorker[] = [];
const pending = new Map<number, Pending>();
let nextJobId = 0;

function settle(answer: ViewAnswer): void {
  const job = pending.get(answer.id);
  if (!job) return;
  pending.delete(answer.id);
  if ('error' in answer) job.reject(new Error(`QR decoding failed: ${answer.error}`));
  else job.resolve(answer.reading);
}

function startWorker(): PoolWorker {
  const entry: PoolWorker = { worker: newWorker(), busy: 0, idleTimer: null };
  // a worker waiting for work keeps no process alive
  entry.worker.unref();
  entry.worker.on('message', (answer: ViewAnswer) => {
    entry.busy -= 1;
    settle(answer);
    if (entry.busy === 0) entry.idleTimer = setTimeout(() => void stopWorker(entry), IDLE_MS).unref();
  });
  const fail = (error: Error) => {
    stopWorker(entry);
    // a crashed worker's jobs fail (the check answers an error); the next check starts a new worker
    for (const [id, job] of pending) {
      if (job.entry === entry) {
        pending.delete(id);
        job.reject(error);
      }
    }
  };
  entry.worker.on('error', fail);
  entry.worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`the QR decoding worker stopped (exit code ${code})`));
  });
  workers.push(entry);
  return entry;
}

function stopWorker(entry: PoolWorker): void {
  const index = workers.indexOf(entry);
  if (index === -1) return;
  workers.splice(index, 1);
  if (entry.idleTimer) clearTimeout(entry.idleTimer);
  void entry.worker.terminate();
}

/** The least busy worker, a new one while there are fewer than the cores (at most MAX_WORKERS). */
function pickWorker(): PoolWorker {
  const limit = Math.min(MAX_WORKERS, availableParallelism());
  const idle = workers.find((entry) => entry.busy === 0);
  if (idle) return idle;
  if (workers.length < limit) return startWorker();
  return workers.reduce((least, entry) => (entry.busy < least.busy ? entry : least));
}

/** One view of the drawing of `value`, rendered and read in a worker thread (scan-views.ts readView). */
export function readViewInWorker(
  drawing: QrDrawing,
  logo: LogoImage | null,
  value: string,
  view: CheckView,
): Promise<ViewReading> {
  const entry = pickWorker();
  if (entry.idleTimer) clearTimeout(entry.idleTimer);
  entry.idleTimer = null;
  entry.busy += 1;
  const id = (nextJobId += 1);
  return new Promise<ViewReading>((resolve, reject) => {
    pending.set(id, { resolve, reject, entry });
    entry.worker.postMessage({ id, drawing, logo, value, view } satisfies ViewJob);
  });
}
