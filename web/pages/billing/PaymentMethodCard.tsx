import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard } from 'lucide-react';
import { useCustomerPortal } from '../../components/billing/use-customer-portal.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { paymentMethodBrand, paymentMethodExpiry } from './payment-method.ts';
import type { PaymentMethod } from './types.ts';

/** The card on file, and the way to change it: the payment provider's customer portal. */
export function PaymentMethodCard({ paymentMethod }: { paymentMethod: PaymentMethod | null }) {
  const { t, i18n } = useLingui();
  const { openPortal, opening } = useCustomerPortal();
  return (
    <SectionCard title={t`Payment method`}>
      {paymentMethod ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <CreditCard aria-hidden className="size-8 shrink-0 text-slate-600" />
            <div className="text-sm">
              <p className="font-semibold text-ink">
                {i18n._(paymentMethodBrand(paymentMethod.brand))} ···· {paymentMethod.last4}
              </p>
              <p className="text-slate-700">
                <Trans>Expires {paymentMethodExpiry(paymentMethod)}</Trans>
              </p>
            </div>
          </div>
          <Button variant="secondary" onClick={() => void openPortal()} disabled={opening}>
            {opening ? <Trans>Opening...</Trans> : <Trans>Update payment method</Trans>}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          <Trans>No payment method on file. You add one when you choose a paid plan.</Trans>
        </p>
      )}
    </SectionCard>
  );
}
