import { useLingui } from '@lingui/react/macro';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/** 'Don't cancel': a subscription cancelled at its period's end renews again (billing.resume). */
export function useResumeSubscription(): { resume: () => Promise<void>; resuming: boolean } {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const mutation = trpc.billing.resume.useMutation();

  async function resume(): Promise<void> {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Your plan could not be renewed`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Your plan renews again`, description: t`The cancellation is undone.` });
    await utils.billing.invalidate();
  }

  return { resume, resuming: mutation.isPending };
}
