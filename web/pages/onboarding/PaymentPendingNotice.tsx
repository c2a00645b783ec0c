import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaidPlanId } from '#src/plans.ts';
import { FREE_USERNAME_DIGITS } from '#src/username.ts';
import { Notice } from '../../components/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { PLAN_BADGES } from '../../lib/plan-names.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The card step while the paid plan chosen in step 2 waits for its payment: what happens when the payment
 * arrives (this page follows it live), what happens to a card made before, and a way back to the plans.
 */
export function PaymentPendingNotice({ plan }: { plan: PaidPlanId }) {
  const { t, i18n } = useLingui();
  const planName = i18n._(PLAN_BADGES[plan]);
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.onboarding.reopenPlanChoice.useMutation();
  const [busy, setBusy] = useState(false);

  async function chooseAnotherPlan() {
    setBusy(true);
    try {
      await mutateAsync();
      await utils.profile.me.invalidate();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Error`,
        description: i18n._(trpcErrorMessage(error)),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Notice tone="info" title={<Trans>Waiting for your payment for {planName}</Trans>}>
      <p>
        <Trans>
          Pay in the checkout tab: this page switches to {planName} as soon as the payment is confirmed.
        </Trans>
      </p>
      <p>
        <Trans>
          A card you create before that follows the free trial's rules, with a username of{' '}
          {FREE_USERNAME_DIGITS} digits. You can choose another username on your profile page once {planName}{' '}
          is active.
        </Trans>
      </p>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void chooseAnotherPlan()}>
        {busy ? <Trans>Please wait...</Trans> : <Trans>Choose another plan</Trans>}
      </Button>
    </Notice>
  );
}
