// Photos (DECISIONS.md "Photos"): one size limit for every upload path, and the label says the same.

export const PHOTO_MAX_MB = 5;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
