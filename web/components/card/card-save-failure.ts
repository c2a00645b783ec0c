import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VALIDATION_MESSAGES as M } from '#src/messages.ts';
import {
  ERROR_REASON_TEXT,
  NETWORK_ERROR_TEXT,
  trpcFailure,
  validationMessage,
} from '../../lib/error-messages.ts';

// What to tell the person when profile.createCard or profile.updateDetails is refused (spec section 8,
// "Photos and cards" and "Limits"): the fields to mark, and the toast.

interface ToastText {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export interface CardSaveFailure {
  /** Fields the server refused, each with a validation id, to mark in the form. */
  fieldErrors: { path: string; message: string }[];
  toast: ToastText | null;
}

const LIMIT_REACHED: ToastText = {
  title: msg`Limit Reached`,
  description: msg`Upgrade your plan to create more digital cards and QR codes.`,
};

const VALIDATION_ERROR = msg`Validation Error`;

/** The field and message id of a service's validation_failed ({ field, message } in its meta). */
function metaFieldError(meta: Record<string, unknown> | undefined): { path: string; message: string }[] {
  return typeof meta?.field === 'string' && typeof meta.message === 'string'
    ? [{ path: meta.field, message: meta.message }]
    : [];
}

/**
 * A taken username marks the field (no toast: the field is focused); a refused field marks it and shows
 * 'Validation Error' with its message; a full plan shows 'Limit Reached'; anything else shows `fallback`,
 * with the reason's own text when the server gave one that says more.
 */
export function cardSaveFailure(error: unknown, fallback: ToastText): CardSaveFailure {
  const data = trpcFailure(error);
  if (!data) return { fieldErrors: [], toast: { title: fallback.title, description: NETWORK_ERROR_TEXT } };
  switch (data.reason) {
    case 'username_taken':
      return { fieldErrors: [{ path: 'username', message: M.usernameTaken }], toast: null };
    case 'limit_reached':
      return { fieldErrors: [], toast: LIMIT_REACHED };
    case 'validation_failed': {
      const fieldErrors = [...metaFieldError(data.meta), ...data.fieldErrors];
      const [first] = fieldErrors;
      if (!first) break;
      return {
        fieldErrors,
        toast: { title: VALIDATION_ERROR, description: validationMessage(first.message) },
      };
    }
    case 'internal':
      return { fieldErrors: [], toast: fallback };
    default:
      return {
        fieldErrors: [],
        toast: { title: fallback.title, description: ERROR_REASON_TEXT[data.reason] },
      };
  }
  return { fieldErrors: [], toast: fallback };
}
