import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { RULE_DEVICES } from '#src/link-lifecycle.ts';
import { LinkLifecycleSchema, type LinkLifecycleInput, type LinkLifecycleValues } from '#src/schemas/link.ts';
import type { Versioned } from '../conflict/edit-conflict.ts';
import type { ConflictField } from '../conflict/field-diff.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local.ts';
import { describeRule } from './rule-names.ts';
import type { LifecycleLink } from './types.ts';

// The schedule-and-rules form holds what its inputs hold (texts; '' for "any" or "none"), and turns them
// into links.setLifecycle's input, checked by the procedure's own schema.

const RuleFormSchema = z.object({
  device: z.enum([...RULE_DEVICES, '']),
  language: z.string(),
  url: z.string(),
});
export type RuleFormValues = z.infer<typeof RuleFormSchema>;

const LifecycleFormFields = z.object({
  id: z.string(),
  baseVersion: z.number(),
  activeFrom: z.string(),
  activeUntil: z.string(),
  maxScans: z.string(),
  fallbackUrl: z.string(),
  rules: z.array(RuleFormSchema),
});
export type LifecycleFormValues = z.infer<typeof LifecycleFormFields>;

/** The form's values as links.setLifecycle takes them. */
export function lifecycleValues(form: LifecycleFormValues): LinkLifecycleValues {
  const maxScans = form.maxScans.trim();
  return {
    id: form.id,
    baseVersion: form.baseVersion,
    activeFrom: fromDateTimeLocal(form.activeFrom),
    activeUntil: fromDateTimeLocal(form.activeUntil),
    // a text that is no number fails the schema's whole-number check
    maxScans: maxScans === '' ? null : Number(maxScans),
    fallbackUrl: form.fallbackUrl,
    rules: form.rules.map((rule) => ({
      device: rule.device || null,
      language: rule.language || null,
      url: rule.url,
    })),
  };
}

/** The form checked by the rules of links.setLifecycle; each message lands on the field it names. */
export const LifecycleFormSchema = LifecycleFormFields.transform(lifecycleValues).pipe(LinkLifecycleSchema);

export const EMPTY_RULE: RuleFormValues = { device: '', language: '', url: '' };

/** A stored link (as the list, or an edit_conflict refusal, has it) as a version of the form. */
export function storedLifecycleForm(
  link: Pick<LifecycleLink, 'id' | 'version' | 'lifecycle'>,
): Versioned<LifecycleFormValues> {
  const { activeFrom, activeUntil, maxScans, fallbackUrl, rules } = link.lifecycle;
  return {
    values: {
      id: link.id,
      baseVersion: link.version,
      activeFrom: toDateTimeLocal(activeFrom),
      activeUntil: toDateTimeLocal(activeUntil),
      maxScans: maxScans === null ? '' : String(maxScans),
      fallbackUrl: fallbackUrl ?? '',
      rules: rules.map((rule) => ({
        device: rule.device ?? '',
        language: rule.language ?? '',
        url: rule.url,
      })),
    },
    version: link.version,
  };
}

/** A datetime-local value as the comparison of versions shows it, in the reader's words. */
function dateTimeText(value: unknown, i18n: I18n): string {
  return typeof value === 'string' && value !== '' ? formatDateTime(new Date(value), i18n.locale) : '';
}

/** A list of rules as the comparison of versions shows it, one numbered line each. */
function rulesText(value: unknown, i18n: I18n): string {
  const rules = Array.isArray(value) ? (value as RuleFormValues[]) : [];
  if (rules.length === 0) return i18n._(msg`No rules`);
  return rules.map((rule, index) => `${index + 1}. ${describeRule(rule, i18n)}`).join('\n');
}

/** Every field of the form, named as the form names it, for the comparison of versions. */
export const LIFECYCLE_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'activeFrom', label: msg`Live from`, kind: { format: dateTimeText } },
  { path: 'activeUntil', label: msg`Live until`, kind: { format: dateTimeText } },
  { path: 'maxScans', label: msg`Scan limit` },
  { path: 'fallbackUrl', label: msg`Fallback URL` },
  { path: 'rules', label: msg`Rules`, kind: { format: rulesText } },
];

/** The form as its parts receive it. */
export type LifecycleForm = UseFormReturn<LifecycleFormValues, unknown, LinkLifecycleInput>;
