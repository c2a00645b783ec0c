import { msg } from '@lingui/core/macro';
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

/**
 * What to tell the person when links.createQrCode, links.updateQrCode or links.chooseCode is refused; a
 * code another link has is marked on the code field too.
 */
export function qrSaveFailure(error: unknown, action: QrSaveAction): FormSaveFailure {
  const failure = formSaveFailure(error, { failed: FAILED[action], limitReached: () => LIMIT_REACHED });
  if (trpcFailure(error)?.reason !== 'link_code_taken') return failure;
  return { ...failure, fieldErrors: [{ path: 'code', message: M.linkCodeTaken }] };
}
