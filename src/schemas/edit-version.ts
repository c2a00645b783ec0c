import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';

// docs/decisions/020-edits-carry-their-version.md: an edit carries the version of the record it was based on
// (the `version` its list or get answered); a save based on an older one is refused with edit_conflict and
// changes nothing. A new record starts at version 1.

/** The largest version a row can reach (a PostgreSQL integer). */
const VERSION_MAX = 2_147_483_647;

/** The version an edit was based on. */
export const baseVersion = z.int(M.invalid).min(1, M.invalid).max(VERSION_MAX, M.invalid);
