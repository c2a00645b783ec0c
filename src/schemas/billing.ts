import { z } from 'zod';
import { BILLING_INTERVALS, PAID_PLAN_IDS } from '../plans.ts';

// Checkout (onboarding step 2, the billing page's plan picker): which paid plan, paid how often. The
// Stripe price ids are configuration (server/config.ts), never sent by the client.

export const CheckoutSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;
