import { serverPaths } from './routes.ts';

// Photos (docs/decisions/005-photos.md): one size limit for every upload path on the server. The browser
// makes a photo smaller before it sends it, so it takes larger files than the server does.

export const PHOTO_MAX_MB = 5;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;

/**
 * The largest file the browser opens to make smaller (a phone's high-resolution photo is 10-25 MB): a
 * bound on the memory and time a picked file can cost, said on the photo input. What it sends after
 * resizing must still fit PHOTO_MAX_BYTES.
 */
export const PHOTO_SOURCE_MAX_MB = 40;
export const PHOTO_SOURCE_MAX_BYTES = PHOTO_SOURCE_MAX_MB * 1024 * 1024;

/** Served photos live under this path, named by a key the server generates (never the uploaded name). */
export const MEDIA_PATH_PREFIX = `${serverPaths.media}/`;
/** A storage key: 32 hex characters (a random id) and the extension of the re-encoded image. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png)$/;

/** What stored images are: JPEG, or PNG for a logo or cover with transparency (MEDIA_KINDS). */
export const MEDIA_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;
export type MediaType = (typeof MEDIA_TYPES)[MediaExtension];

/** The type of a stored image, from its key's extension (a key of MEDIA_KEY_PATTERN). */
export function mediaTypeOf(key: string): MediaType {
  return key.endsWith('.png') ? MEDIA_TYPES.png : MEDIA_TYPES.jpg;
}

/**
 * What an upload is for (the upload's `kind` query parameter): a photo of a person, stored as a JPEG on
 * white, or a graphic (a logo, a card's cover, a QR code's centre logo) whose transparency is kept: stored
 * as a PNG when it has any, so it sits on the card's own colour instead of a white box.
 */
export const MEDIA_KINDS = ['photo', 'graphic'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Whose an upload is, when not the uploader's own (the upload's query, server/access/team-access.ts
 * photoAccount): a card's (`card`: a team card's photo is the team's) or the uploader's team's (its logo,
 * or a new team card's photo).
 */
export type UploadTarget = { card: string } | { team: true };

/** The upload route's address for a photo or graphic, with what it is for. */
export function photoUploadUrl(kind: MediaKind, target?: UploadTarget): string {
  const query = new URLSearchParams({ kind });
  if (target && 'card' in target) query.set('card', target.card);
  if (target && 'team' in target) query.set('team', '1');
  return `${serverPaths.photoUploads}?${query}`;
}

/** The path a stored photo is served at. */
export function mediaPath(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** The storage key of a photo path such as /media/<key>, or null for anything else. */
export function mediaKeyOf(path: string | null | undefined): string | null {
  if (!path?.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = path.slice(MEDIA_PATH_PREFIX.length);
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

/** The client's re-encoding before upload (spec section 5): long side and JPEG quality. */
export const PHOTO_CLIENT_MAX_SIDE = 1200;
export const PHOTO_CLIENT_JPEG_QUALITY = 0.8;
/** Spec section 9: an upload that takes longer is abandoned with a time-out message. */
export const PHOTO_UPLOAD_TIMEOUT_MS = 30_000;
