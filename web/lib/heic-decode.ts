/** The worker's answer (heic-worker.ts): the photo's pixels, or null for a file it cannot read. */
export type HeicDecoded = ImageData | null;

/** The decoder's script could not be loaded (the connection dropped): trying again may work. */
export class HeicDecoderUnavailable extends Error {
  constructor() {
    super('The HEIC decoder could not be loaded');
    this.name = 'HeicDecoderUnavailable';
  }
}

/**
 * Decodes a HEIC photo in a worker of its own, started now and ended after its answer: the decoder (about
 * 3 MB of script, served by this server) is fetched only when a HEIC photo is picked, and the page stays
 * responsive while it works (seconds for a 12-megapixel photo). Resolves with the upright pixels, or null
 * when the file is no readable HEIC; rejects with HeicDecoderUnavailable when the worker cannot start.
 */
export async function decodeHeic(file: Blob): Promise<ImageData | null> {
  const bytes = await file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<HeicDecoded>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      // a script that failed to load gives a plain Event; an error thrown while decoding an ErrorEvent
      if (event instanceof ErrorEvent && event.message) resolve(null);
      else reject(new HeicDecoderUnavailable());
    };
    worker.postMessage(bytes, [bytes]);
  });
}
