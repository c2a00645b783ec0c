import { useLingui } from '@lingui/react/macro';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import type { VcardSaveResult } from '../vcards/use-save-vcard.ts';
import { vcardSaveFailure } from '../vcards/vcard-save-failure.ts';
import type { TeamCardHolder } from './team-card-holders.ts';

/** teams.createCard's input nests the form's values under `card`: the form's own field paths without it. */
function formPath(path: string): string {
  return path.replace(/^card\./, '');
}

/**
 * Makes a team card for `holder` from the vCard form's values, with the vCard form's toasts (a refused
 * field marked in the form, or 'Failed to create vCard' with the reason); the team's cards and log are
 * read again.
 */
export function useCreateTeamCard() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.teams.createCard.useMutation();
  return async (holder: TeamCardHolder, values: VcardFormValues): Promise<VcardSaveResult> => {
    let created: { id: string; version: number };
    try {
      created = await create.mutateAsync({ holder, card: values });
    } catch (error) {
      const failure = vcardSaveFailure(error, 'create');
      if (failure.toast) {
        const { title, description } = failure.toast;
        toast({ variant: 'destructive', title: i18n._(title), description: i18n._(description) });
      }
      return {
        ok: false,
        fieldErrors: failure.fieldErrors.map((field) => ({ ...field, path: formPath(field.path) })),
      };
    }
    toast({ title: t`Team card created` });
    await Promise.all([utils.teams.cards.invalidate(), utils.teams.events.invalidate()]);
    return { ok: true, ...created };
  };
}
