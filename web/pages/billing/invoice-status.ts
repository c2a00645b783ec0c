import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Stripe's invoice statuses (https://docs.stripe.com/api/invoices/object#invoice_object-status); demo
// billing uses the same words.
const STATUS_TEXT: Record<string, MessageDescriptor> = {
  draft: msg`Draft`,
  open: msg`Open`,
  paid: msg`Paid`,
  uncollectible: msg`Uncollectible`,
  void: msg`Void`,
};

const UNKNOWN_STATUS = msg`Unknown`;

/** The label of an invoice's status. */
export function invoiceStatusText(status: string): MessageDescriptor {
  return STATUS_TEXT[status] ?? UNKNOWN_STATUS;
}

/** Paid invoices are green, those still owed amber, the rest grey. */
export function invoiceStatusTone(status: string): 'good' | 'owed' | 'neutral' {
  if (status === 'paid') return 'good';
  if (status === 'open' || status === 'uncollectible') return 'owed';
  return 'neutral';
}
