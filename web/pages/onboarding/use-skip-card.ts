import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { leaveWithoutAsking } from '../../lib/leave-guard.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Step 3's 'Skip for now': finishes onboarding without a card and opens the dashboard, whose home then
 * offers to make the card.
 */
export function useSkipCard(): { skip: () => Promise<void>; skipping: boolean } {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.onboarding.skipCard.useMutation();
  const [skipping, setSkipping] = useState(false);

  async function skip() {
    setSkipping(true);
    try {
      await mutateAsync();
    } catch (error) {
      setSkipping(false);
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(trpcErrorMessage(error)) });
      return;
    }
    toast({
      title: t`Your account is ready`,
      description: t`You can create your card any time from your dashboard.`,
    });
    await utils.profile.me.invalidate();
    // 'Skip for now' is the answer: the card form is left as it is
    await leaveWithoutAsking(() => navigate(paths.dashboard, { replace: true }));
  }

  return { skip, skipping };
}
