import { msg } from '@lingui/core/macro';
import { VALIDATION_MESSAGES as M } from '#src/messages.ts';
import { formSaveFailure, type FormSaveFailure } from '../form/form-save-failure.ts';
import { trpcFailure } from '../../lib/error-messages.ts';

/**
 * What to tell the person when links.setLifecycle is refused; a limit below the follows already counted
 * is marked on the limit field too, whose hint says how many.
 */
export function lifecycleSaveFailure(error: unknown): FormSaveFailure {
  const failure = formSaveFailure(error, {
    failed: msg`Failed to save the schedule and rules. Please try again.`,
  });
  return trpcFailure(error)?.reason === 'scan_limit_below_used'
    ? { ...failure, fieldErrors: [{ path: 'maxScans', message: M.linkMaxScansBelowUsed }] }
    : failure;
}
