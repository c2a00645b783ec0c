import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { PasskeyNameFormSchema } from '#src/schemas/passkey.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';

export type Passkey = RouterOutputs['passkeys']['list']['passkeys'][number];

/** The name the person gave, or a stand-in for a passkey that has none. */
export function PasskeyName({ name }: { name: string | null }) {
  return name ? <>{name}</> : <Trans>Unnamed passkey</Trans>;
}

function DeviceType({ deviceType }: { deviceType: string }) {
  return deviceType === 'multiDevice' ? (
    <Trans>Synced passkey (available on your other devices)</Trans>
  ) : (
    <Trans>Kept on one device or security key</Trans>
  );
}

/** The rename form, mounted only while its dialog is open so it starts from the current name. */
function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.passkeys.rename.useMutation();
  const form = useZodForm(PasskeyNameFormSchema, { name: passkey.name ?? '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ name }) => {
    try {
      await mutateAsync({ id: passkey.id, name });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to rename the passkey`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Passkey renamed` });
    await utils.passkeys.list.invalidate();
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <TextField
        label={<Trans>Passkey name</Trans>}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormActions
        submitLabel={<Trans>Save name</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

function RenameDialog({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Pencil aria-hidden />
          <Trans>Rename</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Rename passkey</Trans>}
          description={
            <Trans>A name that tells you where this passkey is, such as the device it is on.</Trans>
          }
          initialFocusField="name"
        >
          <RenameForm passkey={passkey} onDone={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}

function RemoveDialog({ passkey }: { passkey: Passkey }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.passkeys.remove.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ id: passkey.id }),
    failureTitle: t`Failed to remove the passkey`,
    success: { title: t`Passkey removed` },
    refresh: () => utils.passkeys.list.invalidate(),
  });
  const name = <PasskeyName name={passkey.name} />;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          <Trans>Remove</Trans>
        </Button>
      }
      title={<Trans>Remove this passkey?</Trans>}
      description={
        <Trans>
          You can no longer sign in with “{name}”. Also delete it from the device or password manager that
          keeps it.
        </Trans>
      }
      confirmLabel={<Trans>Remove passkey</Trans>}
      pendingLabel={<Trans>Removing...</Trans>}
      onConfirm={remove}
    />
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { i18n } = useLingui();
  const added = formatDate(passkey.createdAt, i18n.locale);
  return (
    <li className="flex items-start gap-3 py-3">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
      {/* the buttons under the details on a phone, beside them from sm up */}
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-0.5 text-sm">
          <p className="font-medium break-words text-ink">
            <PasskeyName name={passkey.name} />
          </p>
          <p className="text-slate-700">
            <Trans>Added {added}</Trans>
          </p>
          <p className="text-slate-600">
            <DeviceType deviceType={passkey.deviceType} />
          </p>
          {!passkey.removable && (
            <p className="text-slate-600">
              <Trans>Your only way to sign in: add another passkey before removing this one.</Trans>
            </p>
          )}
        </div>
        <div className="-ml-3 flex shrink-0 flex-wrap gap-1 sm:ml-0">
          <RenameDialog passkey={passkey} />
          {passkey.removable && <RemoveDialog passkey={passkey} />}
        </div>
      </div>
    </li>
  );
}

/** The person's passkeys, oldest first, each with Rename and (unless it is the last way in) Remove. */
export function PasskeyList({ passkeys }: { passkeys: readonly Passkey[] }) {
  if (passkeys.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        <Trans>You have no passkeys yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {passkeys.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} />
      ))}
    </ul>
  );
}
