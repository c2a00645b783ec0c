import { useLingui } from '@lingui/react/macro';
import type { QrCodeFormValues } from '#src/schemas/link.ts';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { FormSaveFailure } from '../../components/form/form-save-failure.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../links/use-links-changed.ts';
import { storedQrCodeForm } from './qr-code-versions.ts';
import { qrSaveFailure } from './qr-save-failure.ts';
import type { QrCodeRow } from './types.ts';

export type QrSaveResult =
  | { ok: true; conflict?: undefined }
  | {
      ok: false;
      fieldErrors: FormSaveFailure['fieldErrors'];
      /** The newer version of the QR code that refused the edit (untold: the form compares). */
      conflict?: Versioned<QrCodeFormValues>;
    };

/**
 * Creates a QR code (no id) or changes one's title and destination from the version its values carry,
 * with the spec's toasts; a newer version saved meanwhile is answered, untold, for the form to compare. It
 * sends the form's own values: the procedures parse them with the same schema as the form.
 */
export function useSaveQrCode() {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const create = trpc.links.createQrCode.useMutation();
  const update = trpc.links.updateQrCode.useMutation();

  return async function save(id: string | null, values: QrCodeFormValues): Promise<QrSaveResult> {
    try {
      if (id) {
        const { baseVersion } = values;
        if (baseVersion === undefined)
          throw new Error('an edit of a QR code carries the version it is based on');
        await update.mutateAsync({ ...values, id, baseVersion });
      } else await create.mutateAsync(values);
    } catch (error) {
      const newer = conflictRecord<QrCodeRow>(error);
      if (newer) return { ok: false, fieldErrors: [], conflict: storedQrCodeForm(newer) };
      const { toast: text, fieldErrors } = qrSaveFailure(error, id ? 'update' : 'create');
      toast({ variant: 'destructive', title: i18n._(text.title), description: i18n._(text.description) });
      // the list may have changed elsewhere (another tab used the plan's last QR code)
      await linksChanged();
      return { ok: false, fieldErrors };
    }
    toast({ title: id ? t`QR code updated successfully` : t`QR code created successfully` });
    await linksChanged();
    return { ok: true };
  };
}
