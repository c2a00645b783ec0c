import { Trans } from '@lingui/react/macro';
import { Wallet } from 'lucide-react';
import { applePassPath, googleWalletPath } from '#src/wallet.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../../components/ui/Button.tsx';

/**
 * A card's wallet passes, for the owner's own phone: only the wallets this server makes passes for (asked
 * once, as they change only with its configuration).
 */
export function WalletButtons({ vcardId }: { vcardId: string }) {
  const wallet = trpc.wallet.providers.useQuery(undefined, { staleTime: Infinity }).data;
  return (
    <>
      {wallet?.apple && (
        <Button asChild variant="ghost" size="sm">
          <a href={applePassPath(vcardId)}>
            <Wallet aria-hidden />
            <Trans>Add to Apple Wallet</Trans>
          </a>
        </Button>
      )}
      {wallet?.google && (
        <Button asChild variant="ghost" size="sm">
          <a href={googleWalletPath(vcardId)} target="_blank" rel="noopener">
            <Wallet aria-hidden />
            <Trans>Save to Google Wallet</Trans>
          </a>
        </Button>
      )}
    </>
  );
}
