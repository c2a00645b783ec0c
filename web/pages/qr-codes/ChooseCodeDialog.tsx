import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link2 } from 'lucide-react';
import type { FieldPath } from 'react-hook-form';
import { ChooseLinkCodeSchema, type ChooseLinkCodeValues } from '#src/schemas/link.ts';
import { UpgradePrompt } from '../../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../links/use-links-changed.ts';
import { LinkCodeField } from './LinkCodeField.tsx';
import { qrSaveFailure } from './qr-save-failure.ts';
import type { QrCodeRow } from './types.ts';

/** The code form, mounted on each opening so that it starts from the code as it is. */
function ChooseCodeForm({ qrCode, onSaved }: { qrCode: QrCodeRow; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.chooseCode.useMutation();
  const form = useZodForm(ChooseLinkCodeSchema, {
    id: qrCode.id,
    code: qrCode.chosen ? qrCode.code : '',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async () => {
    try {
      await mutateAsync(form.getValues());
    } catch (error) {
      const failure = qrSaveFailure(error, 'chooseCode');
      toast({
        variant: 'destructive',
        title: i18n._(failure.toast.title),
        description: i18n._(failure.toast.description),
      });
      for (const { path, message } of failure.fieldErrors) {
        form.setError(path as FieldPath<ChooseLinkCodeValues>, { message });
      }
      return;
    }
    toast({ title: t`Code changed` });
    await linksChanged();
    onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <LinkCodeField
        label={<Trans>Code</Trans>}
        required
        value={form.watch('code')}
        error={errors.code?.message}
        registration={form.register('code')}
      />
      <FormActions
        className="pt-2"
        submitLabel={<Trans>Save code</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/**
 * 'Choose code' of a QR code (customLinks): its short link at /l/{your-code}. The codes it had keep
 * leading to it, so printed copies keep working. A plan without the feature sees the upgrade prompt.
 */
export function ChooseCodeDialog({ qrCode }: { qrCode: QrCodeRow }) {
  const [open, setOpen] = useState(false);
  const { allowed } = usePlanFeature('customLinks');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Link2 aria-hidden />
          <Trans>Choose code</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Choose the code of the short link</Trans>}
          description={
            <Trans>
              Codes this QR code had before keep leading to it, so copies you already printed keep working.
            </Trans>
          }
        >
          {allowed ? (
            <ChooseCodeForm qrCode={qrCode} onSaved={() => setOpen(false)} />
          ) : (
            <UpgradePrompt feature="customLinks" />
          )}
        </FormDialog>
      )}
    </Dialog>
  );
}
