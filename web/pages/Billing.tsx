import { Trans, useLingui } from '@lingui/react/macro';
import { useBillingStatus } from '../components/billing/use-billing-status.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { BillingHistoryCard } from './billing/BillingHistoryCard.tsx';
import { CheckoutReturnNotice } from './billing/CheckoutReturnNotice.tsx';
import { CurrentPlanCard } from './billing/CurrentPlanCard.tsx';
import { DemoBillingNote } from './billing/DemoBillingNote.tsx';
import { PaymentMethodCard } from './billing/PaymentMethodCard.tsx';

/** spec section 2, Billing: the plan, its payment method and invoices, and the ways to change them. */
export function Billing() {
  const { t } = useLingui();
  const { status } = useBillingStatus();
  const details = trpc.billing.details.useQuery();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Billing`}
        description={<Trans>See your plan, its renewal date and your invoices, and change your plan.</Trans>}
      />
      <CheckoutReturnNotice />
      {status.mode === 'demo' && <DemoBillingNote />}
      {details.data ? (
        <>
          <CurrentPlanCard details={details.data} subscribed={status.subscribed} />
          <div className="grid gap-6 lg:grid-cols-2">
            <PaymentMethodCard paymentMethod={details.data.payment_method} />
            <BillingHistoryCard invoices={details.data.invoices} />
          </div>
        </>
      ) : (
        <QueryStatus error={details.error} onRetry={() => void details.refetch()} />
      )}
    </div>
  );
}
