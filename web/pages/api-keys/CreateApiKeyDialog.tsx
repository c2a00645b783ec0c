import { useId, useState } from 'react';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, TriangleAlert } from 'lucide-react';
import {
  API_KEY_DEFAULT_EXPIRY,
  API_KEY_EXPIRIES,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  API_KEYS_PER_ACCOUNT_MAX,
  CreateApiKeySchema,
  type ApiKeyOwner,
  type CreateApiKeyValues,
} from '#src/api-keys.ts';
import { CopyableSecret } from '../../components/CopyableSecret.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { trpcErrorMessage, validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { EXPIRY_NAMES, SCOPE_DESCRIPTIONS, SCOPE_NAMES } from './names.ts';

/** The new key, shown once: the server keeps only its hash. */
function NewKey({ name, secret }: { name: string; secret: string }) {
  const { t } = useLingui();
  return (
    <CopyableSecret
      label={<Trans>The key “{name}”</Trans>}
      secret={secret}
      copyLabel={<Trans>Copy key</Trans>}
      copyFailed={t`Could not copy: select the key and copy it yourself.`}
    >
      <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <Trans>Copy this key now and keep it somewhere safe: it will not be shown again.</Trans>
      </p>
    </CopyableSecret>
  );
}

function CreateForm({
  owner,
  onCreated,
}: {
  owner: ApiKeyOwner;
  onCreated: (created: { name: string; key: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const runtime = useLinguiRuntime();
  const scopesLegend = useId();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.apiKeys.create.useMutation();
  const defaults: CreateApiKeyValues = {
    owner,
    name: '',
    scopes: ['read'],
    expiry: API_KEY_DEFAULT_EXPIRY,
  };
  const form = useZodForm(CreateApiKeySchema, defaults);
  const { errors, isSubmitting } = form.formState;
  const nameLength = form.watch('name').length;

  const onSubmit = form.submit(async (input) => {
    let created;
    try {
      created = await mutateAsync(input);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The API key was not created`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`API key created` });
    onCreated({ name: created.name, key: created.key });
    await utils.apiKeys.list.invalidate();
  });

  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label={<Trans>Name</Trans>}
        hint={<Trans>What uses this key, so you can tell it apart later.</Trans>}
        autoComplete="off"
        required
        limit={{ max: API_KEY_NAME_MAX_LENGTH, length: nameLength }}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <fieldset className="space-y-1" aria-describedby={scopesError ? `${scopesLegend}-error` : undefined}>
        <legend id={scopesLegend} className="text-sm font-semibold text-ink">
          <Trans>What it may do</Trans>
        </legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-10 items-start gap-2 py-1 text-sm text-ink">
            <input
              type="checkbox"
              value={scope}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-strong"
              {...form.register('scopes')}
            />
            <span>
              <span className="font-medium">{runtime.i18n._(SCOPE_NAMES[scope])}</span>
              <span className="block text-slate-700">{runtime.i18n._(SCOPE_DESCRIPTIONS[scope])}</span>
            </span>
          </label>
        ))}
        {scopesError && (
          <p id={`${scopesLegend}-error`} className="text-sm text-red-700">
            {i18n._(validationMessage(scopesError))}
          </p>
        )}
      </fieldset>
      <SelectField label={<Trans>Expires</Trans>} {...form.register('expiry')}>
        {API_KEY_EXPIRIES.map((expiry) => (
          <option key={expiry} value={expiry}>
            {runtime.i18n._(EXPIRY_NAMES[expiry])}
          </option>
        ))}
      </SelectField>
      <FormActions
        submitLabel={<Trans>Create key</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Creating...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/**
 * "Create API key" (of the person's own account, or "Create team key" of their team's: `owner`), its form,
 * then the new key once; refused beforehand at the per-account limit.
 */
export function CreateApiKeyDialog({ count, owner }: { count: number; owner: ApiKeyOwner }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const full = count >= API_KEYS_PER_ACCOUNT_MAX;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // the key leaves memory with the dialog
    if (!next) setCreated(null);
  };
  return (
    <div className="space-y-2">
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button disabled={full}>
            <Plus aria-hidden />
            {owner === 'team' ? <Trans>Create team key</Trans> : <Trans>Create API key</Trans>}
          </Button>
        </DialogTrigger>
        {open && (
          <FormDialog
            title={created ? <Trans>Your new API key</Trans> : <Trans>Create an API key</Trans>}
            description={
              created ? (
                <Trans>Use it in the program that calls the API for you.</Trans>
              ) : (
                <Trans>Choose a name, what the key may do and when it stops working.</Trans>
              )
            }
            initialFocusField={created ? undefined : 'name'}
          >
            {created ? (
              <NewKey name={created.name} secret={created.key} />
            ) : (
              <CreateForm owner={owner} onCreated={setCreated} />
            )}
          </FormDialog>
        )}
      </Dialog>
      {full && (
        <p className="text-sm text-slate-700">
          {owner === 'team' ? (
            <Trans>
              The team has {API_KEYS_PER_ACCOUNT_MAX} keys, the most it can have. Revoke one to create
              another.
            </Trans>
          ) : (
            <Trans>
              You have {API_KEYS_PER_ACCOUNT_MAX} keys, the most an account can have. Revoke one to create
              another.
            </Trans>
          )}
        </p>
      )}
    </div>
  );
}
