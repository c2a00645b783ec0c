import { useLingui } from '@lingui/react/macro';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { openPendingTab } from './pending-tab.ts';

/** Opens the payment provider's customer portal in a new tab (spec section 7, customer-portal). */
export function useCustomerPortal(): { openPortal: () => Promise<void>; opening: boolean } {
  const { t, i18n } = useLingui();
  const mutation = trpc.billing.portal.useMutation();

  async function openPortal(): Promise<void> {
    const tab = openPendingTab();
    try {
      const { url } = await mutation.mutateAsync();
      tab.go(url);
      toast({ title: t`Opening customer portal` });
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: t`Failed to open customer portal. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
    }
  }

  return { openPortal, opening: mutation.isPending };
}
