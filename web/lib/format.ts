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

/** An amount charged in any currency (an invoice), with that currency's usual decimals. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    amount,
  );
}

/** A calendar date in the reader's locale ("12 March 2026", "12 de marzo de 2026"). */
export function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/** A moment with its time, short ("12 Mar 2026, 14:05"). */
export function formatDateTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A size in megabytes with one decimal ("1.2 MB", "1,2 MB"). */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  }).format(bytes / 1_000_000);
}
