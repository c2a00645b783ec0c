import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_SOURCE_MAX_BYTES } from '#src/media.ts';
import { ERROR_REASON_TEXT } from '#web/lib/error-messages.ts';
import { HeicDecoderUnavailable } from '#web/lib/heic-decode.ts';
import {
  isConnectionFailure,
  isHeicFile,
  photoFailureOf,
  photoFailureText,
  photoFileProblem,
  PhotoUploadError,
  refusalFailure,
} from '#web/lib/upload-photo.ts';

// The browser's checks before a photo is opened (spec section 5: a phone's photo is made smaller
// first and checked against the server's limit after) and the texts of its failures.

const MB = 1024 * 1024;
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
/** The ftyp box an iPhone writes: major brand heic, compatible mif1 and heic. */
const IPHONE_HEAD = new Uint8Array([
  ...[0, 0, 0, 0x18],
  ...new TextEncoder().encode('ftypheic'),
  ...[0, 0, 0, 0],
  ...new TextEncoder().encode('mif1heic'),
]);

describe('photoFileProblem', () => {
  it('opens a 16 MB phone photo: the server’s 5 MB limit applies after it is made smaller', () => {
    expect(photoFileProblem({ name: 'IMG_1234.JPG', type: 'image/jpeg', size: 16 * MB }, false)).toBeNull();
    expect(
      photoFileProblem({ name: 'a.png', type: 'image/png', size: PHOTO_MAX_BYTES + 1 }, false),
    ).toBeNull();
    expect(
      photoFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: PHOTO_SOURCE_MAX_BYTES }, false),
    ).toBeNull();
  });

  it('does not open a file over the bound on what the browser decodes', () => {
    expect(
      photoFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: PHOTO_SOURCE_MAX_BYTES + 1 }, false),
    ).toEqual({ kind: 'too_large' });
    expect(photoFileProblem({ name: 'a.heic', type: '', size: PHOTO_SOURCE_MAX_BYTES + 1 }, true)).toEqual({
      kind: 'too_large',
    });
  });

  it('refuses files that are neither images nor HEIC photos', () => {
    expect(photoFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 1 }, false)).toEqual({
      kind: 'invalid_type',
    });
    expect(photoFileProblem({ name: 'notes', type: '', size: 1 }, false)).toEqual({ kind: 'invalid_type' });
  });

  it('takes a HEIC photo that the browser gave no type', () => {
    expect(photoFileProblem({ name: 'IMG_0001.HEIC', type: '', size: 3 * MB }, true)).toBeNull();
  });
});

describe('isHeicFile', () => {
  it('knows a HEIC by its type, its name or its bytes', () => {
    expect(isHeicFile({ name: 'photo.jpg', type: 'image/heic', size: 1 }, JPEG_HEAD)).toBe(true);
    expect(isHeicFile({ name: 'IMG_0001.HEIC', type: '', size: 1 }, JPEG_HEAD)).toBe(true);
    expect(isHeicFile({ name: 'photo', type: '', size: 1 }, IPHONE_HEAD)).toBe(true);
    expect(isHeicFile({ name: 'photo', type: 'application/octet-stream', size: 1 }, IPHONE_HEAD)).toBe(true);
  });

  it('is not fooled by a JPEG', () => {
    expect(isHeicFile({ name: 'photo.jpg', type: 'image/jpeg', size: 1 }, JPEG_HEAD)).toBe(false);
  });
});

describe('photoFailureText', () => {
  it('uses the spec’s texts, with the limits of src/media.ts', () => {
    expect(photoFailureText({ kind: 'invalid_type' })).toMatchObject({
      title: { message: 'Invalid file type' },
      description: { message: 'Please upload an image file' },
    });
    expect(photoFailureText({ kind: 'too_large' })).toMatchObject({
      title: { message: 'File too large' },
      description: {
        message: 'Maximum file size is {PHOTO_SOURCE_MAX_MB}MB',
        values: { PHOTO_SOURCE_MAX_MB: 40 },
      },
    });
  });

  it('names HEIC and says what to do', () => {
    const text = photoFailureText({ kind: 'heic_unreadable' });
    expect(text.title.message).toBe('HEIC photo could not be read');
    expect(text.description).toBe(ERROR_REASON_TEXT.heic_unsupported);
    expect(text.description.message).toMatch(/Most Compatible.*export the HEIC photo as JPEG/);
  });

  it('says a failed connection is one and that the photo was not saved, never "continuing without it"', () => {
    for (const kind of ['network', 'timeout'] as const) {
      const text = photoFailureText({ kind });
      expect(text.description.message).toBe('The photo was not saved. Check your connection and try again.');
      expect(isConnectionFailure({ kind })).toBe(true);
    }
    expect(photoFailureText({ kind: 'network' }).title.message).toBe('Connection failed');
    expect(photoFailureText({ kind: 'timeout' }).title.message).toBe('Upload timed out');
    for (const kind of ['invalid_type', 'too_large', 'heic_unreadable'] as const) {
      expect(isConnectionFailure({ kind })).toBe(false);
    }
    expect(isConnectionFailure({ kind: 'refused', reason: 'storage_quota_exceeded' })).toBe(false);
  });

  it('explains a refusal by the server with its reason', () => {
    const refused = photoFailureText({ kind: 'refused', reason: 'storage_quota_exceeded' });
    expect(refused.title.message).toBe('Failed to upload photo');
    expect(refused.description).toBe(ERROR_REASON_TEXT.storage_quota_exceeded);
  });

  it('reads what the server found as the browser’s own check would: no image, or a HEIC it cannot read', () => {
    expect(refusalFailure({ reason: 'invalid_image', message: 'Unsupported' })).toEqual({
      kind: 'invalid_type',
    });
    expect(photoFailureText(refusalFailure({ reason: 'invalid_image' }))).toMatchObject({
      title: { message: 'Invalid file type' },
      description: { message: 'Please upload an image file' },
    });
    expect(refusalFailure({ reason: 'heic_unsupported' })).toEqual({ kind: 'heic_unreadable' });
    expect(refusalFailure({ reason: 'storage_quota_exceeded' })).toEqual({
      kind: 'refused',
      reason: 'storage_quota_exceeded',
    });
    expect(refusalFailure('<html>Bad gateway</html>')).toEqual({ kind: 'refused', reason: 'internal' });
  });

  it('reads the failure of an upload error, a decoder that did not load as the connection, anything else as internal', () => {
    expect(photoFailureOf(new PhotoUploadError({ kind: 'timeout' }))).toEqual({ kind: 'timeout' });
    expect(photoFailureOf(new HeicDecoderUnavailable())).toEqual({ kind: 'network' });
    expect(photoFailureOf(new Error('boom'))).toEqual({ kind: 'refused', reason: 'internal' });
  });
});
