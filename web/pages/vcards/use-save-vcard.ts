import { useLingui } from '@lingui/react/macro';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { useLocale } from '../../lib/use-locale.ts';
import type { CardSaveFailure } from '../../components/card/card-save-failure.ts';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import { storedVcardForm } from './vcard-form-values.ts';
import { vcardSaveFailure } from './vcard-save-failure.ts';

export type VcardSaveResult =
  | { ok: true; id: string; version: number; conflict?: undefined }
  | {
      ok: false;
      fieldErrors: CardSaveFailure['fieldErrors'];
      /** A newer version saved meanwhile (edit_conflict): nothing was saved, the person chooses. */
      conflict?: Versioned<VcardFormValues>;
    };

/** Refreshes what depends on the vCards: the list, and the test-data banner (it counts them). */
export function useVcardsChanged() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.vcards.invalidate(), utils.profile.testDataStatus.invalidate()]);
  };
}

/**
 * Creates a vCard (no id) or updates one from the version its values carry, with the spec's toasts:
 * `successTitle` on success; on failure 'Limit Reached', the first field the server rejected, or 'Failed to
 * … vCard. Please try again.'; a newer version saved meanwhile is answered, untold, for the form to compare.
 * It sends the form's own values: the procedures parse them with the same schema as the form.
 */
export function useSaveVcard() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const vcardsChanged = useVcardsChanged();
  const create = trpc.vcards.create.useMutation();
  const update = trpc.vcards.update.useMutation();

  async function send(id: string | null, values: VcardFormValues): Promise<{ id: string; version: number }> {
    if (!id) return create.mutateAsync(values);
    const { baseVersion } = values;
    if (baseVersion === undefined)
      throw new Error('an edit of a saved vCard carries the version it is based on');
    const { version } = await update.mutateAsync({ ...values, id, baseVersion });
    return { id, version };
  }

  return async function save(
    id: string | null,
    values: VcardFormValues,
    successTitle: string,
  ): Promise<VcardSaveResult> {
    let saved: { id: string; version: number };
    try {
      saved = await send(id, values);
    } catch (error) {
      const newer = conflictRecord<RouterOutputs['vcards']['get']>(error);
      if (newer) return { ok: false, fieldErrors: [], conflict: storedVcardForm(newer, locale) };
      const failure = vcardSaveFailure(error, id ? 'update' : 'create');
      if (failure.toast) {
        const { title, description } = failure.toast;
        toast({ variant: 'destructive', title: i18n._(title), description: i18n._(description) });
      }
      return { ok: false, fieldErrors: failure.fieldErrors };
    }
    toast({ title: successTitle });
    await vcardsChanged();
    return { ok: true, ...saved };
  };
}
