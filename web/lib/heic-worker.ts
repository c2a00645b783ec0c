import createLibheif from 'libheif-js/libheif/libheif.js';
import type { HeicDecoded } from './heic-decode.ts';

// Decodes one HEIC photo off the page's thread (heic-decode.ts starts this worker and ends it after one
// answer, which frees libheif's memory). libheif-js's pure JavaScript build: no WebAssembly, so the
// Content-Security-Policy's script-src stays 'self' (docs/architecture.md, "Photos from a phone").

const libheif = createLibheif();

function decode(bytes: ArrayBuffer): Promise<ImageData | null> {
  const images = new libheif.HeifDecoder().decode(new Uint8Array(bytes));
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return Promise.resolve(null);
  const pixels = new ImageData(image.get_width(), image.get_height());
  return new Promise((resolve) => image.display(pixels, resolve));
}

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  let answer: HeicDecoded = null;
  try {
    answer = await decode(event.data);
  } catch {
    // a damaged file, or one too large for memory: the answer says it could not be read
  }
  self.postMessage(answer, { transfer: answer ? [answer.data.buffer] : [] });
};
