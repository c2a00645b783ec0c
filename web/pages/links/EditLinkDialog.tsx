import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { ProfileLinkFormSchema } from '#src/schemas/link.ts';
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

/** The form inside the dialog, mounted on each opening so that it starts from the link as it is. */
function EditLinkForm({ link, onSaved }: { link: ProfileLinkRow; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.updateProfileLink.useMutation();
  const form = useZodForm(ProfileLinkFormSchema, { title: link.title, url: link.url });
  const { isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);

  const onSubmit = form.submit(async () => {
    try {
      await mutateAsync({ ...form.getValues(), id: link.id });
    } catch (error) {
      showSaveFailure(form, linkUpdateFailure(error), i18n);
      return;
    }
    toast({ title: t`Link updated successfully` });
    await linksChanged();
    onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <LinkFields form={form} />
      <FormActions
        className="pt-2"
        submitLabel={<Trans>Save changes</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
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
