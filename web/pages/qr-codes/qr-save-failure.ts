import { msg } from '@lingui/core/macro';
import {
  formSaveFailure,
  type FormSaveFailure,
  type ToastText,
} from '../../components/form/form-save-failure.ts';

export type QrSaveAction = 'create' | 'update';

/** Spec section 8: what a refused save says when no reason has a better text. */
const FAILED = {
  create: msg`Failed to create QR code. Please try again.`,
  update: msg`Failed to update QR code. Please try again.`,
} as const;

const LIMIT_REACHED: ToastText = {
  title: msg`Limit Reached`,
  description: msg`Upgrade your plan to create more QR codes.`,
};

/** What to tell the person when links.createQrCode or links.updateQrCode is refused. */
export function qrSaveFailure(error: unknown, action: QrSaveAction): FormSaveFailure {
  return formSaveFailure(error, { failed: FAILED[action], limitReached: () => LIMIT_REACHED });
}
