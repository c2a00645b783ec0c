import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { paths } from '#src/routes.ts';
import type { CreateCardValues } from '#src/schemas/card.ts';
import { cardSaveFailure, type CardSaveFailure } from '../../components/card/card-save-failure.ts';
import { leaveWithoutAsking } from '../../lib/leave-guard.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/** Spec section 8, "Photos and cards": the card could not be saved. */
const CREATE_FAILED = { title: msg`Error`, description: msg`Could not create your virtual card` };

/**
 * Saves step 3 (profile.createCard, which also marks the profile initialized), then welcomes the person
 * on the dashboard (spec section 2). On a refusal it shows the toast and returns the fields to mark.
 */
export function useCreateCard(): (values: CreateCardValues) => Promise<CardSaveFailure['fieldErrors']> {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.createCard.useMutation();

  return async (values) => {
    try {
      await mutateAsync(values);
    } catch (error) {
      const failure = cardSaveFailure(error, CREATE_FAILED);
      // the name was free when checked but taken by the time of the save: the field's check must say so
      if (failure.fieldErrors.some(({ path }) => path === 'username'))
        void utils.profile.checkUsername.invalidate();
      if (failure.toast) {
        toast({
          variant: 'destructive',
          title: i18n._(failure.toast.title),
          description: i18n._(failure.toast.description),
        });
      }
      return failure.fieldErrors;
    }
    toast({ title: t`Welcome to Tapcard!`, description: t`Your virtual card is ready to share.` });
    await utils.profile.me.invalidate();
    // the card is saved: the form's state is no unsaved change
    await leaveWithoutAsking(() => navigate(paths.dashboard, { replace: true }));
    return [];
  };
}
