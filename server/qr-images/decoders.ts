import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as ZbarModule from '@undecaf/zbar-wasm';
import jsQR from 'jsqr';
import type * as ZxingReader from 'zxing-wasm/reader';

// The three independent QR decoders the scan check reads every design with (server/qr-images/scannability.ts):
// jsQR (JavaScript, what a web page scans with), ZXing (ZXing-C++ in WebAssembly, the library of many
// Android scanners) and ZBar (in WebAssembly, the reader of Linux and many apps). jsQR and ZXing read finder
// patterns drawn as circles that ZBar cannot; a design is saved only when all three read it.
// Both WebAssembly files load from node_modules, never from a CDN.

export const QR_DECODERS = ['jsqr', 'zxing', 'zbar'] as const;
export type QrDecoder = (typeof QR_DECODERS)[number];

export interface RgbaImage {
  /** RGBA pixels, row by row */
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);

let zxingReader: Promise<typeof ZxingReader> | null = null;

/** zxing-wasm with its .wasm read from node_modules (by default it fetches it from a CDN). */
function loadZxing(): Promise<typeof ZxingReader> {
  zxingReader ??= (async () => {
    const [reader, wasm] = await Promise.all([
      import('zxing-wasm/reader'),
      readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
    ]);
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    await reader.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return reader;
  })();
  return zxingReader;
}

interface Zbar {
  zbar: typeof ZbarModule;
  scanner: ZbarModule.ZBarScanner;
}
let zbarScanner: Promise<Zbar> | null = null;

/** ZBar (its Node build reads zbar.wasm beside itself), looking for QR codes only. */
function loadZbar(): Promise<Zbar> {
  zbarScanner ??= (async () => {
    const zbar = await import('@undecaf/zbar-wasm');
    const scanner = await zbar.ZBarScanner.create();
    scanner.setConfig(zbar.ZBarSymbolType.ZBAR_NONE, zbar.ZBarConfigType.ZBAR_CFG_ENABLE, 0);
    scanner.setConfig(zbar.ZBarSymbolType.ZBAR_QRCODE, zbar.ZBarConfigType.ZBAR_CFG_ENABLE, 1);
    return { zbar, scanner };
  })();
  return zbarScanner;
}

/** What `decoder` reads in the image: the text of the QR codes it finds (none: an empty list). */
export async function decodeQr(decoder: QrDecoder, image: RgbaImage): Promise<string[]> {
  switch (decoder) {
    case 'jsqr': {
      // phone scanners look for dark modules on light; an inverted code is refused before this
      const read = jsQR(image.rgba, image.width, image.height, { inversionAttempts: 'dontInvert' });
      return read ? [read.data] : [];
    }
    case 'zxing': {
      const { readBarcodes } = await loadZxing();
      const imageData = { data: image.rgba, width: image.width, height: image.height, colorSpace: 'srgb' };
      const results = await readBarcodes(imageData as ImageData, { formats: ['QRCode'], tryInvert: false });
      return results.filter((result) => result.isValid).map((result) => result.text);
    }
    case 'zbar': {
      const { zbar, scanner } = await loadZbar();
      const { buffer, byteOffset, byteLength } = image.rgba;
      const whole = byteOffset === 0 && byteLength === buffer.byteLength;
      const pixels = (whole ? buffer : buffer.slice(byteOffset, byteOffset + byteLength)) as ArrayBuffer;
      const symbols = await zbar.scanRGBABuffer(pixels, image.width, image.height, scanner);
      return symbols.map((symbol) => symbol.decode());
    }
  }
}

/** Which of `decoders` do not read `value` in the image (an empty list: every one reads it). */
export async function decodersMissing(
  image: RgbaImage,
  value: string,
  decoders: readonly QrDecoder[] = QR_DECODERS,
): Promise<QrDecoder[]> {
  const missing: QrDecoder[] = [];
  for (const decoder of decoders) {
    if (!(await decodeQr(decoder, image)).includes(value)) missing.push(decoder);
  }
  return missing;
}
