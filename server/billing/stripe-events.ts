import type Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { applySubscriptionState, recordEvent, type ApplyOutcome } from './apply.ts';
import { planOfPrice, type SubscriptionState } from './rules.ts';
import { callStripe, stripeClient } from './stripe-client.ts';

// Verified Stripe events (routes.ts checks the signature): each one re-reads its subscription from Stripe
// and applies that state, once per event id.

/**
 * The webhook's re-read of a subscription is kept short: Stripe waits for the answer only so long, and an
 * event that failed is delivered again anyway.
 */
const WEBHOOK_READ_OPTIONS = { timeout: 5_000, maxNetworkRetries: 1 };

/** The subscription an event is about, and the user it names, for the event types that change a plan. */
function subscriptionOfEvent(event: Stripe.Event): { subscriptionId: string; userId: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      return { subscriptionId: idOf(session.subscription), userId: session.client_reference_id };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id, userId: event.data.object.metadata.user_id ?? null };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      return subscription ? { subscriptionId: idOf(subscription), userId: null } : null;
    }
    default:
      return null;
  }
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

export type EventOutcome =
  | { outcome: ApplyOutcome }
  | { outcome: 'ignored'; reason: 'unhandled_type' | 'unknown_customer' | 'unknown_price'; detail?: string };

/**
 * Applies a verified Stripe event. Whatever the event carries, the subscription is read again from
 * Stripe and that state is applied, so events arriving late or out of order still leave the right final
 * state. A failure to reach Stripe throws (the webhook answers an error and Stripe delivers it again).
 */
export async function processStripeEvent(
  deps: AppDeps,
  stripeConfig: StripeConfig,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const target = subscriptionOfEvent(event);
  if (!target) return { outcome: 'ignored', reason: 'unhandled_type' };
  const seen = await deps.db
    .selectFrom('stripe_events')
    .select('id')
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (seen) return { outcome: 'duplicate' };
  const observedAt = new Date();
  const subscription = await callStripe(async () =>
    (await stripeClient(stripeConfig)).subscriptions.retrieve(
      target.subscriptionId,
      {},
      WEBHOOK_READ_OPTIONS,
    ),
  );
  const customerId = idOf(subscription.customer);
  const userId = await userOfCustomer(
    deps,
    customerId,
    target.userId ?? subscription.metadata.user_id ?? null,
  );
  const eventRef = { id: event.id, type: event.type };
  if (!userId) {
    await recordEvent(deps.db, eventRef);
    return { outcome: 'ignored', reason: 'unknown_customer', detail: customerId };
  }
  const state = subscriptionState(stripeConfig, subscription, observedAt);
  if (!state) {
    await recordEvent(deps.db, eventRef);
    return {
      outcome: 'ignored',
      reason: 'unknown_price',
      detail: subscription.items.data[0]?.price.id ?? 'none',
    };
  }
  return { outcome: await applySubscriptionState(deps, userId, state, { event: eventRef }) };
}

/** A subscription as read from Stripe at `observedAt`, or null when its price is none of ours. */
export function subscriptionState(
  stripeConfig: StripeConfig,
  subscription: Stripe.Subscription,
  observedAt: Date,
): SubscriptionState | null {
  const item = subscription.items.data[0];
  const planned = item ? planOfPrice(stripeConfig.prices, item.price.id) : null;
  if (!item || !planned) return null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    ...planned,
    priceId: item.price.id,
    productId: idOf(item.price.product),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : null,
    observedAt,
  };
}

/** The user a Stripe customer belongs to; a customer not linked yet is linked to the user Stripe names. */
async function userOfCustomer(deps: AppDeps, customerId: string, namedUserId: string | null) {
  const linked = await deps.db
    .selectFrom('profiles')
    .select('id')
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
  if (linked) return linked.id;
  if (!namedUserId) return null;
  const named = await deps.db
    .selectFrom('profiles')
    .select('id')
    .where('id', '=', namedUserId)
    .where('stripe_customer_id', 'is', null)
    .executeTakeFirst();
  return named?.id ?? null;
}
