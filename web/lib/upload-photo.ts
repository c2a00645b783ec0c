import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isErrorReason, type ErrorReason } from '#src/errors.ts';
import {
  PHOTO_CLIENT_JPEG_QUALITY,
  PHOTO_CLIENT_MAX_SIDE,
  PHOTO_MAX_BYTES,
  PHOTO_SOURCE_MAX_BYTES,
  PHOTO_SOURCE_MAX_MB,
  PHOTO_UPLOAD_TIMEOUT_MS,
  photoUploadUrl,
  type MediaKind,
  type UploadTarget,
} from '#src/media.ts';
import { ERROR_REASON_TEXT } from './error-messages.ts';
import { decodeHeic, HeicDecoderUnavailable } from './heic-decode.ts';
import { HEIC_SNIFF_BYTES, isHeicByName, isHeicBytes } from './heic.ts';

// Photos from the browser (spec sections 5 and 9): a picked file is checked, made smaller (a JPEG; a logo or
// cover with transparency a PNG that keeps it; a HEIC converted first), checked against the server's limit,
// then sent with a progress report and a time-out. The server checks and re-encodes again
// (docs/decisions/005-photos.md).

/** What the server answers for a stored photo: its /media/ path is what cards and profiles keep. */
export interface UploadedPhoto {
  path: string;
  width: number;
  height: number;
}

/** Why a photo was not uploaded. */
export type PhotoFailure =
  | { kind: 'invalid_type' }
  /** over PHOTO_SOURCE_MAX_MB: not even opened */
  | { kind: 'too_large' }
  /** a HEIC photo that neither this browser nor the server can read */
  | { kind: 'heic_unreadable' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  /** the server refused it (for example storage_quota_exceeded) */
  | { kind: 'refused'; reason: ErrorReason };

/** Failures of the connection, not of the file: the same photo can be sent again. */
export function isConnectionFailure(failure: PhotoFailure): boolean {
  return failure.kind === 'network' || failure.kind === 'timeout';
}

export class PhotoUploadError extends Error {
  constructor(readonly failure: PhotoFailure) {
    super(failure.kind);
    this.name = 'PhotoUploadError';
  }
}

/** What the checks read of a picked file. */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** Whether a picked file is a HEIC photo, by its type, its name or its first bytes. */
export function isHeicFile(file: PickedFile, head: Uint8Array): boolean {
  return isHeicByName(file) || isHeicBytes(head);
}

/**
 * The checks made before a file is opened: an image by its type (or a HEIC, which browsers often give no
 * type), and at most PHOTO_SOURCE_MAX_MB. The server's PHOTO_MAX_MB applies to what is sent, after resizing.
 */
export function photoFileProblem(file: PickedFile, heic: boolean): PhotoFailure | null {
  if (!heic && !file.type.startsWith('image/')) return { kind: 'invalid_type' };
  if (file.size > PHOTO_SOURCE_MAX_BYTES) return { kind: 'too_large' };
  return null;
}

const UPLOAD_FAILED = msg`Failed to upload photo`;
const NOT_SAVED = msg`The photo was not saved. Check your connection and try again.`;

/** The title and description of a failure (spec section 8, "Photos and cards"). */
export function photoFailureText(failure: PhotoFailure): {
  title: MessageDescriptor;
  description: MessageDescriptor;
} {
  switch (failure.kind) {
    case 'invalid_type':
      return { title: msg`Invalid file type`, description: ERROR_REASON_TEXT.invalid_image };
    case 'too_large':
      return {
        title: msg`File too large`,
        description: msg`Maximum file size is ${PHOTO_SOURCE_MAX_MB}MB`,
      };
    case 'heic_unreadable':
      return { title: msg`HEIC photo could not be read`, description: ERROR_REASON_TEXT.heic_unsupported };
    case 'timeout':
      return { title: msg`Upload timed out`, description: NOT_SAVED };
    case 'network':
      return { title: msg`Connection failed`, description: NOT_SAVED };
    case 'refused':
      return { title: UPLOAD_FAILED, description: ERROR_REASON_TEXT[failure.reason] };
  }
}

/** The failure behind an error of preparePhoto or sendPhoto. */
export function photoFailureOf(error: unknown): PhotoFailure {
  if (error instanceof PhotoUploadError) return error.failure;
  // the HEIC decoder's script did not arrive
  if (error instanceof HeicDecoderUnavailable) return { kind: 'network' };
  return { kind: 'refused', reason: 'internal' };
}

/** Whether any pixel of the canvas is not fully opaque. */
function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] !== 255) return true;
  return false;
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The picture, upright (EXIF orientation applied), if this browser can draw the file; null otherwise. */
async function drawable(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/**
 * The picture as it is sent: at most PHOTO_CLIENT_MAX_SIDE on the long side, a JPEG at
 * PHOTO_CLIENT_JPEG_QUALITY; a graphic (a logo or cover) with transparency as a PNG that keeps it (a WebP
 * with alpha, smaller, when the PNG is over the upload limit). Null when the canvas cannot encode it.
 */
async function encodePicture(bitmap: ImageBitmap, kind: MediaKind): Promise<Blob | null> {
  const scale = Math.min(1, PHOTO_CLIENT_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: kind === 'graphic' });
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  if (kind === 'graphic') {
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    if (hasTransparency(context, canvas.width, canvas.height)) {
      const png = await canvasBlob(canvas, 'image/png');
      if (png && png.size <= PHOTO_MAX_BYTES) return png;
      return canvasBlob(canvas, 'image/webp', PHOTO_CLIENT_JPEG_QUALITY);
    }
  } else {
    // JPEG has no transparency: white behind it, not black
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  }
  return canvasBlob(canvas, 'image/jpeg', PHOTO_CLIENT_JPEG_QUALITY);
}

