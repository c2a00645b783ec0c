import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { sameValues } from '../../lib/drafts.ts';

/**
 * After a successful save: what was sent becomes the form's saved state, and whatever was typed while the
 * save was on its way (one waiting for the connection, or for a sign-in) stays in the form as an unsaved
 * change instead of being replaced by what was sent.
 */
export function resetToSaved<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'getValues' | 'reset'>,
  saved: Values,
): void {
  const current = form.getValues();
  form.reset(saved);
  if (!sameValues(current, saved)) form.reset(current, { keepDefaultValues: true });
}
