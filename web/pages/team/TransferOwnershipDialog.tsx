import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBillingStatus } from '../../components/billing/use-billing-status.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLocale } from '../../lib/use-locale.ts';
import type { TeamMember } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/**
 * What becomes of the owner's own subscription: it does not move with the team (a Stripe subscription
 * belongs to the customer who pays it), so the dialog says when it renews and offers to end it then.
 */
function OwnSubscription({
  cancel,
  onCancelChange,
}: {
  cancel: boolean;
  onCancelChange: (cancel: boolean) => void;
}) {
  const locale = useLocale();
  const checkboxId = useId();
  const { status } = useBillingStatus();
  if (!status.subscribed || !status.subscription_end) return null;
  const date = formatDate(status.subscription_end, locale);
  if (status.cancel_at_period_end) {
    return (
      <p className="mt-3 text-sm text-slate-700">
        <Trans>Your own subscription already ends on {date}.</Trans>
      </p>
    );
  }
  return (
    <div className="mt-3 space-y-3 text-sm text-slate-700">
      <p>
        <Trans>
          Your own subscription does not move with the team: a subscription stays with the customer who pays
          it. It renews on {date} unless you cancel it.
        </Trans>
      </p>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={cancel}
          onChange={(event) => onCancelChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <label htmlFor={checkboxId} className="text-ink">
          <Trans>Cancel my subscription when its period ends on {date} (my plan stays until then)</Trans>
        </label>
      </div>
    </div>
  );
}

/**
 * The owner's Make owner: the new owner's own Business plan carries the team's cards from then on, the
 * former owner stays as an admin, and may end their own subscription at its period's end in the same step.
 */
export function TransferOwnershipDialog({ member }: { member: TeamMember }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const utils = trpc.useUtils();
  const transfer = trpc.teams.transferOwnership.useMutation();
  const cancelSubscription = trpc.billing.cancelAtPeriodEnd.useMutation();
  const [cancel, setCancel] = useState(false);
  const { name } = member;

  const confirm = async () => {
    const transferred = await act({
      run: () => transfer.mutateAsync({ memberId: member.id }),
      failureTitle: t`The ownership was not transferred`,
      success: { title: t`${name} owns the team now`, description: t`You are an admin of it.` },
    });
    if (!transferred || !cancel) return transferred;
    try {
      await cancelSubscription.mutateAsync();
      toast({
        title: t`Subscription cancelled`,
        description: t`Your plan stays until the end of its period, and then does not renew.`,
      });
    } catch {
      toast({
        variant: 'destructive',
        title: t`Your subscription was not cancelled`,
        description: t`The team is theirs now. Cancel your subscription on the billing page.`,
      });
    }
    await utils.billing.invalidate();
    return true;
  };

  return (
    <ConfirmDialog
      trigger={
        // its name starts with what it shows (WCAG 2.5.3, label in name)
        <Button variant="secondary" size="sm" aria-label={t`Make owner: ${name}`}>
          <Trans>Make owner</Trans>
        </Button>
      }
      title={<Trans>Transfer the ownership to {name}?</Trans>}
      description={
        <Trans>
          {name} becomes the team's owner: they get its billing and can delete the team. The team's cards run
          on the owner's plan, so {name} needs the Business plan first. You stay in the team as an admin. Only{' '}
          {name} can give the ownership back.
        </Trans>
      }
      confirmLabel={<Trans>Transfer ownership</Trans>}
      pendingLabel={<Trans>Transferring...</Trans>}
      onConfirm={confirm}
    >
      <OwnSubscription cancel={cancel} onCancelChange={setCancel} />
    </ConfirmDialog>
  );
}
