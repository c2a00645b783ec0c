import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isErrorReason, type ErrorReason } from '#src/errors.ts';
import {
  PHOTO_CLIENT_JPEG_QUALITY,
  PHOTO_CLIENT_MAX_SIDE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MB,
  PHOTO_UPLOAD_TIMEOUT_MS,
  type MediaKind,
} from '#src/media.ts';
import { ERROR_REASON_TEXT, NETWORK_ERROR_TEXT } from './error-messages.ts';

// Photo uploads from the browser (spec sections 5 and 9): checked, shrunk to a JPEG (a logo or cover with
// transparency to a PNG that keeps it), then sent with a progress report and a time-out. The server checks
// and re-encodes again (DECISIONS.md "Photos").

/** server/media/routes.ts */
const PHOTO_UPLOAD_URL = '/api/media/photos';

/** What the server answers for a stored photo: its /media/ path is what cards and profiles keep. */
export interface UploadedPhoto {
  path: string;
  width: number;
  height: number;
}

/** Why a photo was not uploaded. */
export type PhotoFailure =
  | { kind: 'invalid_type' }
  | { kind: 'too_large' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  /** the server refused it (for example invalid_image or storage_quota_exceeded) */
  | { kind: 'refused'; reason: ErrorReason };

export class PhotoUploadError extends Error {
  constructor(readonly failure: PhotoFailure) {
    super(failure.kind);
    this.name = 'PhotoUploadError';
  }
}

/** The checks made before any work: an image type, and at most PHOTO_MAX_MB. */
export function photoFileProblem(file: { type: string; size: number }): PhotoFailure | null {
  if (!file.type.startsWith('image/')) return { kind: 'invalid_type' };
  if (file.size > PHOTO_MAX_BYTES) return { kind: 'too_large' };
  return null;
}

const UPLOAD_FAILED = msg`Failed to upload photo`;

/** The toast of a failure: a title and a description (spec section 8, "Photos and cards"). */
export function photoFailureText(failure: PhotoFailure): {
  title: MessageDescriptor;
  description: MessageDescriptor;
} {
  switch (failure.kind) {
    case 'invalid_type':
      return { title: msg`Invalid file type`, description: ERROR_REASON_TEXT.invalid_image };
    case 'too_large':
      return { title: msg`File too large`, description: msg`Maximum file size is ${PHOTO_MAX_MB}MB` };
    case 'timeout':
      return {
        title: UPLOAD_FAILED,
        description: msg`Upload timed out. Check your connection and try again.`,
      };
    case 'network':
      return { title: UPLOAD_FAILED, description: NETWORK_ERROR_TEXT };
    case 'refused':
      return { title: UPLOAD_FAILED, description: ERROR_REASON_TEXT[failure.reason] };
  }
}

/** The failure behind an error of uploadPhotoFile. */
export function photoFailureOf(error: unknown): PhotoFailure {
  return error instanceof PhotoUploadError ? error.failure : { kind: 'refused', reason: 'internal' };
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

/**
 * The photo as it is sent: upright (EXIF orientation applied), at most PHOTO_CLIENT_MAX_SIDE on the long
 * side, a JPEG at PHOTO_CLIENT_JPEG_QUALITY; a graphic (a logo or cover) with transparency as a PNG that
 * keeps it (a WebP with alpha, smaller, when the PNG is over the upload limit). A file this browser cannot
 * draw (HEIC outside Safari) is sent as it is, and the server decides.
 */
export async function shrinkPhoto(file: Blob, kind: MediaKind = 'photo'): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_CLIENT_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d', { willReadFrequently: kind === 'graphic' });
    if (!context) return file;
    if (kind === 'graphic') {
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      if (hasTransparency(context, canvas.width, canvas.height)) {
        const png = await canvasBlob(canvas, 'image/png');
        if (png && png.size <= PHOTO_MAX_BYTES) return png;
        return (await canvasBlob(canvas, 'image/webp', PHOTO_CLIENT_JPEG_QUALITY)) ?? file;
      }
    } else {
      // JPEG has no transparency: white behind it, not black
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    }
    return (await canvasBlob(canvas, 'image/jpeg', PHOTO_CLIENT_JPEG_QUALITY)) ?? file;
  } finally {
    bitmap.close();
  }
}

function isUploadedPhoto(value: unknown): value is UploadedPhoto {
  return typeof value === 'object' && value !== null && typeof (value as UploadedPhoto).path === 'string';
}

/**
 * The failure of an upload the server refused, from its answer. A file whose bytes are no image is an
 * invalid type, whether the browser or the server finds out: the person gets the same message.
 */
export function refusalFailure(body: unknown): PhotoFailure {
  const answered = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : null;
  const reason: ErrorReason = isErrorReason(answered) ? answered : 'internal';
  return reason === 'invalid_image' ? { kind: 'invalid_type' } : { kind: 'refused', reason };
}

/**
 * Sends a photo as multipart form data (the session cookie goes along: same origin), reporting the
 * fraction sent. Gives up after PHOTO_UPLOAD_TIMEOUT_MS. Rejects with PhotoUploadError, or with an
 * AbortError when `signal` aborts.
 */
function sendPhoto(
  photo: Blob,
  options: { kind: MediaKind; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const cancelled = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) return cancelled();
    const request = new XMLHttpRequest();
    request.open('POST', `${PHOTO_UPLOAD_URL}?kind=${options.kind}`);
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

/**
 * Shrinks and uploads a file that passed photoFileProblem, as a photo or a graphic (MEDIA_KINDS: a logo or
 * cover keeps its transparency); see sendPhoto for how it fails.
 */
export async function uploadPhotoFile(
  file: File,
  options: { kind?: MediaKind; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const kind = options.kind ?? 'photo';
  return sendPhoto(await shrinkPhoto(file, kind), { ...options, kind });
}
