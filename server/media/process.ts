import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { loadSharp } from '../lib/sharp.ts';
import { PHOTO_CLIENT_MAX_SIDE } from '../../src/media.ts';
import { AppError } from '../lib/errors.ts';

// The server does not trust the client (DECISIONS.md "Photos"): every upload is decoded from its bytes
// and re-encoded, which also drops EXIF, GPS and every other piece of metadata.

/** Every stored photo is a JPEG: the only type /media/ serves. */
export const PHOTO_CONTENT_TYPE = 'image/jpeg';

/** What sharp may call the formats people upload (AVIF and HEIC both read as heif). */
const ACCEPTED_FORMATS = new Set<Metadata['format']>(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Larger images are refused from their header alone, before any pixel is decoded: a small file can claim
 * a huge size and would otherwise cost gigabytes of memory (a 48 MP phone photo is 8000 x 6000).
 */
const MAX_INPUT_PIXELS = 50_000_000;

const STORED_JPEG_QUALITY = 82;

/** The vCard photo: small and square, because phones embed it in the contact (spec: PHOTO in the .vcf). */
export const CONTACT_PHOTO_MAX_BYTES = 200 * 1024;
/** Tried in order until one fits CONTACT_PHOTO_MAX_BYTES; the last one always does in practice. */
const CONTACT_PHOTO_ATTEMPTS = [
  { side: 400, quality: 85 },
  { side: 400, quality: 70 },
  { side: 400, quality: 55 },
  { side: 300, quality: 50 },
  { side: 200, quality: 40 },
] as const;

export interface ProcessedPhoto {
  body: Buffer;
  width: number;
  height: number;
}

/**
 * Opens untrusted bytes: refuses anything that is not an accepted image type or is too large, and
 * refuses damaged or truncated pixel data when it is decoded (failOn: 'error').
 */
async function openImage(input: Buffer): Promise<Sharp> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const;
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    throw new AppError('invalid_image');
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('invalid_image');
  // EXIF orientation first; white behind transparency (JPEG has none, and black would show instead)
  return sharp(input, options).rotate().flatten({ background: '#ffffff' });
}

/** Decoding errors (truncated data, a codec this build lacks) are the upload's fault, not the server's. */
async function encode(image: Sharp, quality: number): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await image.jpeg({ quality, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('invalid_image');
  }
}

/**
 * The stored form of an uploaded photo: upright, at most PHOTO_CLIENT_MAX_SIDE on the long side (never
 * enlarged), a JPEG without metadata. Throws invalid_image for anything else.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const image = (await openImage(input)).resize({
    width: PHOTO_CLIENT_MAX_SIDE,
    height: PHOTO_CLIENT_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const { data, info } = await encode(image, STORED_JPEG_QUALITY);
  return { body: data, width: info.width, height: info.height };
}

/** A square (centre-cropped) JPEG of at most CONTACT_PHOTO_MAX_BYTES, for embedding in a .vcf. */
export async function contactPhotoJpeg(input: Buffer): Promise<Buffer> {
  const image = await openImage(input);
  let data: Buffer = Buffer.alloc(0);
  for (const { side, quality } of CONTACT_PHOTO_ATTEMPTS) {
    ({ data } = await encode(image.clone().resize({ width: side, height: side, fit: 'cover' }), quality));
    if (data.length <= CONTACT_PHOTO_MAX_BYTES) break;
  }
  return data;
}
