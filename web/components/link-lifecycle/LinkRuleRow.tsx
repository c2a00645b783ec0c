import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { RULE_DEVICES } from '#src/link-lifecycle.ts';
import { SelectField } from '../form/SelectField.tsx';
import { TextField } from '../form/TextField.tsx';
import { Button } from '../ui/Button.tsx';
import type { LifecycleForm } from './lifecycle-form.ts';
import { RULE_DEVICE_NAMES } from './rule-names.ts';

/** Which of a rule's buttons keeps focus after a move: the same direction at its new place. */
export type RuleButton = `${number}-${'up' | 'down'}`;

interface LinkRuleRowProps {
  form: LifecycleForm;
  index: number;
  /** How many rules there are (the last one cannot move down). */
  count: number;
  /** The languages to choose from, by name in the interface's language. */
  languages: readonly { code: string; name: string }[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One rule: the device and the language it matches (either may be any, not both) and where it sends them. */
export function LinkRuleRow({ form, index, count, languages, onMove, onRemove }: LinkRuleRowProps) {
  const { t, i18n } = useLingui();
  const number = index + 1;
  const errors = form.formState.errors.rules?.[index];
  return (
    <li>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="sr-only">
          <Trans>Rule {number}</Trans>
        </legend>
        <div className="flex items-center justify-between gap-2">
          <p aria-hidden className="text-sm font-semibold text-ink">
            <Trans>Rule {number}</Trans>
          </p>
          <div className="flex">
            {count > 1 && (
              <>
                <Button
                  variant="ghost"
                  size="icon"
                  data-rule-button={`${index}-up`}
                  aria-label={t`Move rule ${number} up`}
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  data-rule-button={`${index}-down`}
                  aria-label={t`Move rule ${number} down`}
                  disabled={index === count - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
              </>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={t`Remove rule ${number}`}
              onClick={() => onRemove(index)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={<Trans>Device</Trans>}
            error={errors?.device?.message}
            {...form.register(`rules.${index}.device`)}
          >
            <option value="">{t`Any device`}</option>
            {RULE_DEVICES.map((device) => (
              <option key={device} value={device}>
                {i18n._(RULE_DEVICE_NAMES[device])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={<Trans>Language</Trans>}
            error={errors?.language?.message}
            {...form.register(`rules.${index}.language`)}
          >
            <option value="">{t`Any language`}</option>
            {languages.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={<Trans>Destination URL</Trans>}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          error={errors?.url?.message}
          {...form.register(`rules.${index}.url`)}
        />
      </fieldset>
    </li>
  );
}
