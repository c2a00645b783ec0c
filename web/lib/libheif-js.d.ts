// The part of libheif-js's pure JavaScript build (libheif/libheif.js, a factory) that heic-worker.ts uses:
// its own JavaScript wrapper classes, which the package's types (of the C functions) leave out.
declare module 'libheif-js/libheif/libheif.js' {
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes into `target` (RGBA) and calls back with it, or with null when decoding failed. */
    display(target: ImageData, done: (result: ImageData | null) => void): void;
  }
  interface Libheif {
    /** The top-level images of a HEIF file; [] when it cannot be parsed. */
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
  }
  export default function createLibheif(): Libheif;
}
