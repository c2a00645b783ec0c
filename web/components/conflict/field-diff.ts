import type { I18n, MessageDescriptor } from '@lingui/core';

// The comparison behind an edit conflict (docs/decisions/020-edits-carry-their-version.md): a form's values
// as the person has them ("mine"), the newer version saved meanwhile ("theirs") and what the form started
// from ("base"), field by field. Pure functions, so the rules are tested on their own (tests/unit).

/** Which of two versions of a field to keep. */
export type Side = 'mine' | 'theirs';

/** How a field's value reads in the comparison: text as it is, or as one of those. */
export type FieldKind =
  | 'text'
  | 'colour'
  | 'photo'
  /** a share of 1, read as a percentage */
  | 'percent'
  /** one of a list of choices (or a checkbox's true or false, or a list of checked choices), read by its name */
  | { names: Readonly<Record<string, MessageDescriptor>> }
  /** a value only the form knows how to put in words (a moment, a list of rules) */
  | { format: (value: unknown, i18n: I18n) => string };

/** One field of a form, as the comparison names it. */
export interface ConflictField {
  /** Where it is in the form's values, dotted: 'position', 'socialLinks.github', 'design.layout'. */
  path: string;
  /** Its name on the form (a brand's own name is not translated). */
  label: MessageDescriptor | string;
  kind?: FieldKind;
}

/** A field whose two versions differ. */
export interface FieldDifference {
  field: ConflictField;
  mine: unknown;
  theirs: unknown;
  /**
   * What is kept unless the person chooses otherwise: the newer version where only it changed the field,
   * the person's own where they changed it.
   */
  suggested: Side;
}

/** The value at a dotted path of a form's values (undefined where there is none). */
export function valueAt(values: unknown, path: string): unknown {
  let value = values;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `values` with `value` at the dotted path (the objects on the way copied, the rest shared). */
function withValueAt<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return values;
  const object = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
  const next = rest.length === 0 ? value : withValueAt(object[key], rest.join('.'), value);
  return { ...object, [key]: next } as T;
}

/** Whether two values of a form are the same: texts, numbers, null, and objects and lists of them. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** Whether any of the fields differs between two versions of a form's values. */
export function differsIn(fields: readonly ConflictField[], a: unknown, b: unknown): boolean {
  return fields.some((field) => !sameValue(valueAt(a, field.path), valueAt(b, field.path)));
}

/**
 * The fields in which the person's values and the newer version differ, in the form's order. A field the
 * person left as it was (mine equals base) suggests the newer version; one they changed suggests their own.
 */
export function fieldDifferences(
  fields: readonly ConflictField[],
  { base, mine, theirs }: { base: unknown; mine: unknown; theirs: unknown },
): FieldDifference[] {
  return fields.flatMap((field) => {
    const mineValue = valueAt(mine, field.path);
    const theirsValue = valueAt(theirs, field.path);
    if (sameValue(mineValue, theirsValue)) return [];
    const untouched = sameValue(mineValue, valueAt(base, field.path));
    return [{ field, mine: mineValue, theirs: theirsValue, suggested: untouched ? 'theirs' : 'mine' }];
  });
}

/** The choice of each differing field, as suggested. */
export function suggestedChoices(differences: readonly FieldDifference[]): Record<string, Side> {
  return Object.fromEntries(differences.map((difference) => [difference.field.path, difference.suggested]));
}

/**
 * The person's values with the newer version's taken in every field chosen 'theirs' (a field not chosen
 * keeps the person's value; the fields that do not differ are the same in both).
 */
export function mergeChoices<T>(mine: T, theirs: unknown, chosen: Readonly<Record<string, Side>>): T {
  return Object.entries(chosen).reduce(
    (merged, [path, side]) => (side === 'theirs' ? withValueAt(merged, path, valueAt(theirs, path)) : merged),
    mine,
  );
}
