import { AppError } from './errors.ts';

// Edit versions (docs/decisions/020-edits-carry-their-version.md; migration 2026-11-29T0300): each row a
// dashboard form edits has a version, one more on every write that changes what a form shows. An editing
// service updates `where version = baseVersion`, in the same statement as its change, so of two saves based
// on one version exactly one changes the row; the other changes no row and is refused here.

/** The kinds of rows dashboard forms edit: what `.meta({ edits })` of an editing procedure names. */
export type EditedRecord = 'vcard' | 'profile' | 'link' | 'template' | 'webhook' | 'crmConnection';

/**
 * The refusal of an edit whose update `where version = baseVersion` changed no row: not_found when the
 * user has no such row (deleted meanwhile, or someone else's), else edit_conflict with the row as it is
 * now (`current`, the shape its list or get answers), for the person to compare with their edit. Read in
 * the edit's own transaction.
 */
export async function refusedEdit(readCurrent: () => Promise<object | undefined>): Promise<AppError> {
  const current = await readCurrent();
  return current === undefined ? new AppError('not_found') : new AppError('edit_conflict', { current });
}
