import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { DraftKind } from '../../lib/drafts.ts';
import { useDraft, type DraftControls } from '../../lib/use-draft.ts';

/** useDraft for a react-hook-form form: its values, measured against its saved (default) values. */
export function useFormDraft<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'control' | 'formState' | 'reset'>,
  options: { kind: DraftKind; cardId: string | null; base: string | null },
): DraftControls {
  const values = useWatch({ control: form.control }) as Values;
  const savedValues = form.formState.defaultValues as Values;
  return useDraft({
    ...options,
    values,
    savedValues,
    // the saved values stay the form's defaults, so it counts as changed (and Save sends the draft)
    restore: (next) => form.reset(next, { keepDefaultValues: true }),
  });
}
