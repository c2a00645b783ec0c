import { useLingui } from '@lingui/react/macro';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ProfileLinkRow } from './types.ts';

/**
 * Shows the new order at once, then stores it (every id, in list order). A refusal, for example when
 * another tab added or deleted a link meanwhile, says so and reloads the list from the server (spec
 * section 4, links).
 */
export function useReorderLinks() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.links.reorderProfileLinks.useMutation();

  return async function reorder(items: ProfileLinkRow[]): Promise<void> {
    await utils.links.profileLinks.cancel();
    utils.links.profileLinks.setData(undefined, (list) => list && { ...list, items });
    try {
      await mutateAsync({ ids: items.map((link) => link.id) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to reorder links. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      await utils.links.profileLinks.invalidate();
      return;
    }
    toast({ title: t`Link reordered successfully` });
  };
}
