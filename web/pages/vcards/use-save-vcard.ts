import { useLingui } from '@lingui/react/macro';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import type { CardSaveFailure } from '../../components/card/card-save-failure.ts';
import { vcardSaveFailure } from './vcard-save-failure.ts';

export type VcardSaveResult =
  { ok: true; id: string } | { ok: false; fieldErrors: CardSaveFailure['fieldErrors'] };

/** Refreshes what depends on the vCards: the list, and the test-data banner (it counts them). */
export function useVcardsChanged() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.vcards.invalidate(), utils.profile.testDataStatus.invalidate()]);
  };
}

/**
 * Creates a vCard (no id) or updates one, with the spec's toasts: `successTitle` on success; on failure
 * 'Limit Reached', the first field the server rejected, or 'Failed to … vCard. Please try again.'.
 * It sends the form's own values: the procedures parse them with the same schema as the form.
 */
export function useSaveVcard() {
  const { i18n } = useLingui();
  const vcardsChanged = useVcardsChanged();
  const create = trpc.vcards.create.useMutation();
  const update = trpc.vcards.update.useMutation();

  async function send(id: string | null, values: VcardFormValues): Promise<string> {
    if (!id) return (await create.mutateAsync(values)).id;
    await update.mutateAsync({ ...values, id });
    return id;
  }

  return async function save(
    id: string | null,
    values: VcardFormValues,
    successTitle: string,
  ): Promise<VcardSaveResult> {
    let savedId: string;
    try {
      savedId = await send(id, values);
    } catch (error) {
      const failure = vcardSaveFailure(error, id ? 'update' : 'create');
      if (failure.toast) {
        const { title, description } = failure.toast;
        toast({ variant: 'destructive', title: i18n._(title), description: i18n._(description) });
      }
      return { ok: false, fieldErrors: failure.fieldErrors };
    }
    toast({ title: successTitle });
    await vcardsChanged();
    return { ok: true, id: savedId };
  };
}
