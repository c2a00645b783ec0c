import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link2 } from 'lucide-react';
import { ChooseLinkCodeSchema, printedOrigin } from '#src/schemas/link.ts';
import { UpgradePrompt } from '../../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { showSaveFailure } from '../../components/form/form-save-failure.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../links/use-links-changed.ts';
import { LinkCodeField } from './LinkCodeField.tsx';
import { qrSaveFailure } from './qr-save-failure.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/** The link whose code is chosen: a QR code or a profile link, as the dashboard lists them. */
interface CodedLink {
  id: string;
  code: string;
  chosen: boolean;
  /** The custom domain it is printed with (null: the main address). */
  domain: string | null;
}

/** The code form, mounted on each opening so that it starts from the code as it is. */
function ChooseCodeForm({ link, onSaved }: { link: CodedLink; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.chooseCode.useMutation();
  const form = useZodForm(ChooseLinkCodeSchema, {
    id: link.id,
    code: link.chosen ? link.code : '',
  });
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);

  const onSubmit = form.submit(async () => {
    try {
      await mutateAsync(form.getValues());
    } catch (error) {
      showSaveFailure(form, qrSaveFailure(error, 'chooseCode'), i18n);
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
        origin={printedOrigin(window.location.origin, link)}
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
 * 'Choose code' of a QR code or a profile link (customLinks): its short link at /l/{your-code}. The codes
 * it had keep leading to it, so printed or shared copies keep working. A plan without the feature sees the
 * upgrade prompt.
 */
export function ChooseCodeDialog({
  link,
  kind,
  title,
}: {
  link: CodedLink;
  kind: 'qrCode' | 'profileLink';
  /**
   * The link's title, for a row with no room for words (the links list, beside its edit and delete icons):
   * the button is then an icon named for it.
   */
  title?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { allowed } = usePlanFeature('customLinks');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {title === undefined ? (
          <Button variant="ghost" size="sm">
            <Link2 aria-hidden />
            <Trans>Choose code</Trans>
          </Button>
        ) : (
          <Button variant="ghost" size="icon" aria-label={t`Choose the code of ${title}`} className="size-11">
            <Link2 aria-hidden />
          </Button>
        )}
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Choose the code of the short link</Trans>}
          description={
            kind === 'qrCode' ? (
              <Trans>
                Codes this QR code had before keep leading to it, so copies you already printed keep working.
              </Trans>
            ) : (
              <Trans>
                Codes this link had before keep leading to it, so addresses you already shared keep working.
              </Trans>
            )
          }
        >
          {allowed ? (
            <ChooseCodeForm link={link} onSaved={() => setOpen(false)} />
          ) : (
            <UpgradePrompt feature="customLinks" />
          )}
        </FormDialog>
      )}
    </Dialog>
  );
}
