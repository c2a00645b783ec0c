import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PlanId } from '#src/plans.ts';

/** How each plan is named on pricing cards. */
export const PLAN_NAMES: Record<PlanId, MessageDescriptor> = {
  free: msg`Free Trial`,
  pro: msg`Pro Plan`,
  business: msg`Business Plan`,
};

/** The plan badge of the billing page (spec section 2, Billing: 'Pro, Business or Free Trial'). */
export const PLAN_BADGES: Record<PlanId, MessageDescriptor> = {
  free: msg`Free Trial`,
  pro: msg`Pro`,
  business: msg`Business`,
};

/** The badge of a free account whose paid plan ended: free, with no trial to offer. */
export const FREE_AFTER_PAID_BADGE: MessageDescriptor = msg`Free`;
