import { useEffect, useMemo, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { LINK_RULES_MAX } from '#src/link-lifecycle.ts';
import { VALIDATION_MESSAGES as M } from '#src/messages.ts';
import { Button } from '../ui/Button.tsx';
import { validationMessage } from '../../lib/error-messages.ts';
import { EMPTY_RULE, type LifecycleForm } from './lifecycle-form.ts';
import { LinkRuleRow, type RuleButton } from './LinkRuleRow.tsx';
import { languageChoices } from './rule-names.ts';

/** Where focus goes once the list has changed: a rule's move button, or Add rule. */
type FocusTarget = RuleButton | 'add';

/**
 * A link's rules, first match wins: each one a row, added up to the limit, removed, and moved up or down.
 * Focus stays with what the person acted on: the moved rule's button, or Add rule after a removal.
 */
export function LinkRulesField({ form }: { form: LifecycleForm }) {
  const { i18n } = useLingui();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'rules' });
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const stored = form.formState.defaultValues?.rules;
  const languages = useMemo(
    () => languageChoices(i18n.locale, stored?.map((rule) => rule?.language ?? '') ?? []),
    [i18n.locale, stored],
  );
  const full = fields.length >= LINK_RULES_MAX;

  // once the list has rendered the move or removal
  useEffect(() => {
    const wanted = focusTarget.current;
    if (wanted === null) return;
    focusTarget.current = null;
    const target =
      wanted === 'add'
        ? addRef.current
        : listRef.current?.querySelector<HTMLElement>(`[data-rule-button="${wanted}"]`);
    target?.focus();
  }, [fields]);

  function moveRule(from: number, to: number) {
    move(from, to);
    // at the top or the bottom, its button in that direction is disabled: the other one keeps focus
    const direction = to === 0 ? 'down' : to === fields.length - 1 ? 'up' : to < from ? 'up' : 'down';
    focusTarget.current = `${to}-${direction}`;
  }

  function removeRule(index: number) {
    remove(index);
    focusTarget.current = 'add';
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">
        <Trans>Rules</Trans>
      </legend>
      <p className="text-sm text-slate-600">
        <Trans>
          While the link is live, send visitors on a device or in a language somewhere else. The first rule
          that matches wins; everyone else goes to the destination.
        </Trans>
      </p>
      {fields.length > 0 && (
        <ol ref={listRef} className="space-y-3">
          {fields.map((field, index) => (
            <LinkRuleRow
              key={field.id}
              form={form}
              index={index}
              count={fields.length}
              languages={languages}
              onMove={moveRule}
              onRemove={removeRule}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={addRef} variant="secondary" size="sm" disabled={full} onClick={() => append(EMPTY_RULE)}>
          <Plus aria-hidden />
          <Trans>Add rule</Trans>
        </Button>
        {full && <p className="text-sm text-slate-600">{i18n._(validationMessage(M.linkRulesTooMany))}</p>}
      </div>
    </fieldset>
  );
}
