import { msg } from '@lingui/core/macro';
import type { QrCodeFormValues } from '#src/schemas/link.ts';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import type { QrCodeRow } from './types.ts';

/** Every field of the edit form of a QR code, named as the form names it, for the comparison of versions. */
export const QR_CODE_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'title', label: msg`Title` },
  { path: 'url', label: msg`Destination URL` },
  { path: 'icon', label: msg`Icon (optional)` },
  { path: 'domain', label: msg`Address in the code` },
];

/** A stored QR code (as the list, or an edit_conflict refusal, has it) as a version of its edit form. */
export function storedQrCodeForm(
  qrCode: Pick<QrCodeRow, 'title' | 'url' | 'icon' | 'domain' | 'version'>,
): Versioned<QrCodeFormValues> {
  return {
    values: {
      title: qrCode.title,
      url: qrCode.url,
      icon: qrCode.icon ?? '',
      domain: qrCode.domain ?? '',
      baseVersion: qrCode.version,
    },
    version: qrCode.version,
  };
}
