import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '#src/media.ts';
import { ERROR_REASON_TEXT, NETWORK_ERROR_TEXT } from '#web/lib/error-messages.ts';
import {
  photoFailureOf,
  photoFailureText,
  photoFileProblem,
  PhotoUploadError,
  refusalFailure,
} from '#web/lib/upload-photo.ts';

// The browser's checks before a photo is uploaded (spec section 5) and the toasts of its failures.

describe('photoFileProblem', () => {
  it('takes images up to the size limit', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: 'image/heic', size: 1 })).toBeNull();
  });

  it('refuses other types, and images over the limit', () => {
    expect(photoFileProblem({ type: 'application/pdf', size: 1 })).toEqual({ kind: 'invalid_type' });
    expect(photoFileProblem({ type: '', size: 1 })).toEqual({ kind: 'invalid_type' });
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toEqual({ kind: 'too_large' });
  });
});

describe('photoFailureText', () => {
  it('uses the spec’s texts, with the limit of src/media.ts', () => {
    expect(photoFailureText({ kind: 'invalid_type' })).toMatchObject({
      title: { message: 'Invalid file type' },
      description: { message: 'Please upload an image file' },
    });
    expect(photoFailureText({ kind: 'too_large' })).toMatchObject({
      title: { message: 'File too large' },
      description: { message: 'Maximum file size is {PHOTO_MAX_MB}MB', values: { PHOTO_MAX_MB: 5 } },
    });
    expect(photoFailureText({ kind: 'timeout' }).description.message).toBe(
      'Upload timed out. Check your connection and try again.',
    );
  });

  it('explains a refusal by the server with its reason, and a lost connection', () => {
    const refused = photoFailureText({ kind: 'refused', reason: 'storage_quota_exceeded' });
    expect(refused.title.message).toBe('Failed to upload photo');
    expect(refused.description).toBe(ERROR_REASON_TEXT.storage_quota_exceeded);
    expect(photoFailureText({ kind: 'network' }).description).toBe(NETWORK_ERROR_TEXT);
  });

  it('reads a file the server found to be no image as an invalid type, like the browser’s own check', () => {
    expect(refusalFailure({ reason: 'invalid_image', message: 'Unsupported' })).toEqual({
      kind: 'invalid_type',
    });
    expect(photoFailureText(refusalFailure({ reason: 'invalid_image' }))).toMatchObject({
      title: { message: 'Invalid file type' },
      description: { message: 'Please upload an image file' },
    });
    expect(refusalFailure({ reason: 'storage_quota_exceeded' })).toEqual({
      kind: 'refused',
      reason: 'storage_quota_exceeded',
    });
    expect(refusalFailure('<html>Bad gateway</html>')).toEqual({ kind: 'refused', reason: 'internal' });
  });

  it('reads the failure of an upload error, and anything else as internal', () => {
    expect(photoFailureOf(new PhotoUploadError({ kind: 'timeout' }))).toEqual({ kind: 'timeout' });
    expect(photoFailureOf(new Error('boom'))).toEqual({ kind: 'refused', reason: 'internal' });
  });
});
