import { useLingui } from '@lingui/react/macro';
import type { BillingInterval, PaidPlanId } from '#src/plans.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { openPendingTab } from './pending-tab.ts';

/**
 * Starts a checkout for a paid plan in a new tab (spec section 7, create-checkout). `checkout` answers
 * whether the tab got its address; a failure is toasted here (spec section 8), the success toast is the
 * caller's, since onboarding and billing say different things.
 */
export function useCheckout(): {
  checkout: (plan: PaidPlanId, interval: BillingInterval) => Promise<boolean>;
  /** The plan whose checkout is being created, for its button's 'Loading...'. */
  pendingPlan: PaidPlanId | null;
} {
  const { t, i18n } = useLingui();
  const mutation = trpc.billing.createCheckout.useMutation();

  async function checkout(plan: PaidPlanId, interval: BillingInterval): Promise<boolean> {
    const tab = openPendingTab();
    try {
      const { url } = await mutation.mutateAsync({ plan, interval });
      tab.go(url);
      return true;
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: t`Failed to create checkout session. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return false;
    }
  }

  return { checkout, pendingPlan: mutation.isPending ? (mutation.variables?.plan ?? null) : null };
}
