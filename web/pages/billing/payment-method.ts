import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentMethod } from './types.ts';

// Stripe's card brands (https://docs.stripe.com/api/cards/object#card_object-brand); 'demo' is the fixed
// card of demo billing.
const BRAND_NAMES: Record<string, MessageDescriptor> = {
  demo: msg`Demo card (no money moves)`,
  amex: msg`American Express`,
  diners: msg`Diners Club`,
  discover: msg`Discover`,
  eftpos_au: msg`EFTPOS Australia`,
  jcb: msg`JCB`,
  link: msg`Link`,
  mastercard: msg`Mastercard`,
  unionpay: msg`UnionPay`,
  visa: msg`Visa`,
};

const UNKNOWN_BRAND = msg`Card`;

/** The name of a card brand as the payment provider reports it. */
export function paymentMethodBrand(brand: string): MessageDescriptor {
  return BRAND_NAMES[brand.toLowerCase()] ?? UNKNOWN_BRAND;
}

/** A card's expiry as printed on cards: MM/YYYY. */
export function paymentMethodExpiry({
  exp_month,
  exp_year,
}: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string {
  return `${String(exp_month).padStart(2, '0')}/${exp_year}`;
}
