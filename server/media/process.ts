import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { loadSharp } from '../lib/sharp.ts';
import { PHOTO_CLIENT_MAX_SIDE, type MediaExtension, type MediaKind } from '../../src/media.ts';
import { AppError } from '../lib/errors.ts';

// The server does not trust the client (docs/decisions/005-photos.md): every upload is decoded from its bytes
// and re-encoded, which also drops EXIF, GPS and every other piece of metadata. Photos are stored as
// JPEG; a graphic (a logo or cover) that has transparency as a PNG that keeps it, within a size bound.

/** What sharp may call the formats people upload (AVIF and HEIC both read as heif; see openImage). */
const ACCEPTED_FORMATS = new Set<Metadata['format']>(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Larger images are refused from their header alone, before any pixel is decoded: a small file can claim
 * a huge size and would otherwise cost gigabytes of memory (a 48 MP phone photo is 8000 x 6000).
 */
const MAX_INPUT_PIXELS = 50_000_000;

const STORED_JPEG_QUALITY = 82;

/** A transparent graphic's PNG is at most this large; a bigger one is made smaller by the steps below. */
export const TRANSPARENT_IMAGE_MAX_BYTES = 1024 * 1024;
/**
 * libimagequant's least effort: an image that needs a palette is a large one with many colours, where
 * more effort costs seconds (40 s for a megapixel of noise at the default) for no visible gain.
 */
const PALETTE_PNG = { palette: true, quality: 90, effort: 1 } as const;
/**
 * Tried in order until one fits TRANSPARENT_IMAGE_MAX_BYTES: lossless, then with a palette of at most 256
 * colours and alpha levels (libimagequant, dithered: logos lose nothing visible), then smaller.
 */
const TRANSPARENT_ATTEMPTS = [
  { side: PHOTO_CLIENT_MAX_SIDE, palette: false },
  { side: PHOTO_CLIENT_MAX_SIDE, palette: true },
  { side: 800, palette: true },
  { side: 400, palette: true },
] as const;

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
  /** What it is stored as: its key's extension (src/media.ts MEDIA_TYPES). */
  extension: MediaExtension;
  width: number;
  height: number;
}

/** An opened upload, and the reason to refuse it with if its pixels cannot be decoded (see `encoded`). */
interface OpenedImage {
  image: Sharp;
  hasAlpha: boolean;
  undecodable: 'invalid_image' | 'heic_unsupported';
}

/**
 * Opens untrusted bytes, upright (EXIF orientation applied): refuses anything that is not an accepted
 * image type or is too large, and refuses damaged or truncated pixel data when it is decoded
 * (failOn: 'error'). Says whether the image has an alpha channel.
 */
async function openImage(input: Buffer): Promise<OpenedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const;
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    throw new AppError('invalid_image');
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('invalid_image');
  return {
    image: sharp(input, options).rotate(),
    hasAlpha: metadata.hasAlpha,
    // sharp's prebuilt libvips reads a HEIC's header but has no HEVC decoder (the browser converts them)
    undecodable: metadata.compression === 'hevc' ? 'heic_unsupported' : 'invalid_image',
  };
}

/**
 * Decoding errors (truncated data, a codec this build lacks) are the upload's fault, not the server's:
 * refused with the reason openImage gave.
 */
async function encoded<T>(opened: OpenedImage, encoding: Promise<T>): Promise<T> {
  try {
    return await encoding;
  } catch {
    throw new AppError(opened.undecodable);
  }
}

/** A JPEG of the image, white behind any transparency (JPEG has none, and black would show instead). */
function encodeJpeg(
  opened: OpenedImage,
  image: Sharp,
  quality: number,
): Promise<{ data: Buffer; info: OutputInfo }> {
  return encoded(
    opened,
    image
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true }),
  );
}

const withinSide = (side: number) =>
  ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * A graphic's PNG with its transparency, at most TRANSPARENT_IMAGE_MAX_BYTES; null when no pixel of it is
 * transparent (an alpha channel that is all opaque): a JPEG is smaller then.
 */
async function transparentPng(opened: OpenedImage): Promise<{ data: Buffer; info: OutputInfo } | null> {
  const sharp = await loadSharp();
  let result: { data: Buffer; info: OutputInfo } | null = null;
  for (const { side, palette } of TRANSPARENT_ATTEMPTS) {
    result = await encoded(
      opened,
      opened.image
        .clone()
        .resize(withinSide(side))
        .png(palette ? PALETTE_PNG : {})
        .toBuffer({ resolveWithObject: true }),
    );
    // statistics are of an input: the encoded PNG's, not the upload's (which may be 50 megapixels)
    if (!palette && (await sharp(result.data).stats()).isOpaque) return null;
    if (result.data.length <= TRANSPARENT_IMAGE_MAX_BYTES) break;
  }
  return result;
}

/**
 * The stored form of an upload: upright, at most PHOTO_CLIENT_MAX_SIDE on the long side (never enlarged),
 * without metadata. A JPEG, or for a graphic (MEDIA_KINDS) with transparency a PNG that keeps it. Throws
 * invalid_image for anything that is not an accepted image, heic_unsupported for a HEIC it cannot decode.
 */
export async function processPhoto(input: Buffer, kind: MediaKind = 'photo'): Promise<ProcessedPhoto> {
  const opened = await openImage(input);
  const png = kind === 'graphic' && opened.hasAlpha ? await transparentPng(opened) : null;
  if (png) return { body: png.data, extension: 'png', width: png.info.width, height: png.info.height };
  const { data, info } = await encodeJpeg(
    opened,
    opened.image.resize(withinSide(PHOTO_CLIENT_MAX_SIDE)),
    STORED_JPEG_QUALITY,
  );
  return { body: data, extension: 'jpg', width: info.width, height: info.height };
}

/** A square (centre-cropped) JPEG of at most CONTACT_PHOTO_MAX_BYTES, for embedding in a .vcf. */
export async function contactPhotoJpeg(input: Buffer): Promise<Buffer> {
  const opened = await openImage(input);
  let data: Buffer = Buffer.alloc(0);
  for (const { side, quality } of CONTACT_PHOTO_ATTEMPTS) {
    const square = opened.image.clone().resize({ width: side, height: side, fit: 'cover' });
    ({ data } = await encodeJpeg(opened, square, quality));
    if (data.length <= CONTACT_PHOTO_MAX_BYTES) break;
  }
  return data;
}
