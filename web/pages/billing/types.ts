import type { RouterOutputs } from '../../lib/trpc.ts';

/** The billing page's data: plan, dates, payment method and invoices (billing.details). */
export type BillingDetails = RouterOutputs['billing']['details'];
export type Invoice = BillingDetails['invoices'][number];
export type PaymentMethod = NonNullable<BillingDetails['payment_method']>;
