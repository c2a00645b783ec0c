import { msg } from '@lingui/core/macro';
import type { ErrorReason } from '#src/errors.ts';
import { VALIDATION_MESSAGES as M } from '#src/messages.ts';
import {
  formSaveFailure,
  type FormSaveFailure,
  type ToastText,
} from '../../components/form/form-save-failure.ts';
import { trpcFailure } from '../../lib/error-messages.ts';

export type QrSaveAction = 'create' | 'update' | 'chooseCode';

/** Spec section 8: what a refused save says when no reason has a better text. */
const FAILED = {
  create: msg`Failed to create QR code. Please try again.`,
  update: msg`Failed to update QR code. Please try again.`,
  chooseCode: msg`Failed to change the code. Please try again.`,
} as const;

const LIMIT_REACHED: ToastText = {
  title: msg`Limit Reached`,
  description: msg`Upgrade your plan to create more QR codes.`,
};

/** The refusals told on a field of the form too: a code another link has, a domain not usable. */
const FIELD_OF: Partial<Record<ErrorReason, { path: string; message: string }>> = {
  link_code_taken: { path: 'code', message: M.linkCodeTaken },
  domain_unusable: { path: 'domain', message: M.linkDomainUnusable },
};

/**
 * What to tell the person when links.createQrCode, links.updateQrCode or links.chooseCode is refused; a
 * code another link has, or a domain that cannot be used, is marked on its field too.
 */
export function qrSaveFailure(error: unknown, action: QrSaveAction): FormSaveFailure {
  const failure = formSaveFailure(error, { failed: FAILED[action], limitReached: () => LIMIT_REACHED });
  const reason = trpcFailure(error)?.reason;
  const field = reason === undefined ? undefined : FIELD_OF[reason];
  return field ? { ...failure, fieldErrors: [field] } : failure;
}
