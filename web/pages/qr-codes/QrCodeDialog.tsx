import { Trans } from '@lingui/react/macro';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { QrCodeForm } from './QrCodeForm.tsx';
import { storedQrCodeForm } from './qr-code-versions.ts';
import type { QrCodeRow } from './types.ts';
import { useSaveQrCode } from './use-save-qr-code.ts';

interface QrCodeDialogProps {
  /** The QR code whose destination changes (as the list has it now), or null to create one. */
  qrCode: QrCodeRow | null;
  onSaved: () => void;
}

const EMPTY_FORM = { title: '', url: '', icon: '', code: '', domain: '' };

/**
 * 'Create New QR' and 'Edit destination' of My QR Codes. Editing keeps the short code, so printed codes
 * lead to the new destination. Render it inside a <Dialog> that mounts it only while open.
 */
export function QrCodeDialog({ qrCode, onSaved }: QrCodeDialogProps) {
  const save = useSaveQrCode();
  const latest = qrCode && storedQrCodeForm(qrCode);
  return (
    <FormDialog
      title={qrCode ? <Trans>Edit QR code</Trans> : <Trans>Create New QR</Trans>}
      description={
        qrCode ? (
          <Trans>The code stays the same: codes you already printed lead to the new destination.</Trans>
        ) : (
          <Trans>The code leads to a short link of yours, so every scan is counted.</Trans>
        )
      }
    >
      <QrCodeForm
        initialValues={latest?.values ?? EMPTY_FORM}
        latest={latest}
        submitLabel={qrCode ? <Trans>Save changes</Trans> : <Trans>Create QR code</Trans>}
        onSave={async (values) => {
          const result = await save(qrCode?.id ?? null, values);
          if (result.ok) onSaved();
          return result;
        }}
        secondaryAction={<FormDialogCancel />}
        withCode={qrCode === null}
      />
    </FormDialog>
  );
}
