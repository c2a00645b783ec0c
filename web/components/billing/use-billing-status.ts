import { useEffect, useRef } from 'react';
import { authClient } from '../../lib/auth-client.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';

export type BillingStatus = RouterOutputs['billing']['status'];

/** The subscription status is read again this often while the dashboard is open. */
export const BILLING_STATUS_REFRESH_MS = 60_000;

/**
 * What a status that could not be read counts as: unsubscribed, free. It stays accessible: a
 * failed read must not lock anyone out of the dashboard, and whether the public card is online is decided
 * by the server, not by this fallback.
 */
export const UNSUBSCRIBED_FREE: BillingStatus = {
  subscribed: false,
  plan_type: 'free',
  plan_in_effect: 'free',
  ended_plan: null,
  cancel_at_period_end: false,
  product_id: null,
  price_id: null,
  subscription_end: null,
  is_accessible: true,
  trial_ends_at: null,
  trial_days_left: null,
  mode: 'stripe',
};

/**
 * The subscription status for a screen. `loaded` is true once the server answered (or failed), so that a
 * blocking screen never flashes while it loads.
 */
export function useBillingStatus(): { status: BillingStatus; loaded: boolean } {
  const query = trpc.billing.status.useQuery();
  return { status: query.data ?? UNSUBSCRIBED_FREE, loaded: !query.isPending };
}

/**
 * Keeps the status fresh; mounted once, in the dashboard layout: read on load, every
 * BILLING_STATUS_REFRESH_MS, and again after every sign-in or sign-out (in this tab or another, which
 * better-auth's session hook notices). Plan changes made elsewhere also arrive through live updates.
 */
export function useBillingStatusRefresh(): void {
  const userId = authClient.useSession().data?.user.id;
  const utils = trpc.useUtils();
  trpc.billing.status.useQuery(undefined, {
    enabled: userId !== undefined,
    refetchInterval: BILLING_STATUS_REFRESH_MS,
  });
  const lastUserId = useRef(userId);
  useEffect(() => {
    if (lastUserId.current === userId) return;
    lastUserId.current = userId;
    void utils.billing.invalidate();
  }, [userId, utils]);
}
