import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formSaveFailure, type FormSaveFailure } from '../../components/form/form-save-failure.ts';

/** Spec section 8, limits: the links page's own message, with the plan's number. */
export function linkLimitText(limit: number): MessageDescriptor {
  return msg`Free users can create ${limit} links. Upgrade to Pro for unlimited links!`;
}

/**
 * What to tell the person when links.createProfileLink is refused; `knownLimit` is the plan limit the page
 * has, for a refusal that does not name one.
 */
export function linkAddFailure(error: unknown, knownLimit: number): FormSaveFailure {
  return formSaveFailure(error, {
    failed: msg`Failed to add link. Please try again.`,
    limitReached: (limit) => ({ title: msg`Limit Reached`, description: linkLimitText(limit ?? knownLimit) }),
  });
}

/** What to tell the person when links.updateProfileLink is refused (an edit never reaches a limit). */
export function linkUpdateFailure(error: unknown): FormSaveFailure {
  return formSaveFailure(error, { failed: msg`Failed to update link. Please try again.` });
}