/**
 * The photo to send for a picked file, as a photo or a graphic (MEDIA_KINDS): checked (photoFileProblem),
 * drawn by the browser or, for a HEIC it cannot draw (every browser but Safari), converted by libheif
 * (heic-decode.ts; `onConverting` is called first, since that takes seconds), made smaller (encodePicture),
 * then checked against the server's limit. Rejects with PhotoUploadError, or see photoFailureOf.
 */
export async function preparePhoto(
  file: File,
  options: { kind?: MediaKind; onConverting?: () => void } = {},
): Promise<Blob> {
  const heic = isHeicFile(file, new Uint8Array(await file.slice(0, HEIC_SNIFF_BYTES).arrayBuffer()));
  const problem = photoFileProblem(file, heic);
  if (problem) throw new PhotoUploadError(problem);

  let bitmap = await drawable(file);
  if (!bitmap && heic) {
    options.onConverting?.();
    const pixels = await decodeHeic(file);
    if (!pixels) throw new PhotoUploadError({ kind: 'heic_unreadable' });
    bitmap = await createImageBitmap(pixels);
  }
  if (!bitmap) {
    // what this browser cannot draw goes as it is, within the server's limit, and the server decides
    if (file.size > PHOTO_MAX_BYTES) throw new PhotoUploadError({ kind: 'invalid_type' });
    return file;
  }
  let photo: Blob;
  try {
    photo = (await encodePicture(bitmap, options.kind ?? 'photo')) ?? file;
  } finally {
    bitmap.close();
  }
  // the server's limit, on what is sent: made smaller, a photo is far below it
  if (photo.size > PHOTO_MAX_BYTES) {
    throw new PhotoUploadError({ kind: 'refused', reason: 'payload_too_large' });
  }
  return photo;
}

function isUploadedPhoto(value: unknown): value is UploadedPhoto {
  return typeof value === 'object' && value !== null && typeof (value as UploadedPhoto).path === 'string';
}

/**
 * The failure of an upload the server refused, from its answer. A file whose bytes are no image is an
 * invalid type, and a HEIC it cannot read a HEIC it cannot read, whether the browser or the server finds
 * out: the person gets the same message.
 */
export function refusalFailure(body: unknown): PhotoFailure {
  const answered = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : null;
  const reason: ErrorReason = isErrorReason(answered) ? answered : 'internal';
  if (reason === 'invalid_image') return { kind: 'invalid_type' };
  if (reason === 'heic_unsupported') return { kind: 'heic_unreadable' };
  return { kind: 'refused', reason };
}

/**
 * Sends a photo as multipart form data (the session cookie goes along: same origin) to
 * server/media/routes.ts, for `target` when it is not the person's own (a team card, the team), reporting
 * the fraction sent. Gives up after PHOTO_UPLOAD_TIMEOUT_MS. Rejects with PhotoUploadError, or with an
 * AbortError when `signal` aborts.
 */
export function sendPhoto(
  photo: Blob,
  options: {
    kind: MediaKind;
    target?: UploadTarget | undefined;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const cancelled = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) return cancelled();
    const request = new XMLHttpRequest();
    request.open('POST', photoUploadUrl(options.kind, options.target));
    request.responseType = 'json';
    request.timeout = PHOTO_UPLOAD_TIMEOUT_MS;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201 && isUploadedPhoto(request.response)) {
        resolve(request.response);
        return;
      }
      reject(new PhotoUploadError(refusalFailure(request.response)));
    };
    request.ontimeout = () => reject(new PhotoUploadError({ kind: 'timeout' }));
    request.onerror = () => reject(new PhotoUploadError({ kind: 'network' }));
    request.onabort = cancelled;
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });

    const form = new FormData();
    // the name is not used: the server reads the type from the bytes
    form.append('photo', photo, 'photo');
    request.send(form);
  });
}
