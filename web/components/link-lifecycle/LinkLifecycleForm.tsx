import { useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { conflictRecord } from '../conflict/edit-conflict.ts';
import { useEditVersions } from '../conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../conflict/use-versioned-form.ts';
import { FormActions } from '../form/FormActions.tsx';
import { showSaveFailure } from '../form/form-save-failure.ts';
import { TextField } from '../form/TextField.tsx';
import { useZodForm } from '../form/use-zod-form.ts';
import { FormDialogCancel } from '../ui/FormDialog.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useLinksChanged } from '../../pages/links/use-links-changed.ts';
import {
  LIFECYCLE_CONFLICT_FIELDS,
  LifecycleFormSchema,
  lifecycleValues,
  storedLifecycleForm,
  type LifecycleFormValues,
} from './lifecycle-form.ts';
import { lifecycleSaveFailure } from './lifecycle-save-failure.ts';
import { LinkRulesField } from './LinkRulesField.tsx';
import type { LifecycleLink } from './types.ts';

/** What the limit field says of the follows counted: under a limit its count, else every follow so far. */
function ScanLimitHint({ link }: { link: LifecycleLink }) {
  const { maxScans, scansUsed } = link.lifecycle;
  if (maxScans !== null) {
    return (
      <Trans>
        {scansUsed} of {maxScans} used. Every scan and click counts; leave it empty for no limit.
      </Trans>
    );
  }
  // a new limit starts from every follow the link has led on so far
  const used = link.scanCount + link.clickCount;
  return (
    <Plural
      value={used}
      _0="Every scan and click counts; leave it empty for no limit."
      one="Every scan and click counts, the one so far included; leave it empty for no limit."
      other="Every scan and click counts, the # so far included; leave it empty for no limit."
    />
  );
}

/**
 * The schedule-and-rules form, mounted on each opening so that it starts from the link as it is; `link`
 * is the list's, which live updates refresh, and a newer version saved meanwhile is compared as in the
 * link's other edits.
 */
export function LinkLifecycleForm({ link, onSaved }: { link: LifecycleLink; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.setLifecycle.useMutation();
  const [initialValues] = useState(() => storedLifecycleForm(link).values);
  const form = useZodForm(LifecycleFormSchema, initialValues);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, isSubmitting } = form.formState;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  useLeaveGuard(form.formState.isDirty);

  /** Sends the values: answers whether they were saved, or the newer version that refused them. */
  async function send(values: LifecycleFormValues) {
    try {
      await mutateAsync(lifecycleValues(values));
      return { saved: true };
    } catch (error) {
      const newer = conflictRecord<LifecycleLink>(error);
      if (newer) return { saved: false, conflict: storedLifecycleForm(newer) };
      showSaveFailure(form, lifecycleSaveFailure(error), i18n);
      return { saved: false };
    }
  }

  const onSubmit = form.submit(async () => {
    const outcome = await versions.save(form.getValues(), send);
    if (!outcome?.saved) return;
    toast({ title: t`Schedule and rules saved` });
    await linksChanged();
    onSaved();
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    storedLifecycleForm(link),
    LIFECYCLE_CONFLICT_FIELDS,
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6">
      {versions.notice}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink">
          <Trans>When it is live</Trans>{' '}
          <span className="font-normal text-slate-600">
            <Trans>(your time zone: {timeZone})</Trans>
          </span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={<Trans>Live from</Trans>}
            type="datetime-local"
            hint={<Trans>Empty: live now.</Trans>}
            error={errors.activeFrom?.message}
            {...form.register('activeFrom')}
          />
          <TextField
            label={<Trans>Live until</Trans>}
            type="datetime-local"
            hint={<Trans>Empty: no end.</Trans>}
            error={errors.activeUntil?.message}
            {...form.register('activeUntil')}
          />
        </div>
      </fieldset>
      <TextField
        label={<Trans>Scan limit</Trans>}
        inputMode="numeric"
        autoComplete="off"
        hint={<ScanLimitHint link={link} />}
        error={errors.maxScans?.message}
        {...form.register('maxScans')}
      />
      <TextField
        label={<Trans>Fallback URL</Trans>}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={
          <Trans>
            Where visitors go while the link is not live: disabled, not started yet, ended or out of scans.
            Empty: a page saying the link is not active.
          </Trans>
        }
        error={errors.fallbackUrl?.message}
        {...form.register('fallbackUrl')}
      />
      <LinkRulesField form={form} />
      <FormActions
        className="pt-2"
        submitLabel={<Trans>Save</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
      {versions.dialog}
    </form>
  );
}
