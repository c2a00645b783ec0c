import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingInterval, PlanId } from '#src/plans.ts';
import { PLAN_PICKER_PARAM } from '#src/routes.ts';
import { PlanPicker } from '../../components/billing/PlanPicker.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/Dialog.tsx';

/**
 * The billing page's plan picker ('Choose Your Plan'), opened by 'Upgrade to Pro' or 'Change Plan', and
 * open from the start when the page was reached from an upgrade link elsewhere (planPickerPath); closing
 * it then takes the parameter out of the address, so a reload does not open it again.
 */
export function PlanPickerDialog({
  trigger,
  held,
}: {
  trigger: ReactNode;
  held: { plan: PlanId; interval: BillingInterval } | null;
}) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.has(PLAN_PICKER_PARAM));
  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next && params.has(PLAN_PICKER_PARAM)) {
      setParams(
        (current) => {
          current.delete(PLAN_PICKER_PARAM);
          return current;
        },
        { replace: true },
      );
    }
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
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
          <PlanPicker held={held} onCheckoutOpened={() => changeOpen(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
