import { useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { ProfileLinkFormSchema, type ProfileLinkFormValues } from '#src/schemas/link.ts';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { showSaveFailure } from '../../components/form/form-save-failure.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { LinkFields } from './LinkFields.tsx';
import { linkUpdateFailure } from './link-save-failure.ts';
import type { ProfileLinkRow } from './types.ts';
import { useLinksChanged } from './use-links-changed.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/** Every field of the form, named as the form names it, for the comparison of two versions. */
const LINK_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'title', label: msg`Title` },
  { path: 'url', label: msg`URL` },
];

/** A stored link as a version of the form. */
function storedLinkForm(
  link: Pick<ProfileLinkRow, 'title' | 'url' | 'version'>,
): Versioned<ProfileLinkFormValues> {
  return { values: { title: link.title, url: link.url, baseVersion: link.version }, version: link.version };
}

/**
 * The form inside the dialog, mounted on each opening so that it starts from the link as it is; `link` is
 * the list's, which live updates refresh.
 */
function EditLinkForm({ link, onSaved }: { link: ProfileLinkRow; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.updateProfileLink.useMutation();
  const [initialValues] = useState(() => storedLinkForm(link).values);
  const form = useZodForm(ProfileLinkFormSchema, initialValues);
  const formRef = useRef<HTMLFormElement>(null);
  const { isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);

  /** Sends the values: answers whether they were saved, or the newer version that refused them. */
  async function send(values: ProfileLinkFormValues) {
    const { baseVersion = link.version } = values;
    try {
      await mutateAsync({ ...values, id: link.id, baseVersion });
      return { saved: true };
    } catch (error) {
      const newer = conflictRecord<ProfileLinkRow>(error);
      if (newer) return { saved: false, conflict: storedLinkForm(newer) };
      showSaveFailure(form, linkUpdateFailure(error), i18n);
      return { saved: false };
    }
  }

  const onSubmit = form.submit(async () => {
    const outcome = await versions.save(form.getValues(), send);
    if (!outcome?.saved) return;
    toast({ title: t`Link updated successfully` });
    await linksChanged();
    onSaved();
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    storedLinkForm(link),
    LINK_CONFLICT_FIELDS,
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {versions.notice}
      <LinkFields form={form} />
      <FormActions
        className="pt-2"
        submitLabel={<Trans>Save changes</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
      {versions.dialog}
    </form>
  );
}

/**
 * The edit button of a profile link (a phone-sized target) and its dialog: title and URL change by the
 * rules of the add form; the short code stays, so shared links and the click count keep working.
 */
export function EditLinkDialog({ link }: { link: ProfileLinkRow }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { title } = link;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`Edit ${title}`} className="size-11">
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Edit link</Trans>}
          description={
            <Trans>Its short link stays the same: links you already shared lead to the new address.</Trans>
          }
        >
          <EditLinkForm link={link} onSaved={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
