import { Trans, useLingui } from '@lingui/react/macro';
import { emptyVcardForm } from '#src/schemas/vcard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/Dialog.tsx';
import type { VcardRow } from './types.ts';
import { useSaveVcard } from './use-save-vcard.ts';
import { vcardFormValues } from './vcard-form-values.ts';
import { VcardForm } from './VcardForm.tsx';

interface VcardDialogProps {
  /** The card to edit, or null to create one. */
  vcard: VcardRow | null;
  /** Its public address for the preview's QR code, when it has one. */
  publicUrl: string | null;
  onSaved: () => void;
}

function focusNameField(dialog: EventTarget | null): void {
  if (dialog instanceof HTMLElement) dialog.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
}

/**
 * The create/edit dialog of My vCards. Full screen on a phone and scrolling inside, so the long form and
 * its preview fit any screen. Render it inside a <Dialog> that mounts it only while open.
 */
export function VcardDialog({ vcard, publicUrl, onSaved }: VcardDialogProps) {
  const { t } = useLingui();
  const save = useSaveVcard();
  return (
    <DialogContent
      className="inset-0 h-dvh w-full max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none p-4 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
      // start at the name rather than at the photo button that comes first
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        focusNameField(event.currentTarget);
      }}
    >
      <DialogTitle>{vcard ? <Trans>Edit vCard</Trans> : <Trans>Create vCard</Trans>}</DialogTitle>
      <DialogDescription>
        <Trans>The details, photo and colours people see on your card and save to their phones.</Trans>
      </DialogDescription>
      <div className="mt-6">
        <VcardForm
          initialValues={vcard ? vcardFormValues(vcard) : emptyVcardForm()}
          publicUrl={publicUrl}
          submitLabel={vcard ? <Trans>Save changes</Trans> : <Trans>Create vCard</Trans>}
          onSave={async (values) => {
            const result = vcard
              ? await save(vcard.id, values, t`vCard updated successfully`)
              : await save(null, values, t`vCard created successfully`);
            if (result.ok) onSaved();
            return result;
          }}
          secondaryAction={
            <DialogClose asChild>
              <Button variant="secondary">
                <Trans>Cancel</Trans>
              </Button>
            </DialogClose>
          }
        />
      </div>
    </DialogContent>
  );
}
