import { useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { printedOrigin, QrCodeFormSchema, type QrCodeFormValues } from '#src/schemas/link.ts';
import { UpgradePrompt } from '../../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { LinkCodeField } from './LinkCodeField.tsx';
import { PrintedDomainField } from './PrintedDomainField.tsx';
import { QR_CODE_CONFLICT_FIELDS } from './qr-code-versions.ts';
import type { QrSaveResult } from './use-save-qr-code.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

interface QrCodeFormProps {
  initialValues: QrCodeFormValues;
  /** The saved QR code as the list has it now, which the form follows (null: a new QR code). */
  latest: Versioned<QrCodeFormValues> | null;
  submitLabel: ReactNode;
  /** Saves the form's values; the fields the server refused are marked in the form. */
  onSave: (values: QrCodeFormValues) => Promise<QrSaveResult>;
  /** Beside the submit button (the dialog's Cancel). */
  secondaryAction: ReactNode;
  /** Whether the form offers a chosen code (a new QR code; an existing one changes it with 'Choose code'). */
  withCode: boolean;
}

/**
 * The QR code form (spec section 5): title, destination URL, an optional icon, the address it is printed
 * with when the account has a verified custom domain and, for a new one, an optional chosen code
 * (customLinks; the upgrade prompt in its place for a plan without it), each with its message.
 */
export function QrCodeForm({
  initialValues,
  latest,
  submitLabel,
  onSave,
  secondaryAction,
  withCode,
}: QrCodeFormProps) {
  const form = useZodForm(QrCodeFormSchema, initialValues);
  const customLinks = usePlanFeature('customLinks');
  const { errors, isSubmitting } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  useLeaveGuard(form.formState.isDirty);

  const onSubmit = form.submit(async () => {
    const result = await versions.save(form.getValues(), onSave);
    if (!result || result.ok) return;
    for (const { path, message } of result.fieldErrors) {
      form.setError(path as FieldPath<QrCodeFormValues>, { message });
    }
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    latest,
    QR_CODE_CONFLICT_FIELDS,
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {versions.notice}
      <TextField
        label={<Trans>Title</Trans>}
        autoComplete="off"
        required
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label={<Trans>Destination URL</Trans>}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        required
        hint={<Trans>Where a scan leads. You can change it later: printed codes keep working.</Trans>}
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label={<Trans>Icon (optional)</Trans>}
        autoComplete="off"
        hint={<Trans>An emoji or a short word shown beside the title.</Trans>}
        error={errors.icon?.message}
        {...form.register('icon')}
      />
      <PrintedDomainField
        value={form.watch('domain') ?? ''}
        error={errors.domain?.message}
        registration={form.register('domain')}
      />
      {withCode &&
        (customLinks.allowed ? (
          <LinkCodeField
            label={<Trans>Short link code (optional)</Trans>}
            required={false}
            origin={printedOrigin(window.location.origin, { domain: form.watch('domain') || null })}
            value={form.watch('code') ?? ''}
            error={errors.code?.message}
            registration={form.register('code')}
          />
        ) : (
          <UpgradePrompt feature="customLinks">
            <Trans>Choose the code of your short link, for example /l/spring-menu.</Trans>
          </UpgradePrompt>
        ))}
      <FormActions
        className="pt-2"
        submitLabel={submitLabel}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={secondaryAction}
      />
      {versions.dialog}
    </form>
  );
}
