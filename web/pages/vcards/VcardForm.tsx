import { useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Controller, type FieldPath } from 'react-hook-form';
import type { UploadTarget } from '#src/media.ts';
import type { QrDesign } from '#src/qr-design.ts';
import { VcardFormSchema, type VcardFormValues } from '#src/schemas/vcard.ts';
import { lockedFormFields, type TeamTemplate } from '#src/team-template.ts';
import { CardFields } from '../../components/card/CardFields.tsx';
import { LockedColours } from '../../components/card/LockedField.tsx';
import { CardColourField } from '../../components/card/CardColourField.tsx';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { DraftNotice } from '../../components/form/DraftNotice.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { resetToSaved } from '../../components/form/reset-to-saved.ts';
import { useFormDraft } from '../../components/form/use-form-draft.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import type { VcardSaveResult } from './use-save-vcard.ts';
import { LeadFormSection } from './LeadFormSection.tsx';
import { VCARD_CONFLICT_FIELDS } from './vcard-conflict-fields.ts';
import { VcardPreview } from './VcardPreview.tsx';

interface VcardFormProps {
  initialValues: VcardFormValues;
  /** The saved card's id (its preview is its public page); none while it is being created. */
  vcardId?: string | undefined;
  /** The saved card as its query has it now, which the form follows (null: a new card). */
  latest?: Versioned<VcardFormValues> | null;
  /** The address the preview's QR code shows; null while the card has no public page. */
  publicUrl: string | null;
  /** The design of the card's QR code in effect (a saved card's; a new card's code is plain). */
  qrDesign?: QrDesign;
  submitLabel: ReactNode;
  /** Saves the form's values; the server's rejected fields are marked in the form. */
  onSave: (values: VcardFormValues) => Promise<VcardSaveResult>;
  /** Beside the submit button (the dialog's Cancel). */
  secondaryAction?: ReactNode;
  /** The level of the form's section headings: 3 under a dialog's title (h2), 2 right under a page's h1. */
  headingLevel?: 2 | 3;
  /** Keep the unsaved changes in this browser as a draft of this card (the vCard editor). */
  draft?: { cardId: string; base: string | null };
  /** Whose an uploaded photo is, when not the person's own: a team card's photo is the team's. */
  photoFor?: UploadTarget;
  /**
   * A team card's template (teams.template): the fields it locks are shown read-only with its values, and
   * the form keeps the card's own values of them (which the server keeps as they are).
   */
  locked?: TeamTemplate | null;
}

/**
 * The vCard form of the My vCards dialog, of /dashboard/vcard and of the team's cards: photo, card fields, three colours, and
 * a live preview beside the fields on wide screens and below them on narrow ones.
 */
export function VcardForm({
  initialValues,
  vcardId,
  latest = null,
  publicUrl,
  qrDesign,
  submitLabel,
  onSave,
  secondaryAction,
  headingLevel = 3,
  draft: draftOf,
  photoFor,
  locked,
}: VcardFormProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const locks = lockedFormFields(locked);
  const form = useZodForm(VcardFormSchema, initialValues);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useFormDraft(form, {
    kind: 'vcard',
    cardId: draftOf?.cardId ?? null,
    base: draftOf?.base ?? null,
  });
  useLeaveGuard(form.formState.isDirty, draft.forget);

  // the procedures parse the form's own values with the same schema, so those are what is sent
  const onSubmit = form.submit(async () => {
    const values = form.getValues();
    const result = await versions.save(values, onSave);
    if (!result) return;
    if (result.ok) {
      // what was typed while the save was on its way stays unsaved, on top of the version just saved
      form.setValue('baseVersion', result.version);
      resetToSaved(form, { ...values, baseVersion: result.version });
      return;
    }
    for (const { path, message } of result.fieldErrors) {
      form.setError(path as FieldPath<VcardFormValues>, { message });
    }
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    latest,
    VCARD_CONFLICT_FIELDS,
  );

  return (
    <div className="@container">
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_22.5rem]"
      >
        <div className="min-w-0 space-y-6">
          {versions.notice}
          <DraftNotice draft={draft} />
          <Controller
            control={form.control}
            name="photo"
            render={({ field }) => (
              <PhotoInput
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setUploading}
                uploadFor={photoFor}
              />
            )}
          />
          <CardFields control={form.control} locked={locks} />
          <div className="space-y-6 sm:rounded-xl sm:border sm:border-slate-200 sm:p-4">
            <Heading className="text-base font-semibold text-ink">
              <Trans>Colours</Trans>
            </Heading>
            {locks.colours ? (
              <LockedColours colours={locks.colours} />
            ) : (
              <>
                <CardColourField
                  control={form.control}
                  name="backgroundColour"
                  legend={<Trans>Background colour</Trans>}
                />
                <CardColourField
                  control={form.control}
                  name="fontColour"
                  legend={<Trans>Font colour</Trans>}
                />
                <CardColourField
                  control={form.control}
                  name="iconColour"
                  legend={<Trans>Icon colour</Trans>}
                />
              </>
            )}
          </div>
          <LeadFormSection control={form.control} headingLevel={headingLevel} />
        </div>
        <div className="space-y-2 @3xl:sticky @3xl:top-20 @3xl:col-start-2 @3xl:row-span-2 @3xl:row-start-1 @3xl:self-start">
          <Heading className="text-sm font-semibold text-slate-700">
            <Trans>Preview</Trans>
          </Heading>
          <VcardPreview control={form.control} vcardId={vcardId} publicUrl={publicUrl} qrDesign={qrDesign} />
        </div>
        <FormActions
          className="@3xl:col-start-1"
          submitLabel={submitLabel}
          busy={form.formState.isSubmitting || uploading}
          busyLabel={uploading ? <Trans>Uploading photo...</Trans> : <Trans>Saving...</Trans>}
          secondaryAction={secondaryAction}
        />
        {versions.dialog}
      </form>
    </div>
  );
}
