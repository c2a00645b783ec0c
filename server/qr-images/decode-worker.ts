import { parentPort } from 'node:worker_threads';
import type { QrDrawing } from '../../src/qr-design.ts';
import type { LogoImage } from './render.ts';
import { readView, type CheckView, type ViewReading } from './scan-views.ts';

// A worker thread of the scan check (server/qr-images/decode-pool.ts): renders a view of a design and reads
// it with the view's decoders. Rendering and decoding take the CPU for up to half a second at 2048 px, and
// the decoders' WebAssembly memory grows with the images: here neither holds up the server's own thread,
// and the memory ends with the worker.

export interface ViewJob {
  id: number;
  drawing: QrDrawing;
  logo: LogoImage | null;
  value: string;
  view: CheckView;
}

export type ViewAnswer = { id: number; reading: ViewReading } | { id: number; error: string };

parentPort?.on('message', (job: ViewJob) => {
  // a logo's bytes arrive as a plain Uint8Array; sharp takes a Buffer
  const logo = job.logo && { ...job.logo, bytes: Buffer.from(job.logo.bytes) };
  readView(job.drawing, logo, job.value, job.view).then(
    (reading) => parentPort?.postMessage({ id: job.id, reading } satisfies ViewAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ViewAnswer),
  );
});
