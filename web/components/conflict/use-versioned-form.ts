import { useRef, useState, type RefObject } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { differsIn, type ConflictField } from './field-diff.ts';
import type { VersionedForm, VersionedValues } from './use-edit-versions.tsx';

// The two kinds of dashboard form, as useEditVersions drives them: a react-hook-form form whose values
// carry their baseVersion, and a form kept in React state (the design page, the QR studio).

interface FormParts {
  /** Saves the form's values, as its Save button does. */
  resubmit: () => void;
  /** The <form>, whose submit button takes focus back after the comparison. */
  formRef: RefObject<HTMLFormElement | null>;
}

function submitButtonOf(formRef: RefObject<HTMLFormElement | null>): HTMLElement | null {
  return formRef.current?.querySelector<HTMLElement>('[type="submit"]') ?? null;
}

/**
 * A react-hook-form form as a VersionedForm: what it started from is its default values (a restart resets
 * them), and `dirty` is its own unless the form counts more as a change (a suggested username).
 */
export function useVersionedHookForm<Values extends FieldValues & VersionedValues>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  { resubmit, formRef, dirty }: FormParts & { dirty?: boolean },
): VersionedForm<Values> {
  const baseVersion = useWatch({ control: form.control, name: 'baseVersion' as Path<Values> }) as
    number | undefined;
  const { isDirty, isSubmitting } = form.formState;
  return {
    current: () => form.getValues(),
    base: () => form.formState.defaultValues as Values,
    baseVersion,
    dirty: dirty ?? isDirty,
    busy: isSubmitting,
    restart: (stored, version, shown) => {
      form.reset({ ...stored, baseVersion: version });
      // what the person keeps, as changes against the version it is now based on
      if (shown !== stored) form.reset({ ...shown, baseVersion: version }, { keepDefaultValues: true });
    },
    resubmit,
    saveButton: () => submitButtonOf(formRef),
  };
}

/**
 * A form kept in React state, as a VersionedForm: `values` to render and `change` to edit them; `form`
 * for useEditVersions. Handlers read `form.current()`, which has a restart's values at once.
 */
export function useVersionedState<Values extends VersionedValues>(
  initial: () => Values,
  fields: readonly ConflictField[],
  { resubmit, formRef, busy }: FormParts & { busy: boolean },
) {
  const [state, setState] = useState(() => {
    const values = initial();
    return { base: values, values };
  });
  const current = useRef(state.values);
  const base = useRef(state.base);
  const change = (update: (values: Values) => Values) => {
    current.current = update(current.current);
    const values = current.current;
    setState((previous) => ({ ...previous, values }));
  };
  const form: VersionedForm<Values> = {
    current: () => current.current,
    base: () => base.current,
    baseVersion: state.values.baseVersion,
    dirty: differsIn(fields, state.values, state.base),
    busy,
    restart: (stored, version, shown) => {
      base.current = { ...stored, baseVersion: version };
      current.current = { ...shown, baseVersion: version };
      setState({ base: base.current, values: current.current });
    },
    resubmit,
    saveButton: () => submitButtonOf(formRef),
  };
  return { values: state.values, change, form };
}
