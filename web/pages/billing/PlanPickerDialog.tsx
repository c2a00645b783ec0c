import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingInterval, PlanId } from '#src/plans.ts';
import { PlanPicker } from '../../components/billing/PlanPicker.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/Dialog.tsx';

/** The billing page's plan picker ('Choose Your Plan'), opened by 'Upgrade to Pro' or 'Change Plan'. */
export function PlanPickerDialog({
  trigger,
  held,
}: {
  trigger: ReactNode;
  held: { plan: PlanId; interval: BillingInterval } | null;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto">
        <div className="space-y-6">
          <div>
            <DialogTitle>{t`Choose Your Plan`}</DialogTitle>
            <DialogDescription>
              <Trans>
                Checkout opens in a new tab. Your plan changes as soon as the payment is confirmed.
              </Trans>
              {held && (
                <>
                  {' '}
                  <Trans>
                    A change is prorated: the unused time of your current plan is credited against the new
                    one.
                  </Trans>
                </>
              )}
            </DialogDescription>
          </div>
          <PlanPicker held={held} onCheckoutOpened={() => setOpen(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
