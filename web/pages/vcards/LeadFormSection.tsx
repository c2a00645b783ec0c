import { Trans, useLingui } from '@lingui/react/macro';
import { useController, useFormState, useWatch, type Control } from 'react-hook-form';
import {
  defaultLeadConsent,
  LEAD_CONSENT_MAX_LENGTH,
  LEAD_FIELD_MODES,
  LEAD_FIELDS,
  type LeadField,
} from '#src/schemas/lead.ts';
import type { VcardFormValues, VcardInput } from '#src/schemas/vcard.ts';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { FieldShell } from '../../components/form/FieldShell.tsx';
import { Textarea } from '../../components/ui/Input.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { LEAD_FIELD_MODE_NAMES, LEAD_FIELD_NAMES } from './lead-form-names.ts';

/** One field's mode: a native select, its error (a form asking no way back) under it. */
function LeadFieldModeSelect({
  control,
  field,
}: {
  control: Control<VcardFormValues, unknown, VcardInput>;
  field: LeadField;
}) {
  const { i18n } = useLingui();
  const {
    field: { onChange, ...mode },
    fieldState: { error },
  } = useController({ control, name: `leadForm.fields.${field}` });
  return (
    <FieldShell label={i18n._(LEAD_FIELD_NAMES[field])} error={error?.message}>
      {(shell) => (
        <select
          {...shell}
          {...mode}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink aria-invalid:border-red-700"
        >
          {LEAD_FIELD_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {i18n._(LEAD_FIELD_MODE_NAMES[mode])}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * "Share your contact back": whether the card's page shows the form visitors leave their
 * details with, how each field shows, and the consent text they agree to. A blank consent text is the
 * product's own, in the page's language: the box shows it, for this card's name, as its example.
 */
export function LeadFormSection({
  control,
  headingLevel,
}: {
  control: Control<VcardFormValues, unknown, VcardInput>;
  headingLevel: 2 | 3;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `lead-form-heading-${headingLevel}`;
  const cardName = useWatch({ control, name: 'name' });
  const {
    field: { value: enabled, onChange: setEnabled, ...enabledField },
  } = useController({ control, name: 'leadForm.enabled' });
  const {
    field: { value: consent, onChange: setConsent, ...consentField },
  } = useController({ control, name: 'leadForm.consentText' });
  const { errors } = useFormState({ control, name: 'leadForm.consentText' });
  const consentValue = consent ?? '';
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 sm:rounded-xl sm:border sm:border-slate-200 sm:p-4"
      data-testid="lead-form-settings"
    >
      <div className="space-y-1">
        <Heading id={headingId} className="text-base font-semibold text-ink">
          <Trans>Share your contact back</Trans>
        </Heading>
        <p className="text-sm text-slate-600">
          <Trans>
            A short form on the card's page where visitors leave their details for you, with their consent.
            You find them on the Leads page.
          </Trans>
        </p>
      </div>
      <CheckboxField
        label={<Trans>Show the form on the card's page</Trans>}
        role="switch"
        {...enabledField}
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      {enabled && (
        <>
          <fieldset className="space-y-3">
            <legend className="text-sm text-slate-600">
              <Trans>
                Which details the form asks for. Ask for an email or a phone, or both, so you can answer.
              </Trans>
            </legend>
            <div className="grid gap-4 @md:grid-cols-2">
              {LEAD_FIELDS.map((field) => (
                <LeadFieldModeSelect key={field} control={control} field={field} />
              ))}
            </div>
          </fieldset>
          <FieldShell
            label={<Trans>Consent text</Trans>}
            hint={<Trans>Leave it blank to use the example, in the visitor's language.</Trans>}
            limit={{ max: LEAD_CONSENT_MAX_LENGTH, length: consentValue.length }}
            error={errors.leadForm?.consentText?.message}
          >
            {(shell) => (
              <Textarea
                {...shell}
                {...consentField}
                value={consentValue}
                onChange={(event) => setConsent(event.target.value)}
                placeholder={defaultLeadConsent(locale, cardName.trim() || t`the card's owner`)}
              />
            )}
          </FieldShell>
        </>
      )}
    </section>
  );
}
