import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Notice } from '../../components/Notice.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * What the billing page says when checkout sends the person back (`?checkout=success|cancelled`). A success
 * only says the payment arrived: the plan changes when the payment provider confirms it (a verified
 * webhook), never because of this address, so the status is read again instead.
 */
export function CheckoutReturnNotice() {
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get('checkout');
  const utils = trpc.useUtils();

  useEffect(() => {
    if (outcome === 'success') void utils.billing.invalidate();
  }, [outcome, utils]);

  if (outcome === 'success') {
    return (
      <Notice tone="info" title={<Trans>Payment received</Trans>}>
        <p>
          <Trans>
            Your plan updates as soon as the payment is confirmed. This usually takes a few seconds.
          </Trans>
        </p>
      </Notice>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Notice tone="info" title={<Trans>Checkout cancelled</Trans>}>
        <p>
          <Trans>No payment was taken. You can choose a plan whenever you are ready.</Trans>
        </p>
      </Notice>
    );
  }
  return null;
}
