import { Trans, useLingui } from '@lingui/react/macro';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import type { VcardRow } from './types.ts';
import { useNewVcardValues } from './use-new-vcard-values.ts';
import { useSaveVcard } from './use-save-vcard.ts';
import { storedVcardForm } from './vcard-form-values.ts';
import { VcardForm } from './VcardForm.tsx';

interface VcardDialogProps {
  /** The card to edit, or null to create one. */
  vcard: VcardRow | null;
  /** Its public address for the preview's QR code, when it has one. */
  publicUrl: string | null;
  onSaved: () => void;
}

/**
 * The create/edit dialog of My vCards. Full screen on a phone and scrolling inside, so the long form and
 * its preview fit any screen. Render it inside a <Dialog> that mounts it only while open.
 */
export function VcardDialog({ vcard, publicUrl, onSaved }: VcardDialogProps) {
  const { t } = useLingui();
  const save = useSaveVcard();
  const newValues = useNewVcardValues();
  const locale = useLocale();
  const stored = vcard ? storedVcardForm(vcard, locale) : null;
  const initialValues = stored?.values ?? newValues;
  return (
    <FormDialog
      title={vcard ? <Trans>Edit vCard</Trans> : <Trans>Create vCard</Trans>}
      description={
        <Trans>The details, photo and colours people see on your card and save to their phones.</Trans>
      }
      layout="wide"
      // start at the name rather than at the photo button that comes first
      initialFocusField="name"
    >
      {initialValues ? (
        <VcardForm
          initialValues={initialValues}
          latest={stored}
          vcardId={vcard?.id}
          publicUrl={publicUrl}
          qrDesign={vcard?.qrDesign}
          submitLabel={vcard ? <Trans>Save changes</Trans> : <Trans>Create vCard</Trans>}
          onSave={async (values) => {
            const result = vcard
              ? await save(vcard.id, values, t`vCard updated successfully`)
              : await save(null, values, t`vCard created successfully`);
            if (result.ok) onSaved();
            return result;
          }}
          secondaryAction={<FormDialogCancel />}
        />
      ) : (
        <p role="status" className="py-10 text-center text-slate-700">
          <Trans>Loading...</Trans>
        </p>
      )}
    </FormDialog>
  );
}
