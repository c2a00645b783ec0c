import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import {
  ERROR_REASON_TEXT,
  NETWORK_ERROR_TEXT,
  trpcFailure,
  validationMessage,
} from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

export interface ToastText {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export interface FormSaveFailure {
  /** Fields the server refused, each with a validation id, to mark in the form. */
  fieldErrors: { path: string; message: string }[];
  toast: ToastText;
}

interface FormSaveTexts {
  /** The title when nothing better can be said (spec section 8: 'Failed to … Please try again.'). */
  failed: MessageDescriptor;
  /** What a full plan says (a create); `limit` is the plan limit the server reported, when it did. */
  limitReached?: (limit: number | undefined) => ToastText;
}

/**
 * What to tell the person when a form's create or update procedure is refused: the plan limit's own
 * toast, 'Validation Error' with the first field the server refused (and all of them to mark), or
 * `failed` with the reason's text (or the network's, when no answer came).
 */
export function formSaveFailure(error: unknown, texts: FormSaveTexts): FormSaveFailure {
  const failure = trpcFailure(error);
  if (!failure) return { fieldErrors: [], toast: { title: texts.failed, description: NETWORK_ERROR_TEXT } };
  if (failure.reason === 'limit_reached' && texts.limitReached) {
    const limit = failure.meta?.limit;
    return { fieldErrors: [], toast: texts.limitReached(typeof limit === 'number' ? limit : undefined) };
  }
  const [first] = failure.fieldErrors;
  if (failure.reason === 'validation_failed' && first) {
    return {
      fieldErrors: failure.fieldErrors,
      toast: { title: msg`Validation Error`, description: validationMessage(first.message) },
    };
  }
  return { fieldErrors: [], toast: { title: texts.failed, description: ERROR_REASON_TEXT[failure.reason] } };
}

/** Shows a refused save: the failure's destructive toast, then each field the server refused marked in the form. */
export function showSaveFailure<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  failure: FormSaveFailure,
  i18n: I18n,
): void {
  toast({
    variant: 'destructive',
    title: i18n._(failure.toast.title),
    description: i18n._(failure.toast.description),
  });
  for (const { path, message } of failure.fieldErrors) {
    form.setError(path as FieldPath<Values>, { message });
  }
}
