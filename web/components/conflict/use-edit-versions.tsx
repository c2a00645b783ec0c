import { useEffect, useState, type ReactNode } from 'react';
import type { Versioned } from './edit-conflict.ts';
import { EditConflictDialog, type ConflictMode, type ConflictResolution } from './EditConflictDialog.tsx';
import {
  differsIn,
  fieldDifferences,
  mergeChoices,
  type ConflictField,
  type FieldDifference,
} from './field-diff.ts';
import { NewerVersionNotice } from './NewerVersionNotice.tsx';

// Edit versions on the dashboard's forms (docs/decisions/020-edits-carry-their-version.md). A form edits a
// saved record from a version (kept with its values, so a draft of them keeps it too). When a newer version
// arrives (live updates refetch the record's query), a form without unsaved changes starts again from it;
// one with unsaved changes says that a newer version exists. A save based on an older version is refused
// (edit_conflict, with the newer record), and the person compares and chooses in one dialog: keep all of
// theirs, take the newer version, or field by field.

/** The values of a form that edits from a version: they carry it (none while making a new record). */
export interface VersionedValues {
  baseVersion?: number;
}

/** A form that edits a saved record from a version, as useEditVersions drives it. */
export interface VersionedForm<Values extends VersionedValues> {
  /** The values as the person has them now. */
  current: () => Values;
  /** The values the form started from: the version it is based on. */
  base: () => Values;
  /** That version (the values' baseVersion, as rendered); undefined while the form makes a new record. */
  baseVersion: number | undefined;
  /** Whether the person changed anything since. */
  dirty: boolean;
  /** Whether a save is on its way (the form follows nothing meanwhile). */
  busy: boolean;
  /** Starts the form again from `stored` at `version`, showing `shown` (its changes against `stored`). */
  restart: (stored: Values, version: number, shown: Values) => void;
  /** Saves the form's values, as its Save button does. */
  resubmit: () => void;
  /** The form's Save button: where focus goes after the comparison when its opener is gone. */
  saveButton: () => HTMLElement | null;
}

interface Comparison<Values> {
  mode: ConflictMode;
  mine: Values;
  theirs: Versioned<Values>;
  differences: FieldDifference[];
}

/** What a form's save answers: a refusal for a newer version carries it. */
interface SaveOutcome<Values> {
  conflict?: Versioned<Values>;
}

/**
 * How many refused saves in a row are sent again by themselves when none of the form's fields differ from
 * the newer version (it changed what this form does not edit: the design beside the card's fields).
 */
const SILENT_RESAVES_MAX = 3;

/** The version of the form's own values that a resolution keeps. */
function resolvedValues<Values>(comparison: Comparison<Values>, resolution: ConflictResolution): Values {
  if (resolution.keep === 'mine') return comparison.mine;
  if (resolution.keep === 'theirs') return comparison.theirs.values;
  return mergeChoices(comparison.mine, comparison.theirs.values, resolution.chosen);
}

/**
 * Drives a form's edit version: `latest` is the record as its query has it now (null for a new record),
 * `fields` every field of the form with its name. Render `notice` above the form and `dialog` anywhere
 * inside it, and send each save through `save`: it answers the save's outcome, or null once a refusal for
 * a newer version opened the comparison.
 */
export function useEditVersions<Values extends VersionedValues>(
  form: VersionedForm<Values>,
  latest: Versioned<Values> | null,
  fields: readonly ConflictField[],
): {
  save: <Outcome extends SaveOutcome<Values>>(
    mine: Values,
    send: (values: Values) => Promise<Outcome>,
  ) => Promise<Outcome | null>;
  notice: ReactNode;
  dialog: ReactNode;
} {
  const [comparison, setComparison] = useState<Comparison<Values> | null>(null);
  const { baseVersion } = form;
  const newer = latest && baseVersion !== undefined && latest.version > baseVersion ? latest : null;
  const waiting = form.busy || comparison !== null;

  // a form without unsaved changes follows the newer version as it arrives; so does one whose changes
  // the newer version leaves alone (it changed none of this form's fields), keeping those changes
  const untouched = newer !== null && !differsIn(fields, newer.values, form.base());
  const followed = newer && (!form.dirty || untouched) && !waiting ? newer : null;
  useEffect(() => {
    if (followed)
      form.restart(followed.values, followed.version, form.dirty ? form.current() : followed.values);
  }, [followed, form]);

  function compare(mode: ConflictMode, mine: Values, theirs: Versioned<Values>) {
    const differences = fieldDifferences(fields, { base: form.base(), mine, theirs: theirs.values });
    setComparison({ mode, mine, theirs, differences });
  }

  async function save<Outcome extends SaveOutcome<Values>>(
    mine: Values,
    send: (values: Values) => Promise<Outcome>,
  ): Promise<Outcome | null> {
    let values = mine;
    for (let resaves = 0; ; resaves += 1) {
      const outcome = await send(values);
      const newerVersion = outcome.conflict;
      if (!newerVersion) return outcome;
      const differences = fieldDifferences(fields, { base: form.base(), mine, theirs: newerVersion.values });
      if (differences.length > 0 || resaves === SILENT_RESAVES_MAX) {
        setComparison({ mode: 'save', mine, theirs: newerVersion, differences });
        return null;
      }
      // nothing of this form differs there: the same values again, from the newer version
      values = { ...mine, baseVersion: newerVersion.version };
    }
  }

  function resolve(resolution: ConflictResolution) {
    if (!comparison) return;
    setComparison(null);
    form.restart(comparison.theirs.values, comparison.theirs.version, resolvedValues(comparison, resolution));
    if (comparison.mode === 'save' && resolution.keep !== 'theirs') form.resubmit();
  }

  const notice =
    newer && !followed && !waiting ? (
      <NewerVersionNotice onReview={() => compare('review', form.current(), newer)} />
    ) : null;
  const dialog = comparison ? (
    <EditConflictDialog
      mode={comparison.mode}
      differences={comparison.differences}
      onResolve={resolve}
      onDismiss={() => setComparison(null)}
      fallbackFocus={form.saveButton}
    />
  ) : null;
  return { save, notice, dialog };
}
