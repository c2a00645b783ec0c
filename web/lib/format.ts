import { priceFractionDigits, type BillingInterval } from '#src/plans.ts';

/** The currency of every price in src/plans.ts. */
const PRICE_CURRENCY = 'USD';

/** A plan price in the reader's locale, with the decimals the interval calls for (spec section 9). */
export function formatPrice(amount: number, interval: BillingInterval, locale: string): string {
  const digits = priceFractionDigits(interval);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: PRICE_CURRENCY,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
