import { useRef, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { CARD_LAYOUTS } from '#src/schemas/card-design.ts';
import {
  SaveTeamTemplateSchema,
  type SaveTeamTemplateInput,
  type SaveTeamTemplateValues,
} from '#src/schemas/team-template.ts';
import { CARD_FIELD_MAX_LENGTHS } from '#src/schemas/vcard.ts';
import { isLockableTemplateField, type TemplateField } from '#src/team-template.ts';
import { PostalAddressFields, type CardFieldsValues } from '../../components/card/CardFields.tsx';
import { cardSaveFailure } from '../../components/card/card-save-failure.ts';
import { CardColourField } from '../../components/card/CardColourField.tsx';
import { conflictRecord } from '../../components/conflict/edit-conflict.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { OptionGroup } from '../../components/form/OptionGroup.tsx';
import { resetToSaved } from '../../components/form/reset-to-saved.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { LAYOUT_NAMES } from '../card-design/design-names.ts';
import { FontSelect } from '../card-design/FontSelect.tsx';
import {
  storedTemplateForm,
  TEMPLATE_CONFLICT_FIELDS,
  TEMPLATE_FIELD_NAMES,
  type TeamTemplateView,
} from './template-fields.ts';

type TemplateControl = Control<SaveTeamTemplateValues, unknown, SaveTeamTemplateInput>;

/** What a refused save says when no reason has a better text. */
const NOT_SAVED = {
  title: msg`The card template was not saved`,
  description: msg`Nothing was changed. Please try again.`,
};

/** One field of the template with its lock (when it has one): its controls, and whether every team card must show it. */
function TemplateFieldBox({
  control,
  field,
  children,
}: {
  control: TemplateControl;
  field: TemplateField;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const name = i18n._(TEMPLATE_FIELD_NAMES[field]);
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4">
      {children}
      {isLockableTemplateField(field) ? (
        <Controller
          control={control}
          name={`locked.${field}`}
          render={({ field: lock }) => (
            <CheckboxField
              label={<Trans>{name}: lock on every team card</Trans>}
              checked={lock.value}
              onChange={(event) => lock.onChange(event.target.checked)}
              onBlur={lock.onBlur}
              name={lock.name}
              ref={lock.ref}
            />
          )}
        />
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>Every team card shows the template's choice here.</Trans>
        </p>
      )}
    </div>
  );
}

function TemplateForm({ template }: { template: TeamTemplateView }) {
  const { t, i18n } = useLingui();
  const stored = storedTemplateForm(template);
  const form = useZodForm(SaveTeamTemplateSchema, stored.values);
  const { control } = form;
  const { errors } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(false);
  const saveTemplate = trpc.teams.saveTemplate.useMutation();
  const utils = trpc.useUtils();
  useLeaveGuard(form.formState.isDirty);

  async function send(values: SaveTeamTemplateValues) {
    try {
      const { version } = await saveTemplate.mutateAsync(values);
      return { version };
    } catch (error) {
      const newer = conflictRecord<TeamTemplateView>(error);
      if (newer) return { conflict: storedTemplateForm(newer) };
      const failure = cardSaveFailure(error, NOT_SAVED);
      for (const { path, message } of failure.fieldErrors) {
        form.setError(path as FieldPath<SaveTeamTemplateValues>, { message });
      }
      if (failure.toast) {
        toast({
          variant: 'destructive',
          title: i18n._(failure.toast.title),
          description: i18n._(failure.toast.description),
        });
      }
      return { failed: true as const };
    }
  }

  const onSubmit = form.submit(async () => {
    const values = form.getValues();
    const outcome = await versions.save(values, send);
    if (!outcome || !('version' in outcome) || outcome.version === undefined) return;
    resetToSaved(form, { ...values, baseVersion: outcome.version });
    toast({ title: t`Card template saved`, description: t`Every team card shows it now.` });
    await Promise.all([utils.teams.template.invalidate(), utils.teams.events.invalidate()]);
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    stored,
    TEMPLATE_CONFLICT_FIELDS,
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {versions.notice}
      <div className="grid gap-4 lg:grid-cols-2">
        <TemplateFieldBox control={control} field="company">
          <TextField
            label={<Trans>Company</Trans>}
            autoComplete="organization"
            limit={{ max: CARD_FIELD_MAX_LENGTHS.company, length: (form.watch('company') ?? '').length }}
            error={errors.company?.message}
            {...form.register('company')}
          />
        </TemplateFieldBox>
        <TemplateFieldBox control={control} field="website">
          <TextField
            label={<Trans>Website</Trans>}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            limit={{ max: CARD_FIELD_MAX_LENGTHS.url, length: (form.watch('website') ?? '').length }}
            error={errors.website?.message}
            {...form.register('website')}
          />
        </TemplateFieldBox>
        <TemplateFieldBox control={control} field="address">
          <PostalAddressFields control={control as unknown as Control<CardFieldsValues>} />
        </TemplateFieldBox>
        <TemplateFieldBox control={control} field="logo">
          <Controller
            control={control}
            name="logo"
            render={({ field }) => (
              <PhotoInput
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setUploading}
                uploadFor={{ team: true }}
                kind="graphic"
                label={<Trans>Logo</Trans>}
                hint={<Trans>Shown beside the photo on every team card.</Trans>}
              />
            )}
          />
          {errors.logo?.message && (
            <p className="text-sm font-medium text-red-700">
              <Trans>This picture cannot be the team's logo: upload it here again.</Trans>
            </p>
          )}
        </TemplateFieldBox>
        <TemplateFieldBox control={control} field="layout">
          <Controller
            control={control}
            name="layout"
            render={({ field }) => (
              <OptionGroup
                legend={<Trans>Layout</Trans>}
                name="template-layout"
                options={CARD_LAYOUTS}
                names={LAYOUT_NAMES}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </TemplateFieldBox>
        <TemplateFieldBox control={control} field="font">
          <Controller
            control={control}
            name="font"
            render={({ field }) => (
              <FontSelect id="template-font" value={field.value} onChange={field.onChange} />
            )}
          />
        </TemplateFieldBox>
        <div className="lg:col-span-2">
          <TemplateFieldBox control={control} field="colours">
            <div className="grid gap-6 md:grid-cols-3">
              <CardColourField
                control={control}
                name="backgroundColour"
                legend={<Trans>Background colour</Trans>}
              />
              <CardColourField control={control} name="fontColour" legend={<Trans>Font colour</Trans>} />
              <CardColourField control={control} name="iconColour" legend={<Trans>Icon colour</Trans>} />
            </div>
          </TemplateFieldBox>
        </div>
      </div>
      <FormActions
        submitLabel={<Trans>Save template</Trans>}
        busy={form.formState.isSubmitting || uploading}
        busyLabel={uploading ? <Trans>Uploading photo...</Trans> : <Trans>Saving...</Trans>}
      />
      {versions.dialog}
    </form>
  );
}

/**
 * The team's card template, for its owner and admins: the brand every team card shares, each field
 * lockable. A change shows on every team card at once.
 */
export function TeamTemplateSection() {
  const template = trpc.teams.template.useQuery();
  return (
    <SectionCard
      title={<Trans>Card template</Trans>}
      description={
        <Trans>
          The brand your team's cards share. Layout, font and logo are the same on every team card. A locked
          field shows the template's value on every team card, and members can't change it; an unlocked one is
          each card's own, or the template's where a card has none. Changes show on every card at once.
        </Trans>
      }
    >
      {template.data ? (
        <TemplateForm template={template.data} />
      ) : (
        <QueryStatus error={template.error} onRetry={() => void template.refetch()} />
      )}
    </SectionCard>
  );
}
