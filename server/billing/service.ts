import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';
import { checkoutReturnPath, onboardingStep, type CheckoutOutcome } from '../../src/onboarding.ts';
import {
  endedPaidPlan,
  monthlyCost,
  normalizePlanId,
  planInEffect,
  isProfileAvailable,
  trialDaysLeft,
  trialEndsAt,
  type BillingInterval,
  type BillingMode,
  type PaidPlanId,
  type PlanId,
} from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import type { CheckoutInput } from '../../src/schemas/billing.ts';
import type { Config, StripeConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { PausedTeam } from '../../src/pauses.ts';
import { pausedCountsOf } from '../pauses/service.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { applySubscriptionState, billingProfile, type BillingProfile } from './apply.ts';
import {
  DEMO_CHECKOUT_PATH,
  DEMO_PORTAL_PATH,
  demoPaymentsOf,
  cancelDemoSubscription,
  resumeDemoSubscription,
  settleEndedDemoSubscription,
} from './demo.ts';
import {
  CENTS_PER_UNIT,
  INVOICE_HISTORY_LENGTH,
  holdsPlan,
  isSubscribed,
  subscriptionAccess,
} from './rules.ts';
import { callStripe, stripeClient } from './stripe-client.ts';
import { subscriptionState } from './stripe-events.ts';

// Plans and payments: the subscription status, checkout, the customer portal and invoices for
// the billing page, and the cancellation that comes with deleting an account. A plan changes only
// through apply.ts. Without Stripe keys (config.stripe null) checkout and the portal are the demo pages of
// routes.ts (demo.ts), and no money moves.

/** How this server takes payments: Stripe when its keys are configured, the demo billing otherwise. */
export function billingMode(config: Config): BillingMode {
  return config.stripe ? 'stripe' : 'demo';
}

/** The free trial's end and days left while the plan in effect is free (its rules are the trial's). */
function trialOf(
  profile: BillingProfile,
  plan: PlanId,
  now: Date,
): { trial_ends_at: Date | null; trial_days_left: number | null } {
  if (plan !== 'free') return { trial_ends_at: null, trial_days_left: null };
  const endsAt = trialEndsAt(profile.trial_start_date, profile.trial_days);
  return { trial_ends_at: endsAt, trial_days_left: trialDaysLeft(endsAt, now) };
}

/**
 * The paid plan whose end put the account on Free (src/plans.ts endedPaidPlan), with what is paused now:
 * what the dashboard and the billing page tell a customer whose plan ended, instead of a trial's texts.
 * An owner's team runs on their plan (docs/decisions/021-teams.md): its cards are paused with it, and named.
 */
async function endedPlanOf(deps: AppDeps, userId: string, profile: BillingProfile, now: Date) {
  const ended = endedPaidPlan(profile, now);
  if (!ended) return null;
  const [paused, pausedTeam] = await Promise.all([
    pausedCountsOf(deps.db, userId),
    pausedTeamOf(deps.db, userId),
  ]);
  return { plan: ended.plan, ended_at: ended.endedAt, paused, paused_team: pausedTeam };
}

/** The team `userId` owns and how many of its cards are paused now (its account's); null for none. */
async function pausedTeamOf(db: Kysely<Database>, userId: string): Promise<PausedTeam | null> {
  const team = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['teams.name', 'teams.account_id'])
    .where('team_members.user_id', '=', userId)
    .where('team_members.role', '=', 'owner')
    .executeTakeFirst();
  if (!team?.account_id) return null;
  const paused = await pausedCountsOf(db, team.account_id);
  return paused && paused.vcard > 0 ? { name: team.name, cards: paused.vcard } : null;
}

/** The subscription status (spec section 3) from the profile alone: never calls Stripe. */
export async function billingStatus(ctx: ServiceContext) {
  await settleEndedDemoSubscription(ctx, ctx.user.id);
  const profile = await billingProfile(ctx, ctx.user.id);
  const now = new Date();
  const plan = planInEffect(profile, now);
  const subscribed = isSubscribed(profile, now);
  return {
    subscribed,
    /** the plan last stored (what was sold); every rule reads plan_in_effect */
    plan_type: normalizePlanId(profile.plan_type),
    /** whose limits and features the account has now: free once a plan or trial has ended (src/plans.ts) */
    plan_in_effect: plan,
    /** the paid plan that ended, when that is why the account is on free; null otherwise */
    ended_plan: await endedPlanOf(ctx, ctx.user.id, profile, now),
    /** a running subscription that ends at its period's end instead of renewing */
    cancel_at_period_end: subscribed && profile.cancel_at_period_end,
    product_id: subscribed ? profile.subscription_product_id : null,
    price_id: subscribed ? profile.subscription_price_id : null,
    subscription_end: profile.subscription_end,
    is_accessible: isProfileAvailable(profile, now),
    ...trialOf(profile, plan, now),
    mode: billingMode(ctx.config),
  };
}

/**
 * Onboarding's Free: step 2 is done (the card step follows, also after a reload or on another device),
 * and a paid pick is forgotten. The one trial of the account runs from sign-up on.
 */
export async function chooseFree(ctx: ServiceContext): Promise<Record<string, never>> {
  await ctx.db
    .updateTable('profiles')
    .set({ chosen_plan: null, plan_chosen: true })
    .where('id', '=', ctx.user.id)
    .execute();
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
  return {};
}

/** Where checkout returns (a path): onboarding's card step while it is unfinished, else the billing page. */
export async function checkoutReturnPathOf(
  deps: AppDeps,
  userId: string,
  outcome: CheckoutOutcome,
): Promise<string> {
  const profile = await deps.db
    .selectFrom('profiles')
    .select(['initialized', 'plan_chosen'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  return checkoutReturnPath(onboardingStep(profile), outcome);
}

/**
 * Where to pay for a plan: a Stripe Checkout session (or, for a subscriber changing plan, the portal's
 * confirmation of the change), or the demo checkout page. Refuses the plan and interval already held.
 */
export async function createCheckout(ctx: ServiceContext, input: CheckoutInput): Promise<{ url: string }> {
  const profile = await billingProfile(ctx, ctx.user.id);
  if (holdsPlan(profile, input)) throw new AppError('already_subscribed', { plan: input.plan });
  // in onboarding, step 2 is done: the card step follows while the payment is pending
  await ctx.db
    .updateTable('profiles')
    .set({ chosen_plan: input.plan, plan_chosen: true })
    .where('id', '=', ctx.user.id)
    .execute();
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
  const { publicUrl, stripe: stripeConfig } = ctx.config;
  if (!stripeConfig) {
    const query = new URLSearchParams({ plan: input.plan, interval: input.interval });
    return { url: `${publicUrl}${DEMO_CHECKOUT_PATH}?${query}` };
  }
  const stripe = await stripeClient(stripeConfig);
  const price = stripeConfig.prices[input.plan][input.interval];
  const billingPage = `${publicUrl}${paths.billing}`;
  if (isSubscribed(profile) && profile.stripe_subscription_id && profile.stripe_customer_id) {
    return changePlanInPortal(
      stripe,
      profile.stripe_customer_id,
      profile.stripe_subscription_id,
      price,
      billingPage,
    );
  }
  const customer = await ensureCustomer(ctx, profile.stripe_customer_id);
  const [success, cancelled] = await Promise.all([
    checkoutReturnPathOf(ctx, ctx.user.id, 'success'),
    checkoutReturnPathOf(ctx, ctx.user.id, 'cancelled'),
  ]);
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: ctx.user.id,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { user_id: ctx.user.id } },
      success_url: `${publicUrl}${success}`,
      cancel_url: `${publicUrl}${cancelled}`,
    }),
  );
  if (!session.url) throw new AppError('billing_unavailable');
  return { url: session.url };
}

/** A subscriber changes plan by confirming the new price on Stripe's portal (no second subscription). */
async function changePlanInPortal(
  stripe: Stripe,
  customer: string,
  subscriptionId: string,
  price: string,
  returnUrl: string,
): Promise<{ url: string }> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const item = subscription.items.data[0];
  if (!item) throw new AppError('billing_unavailable');
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: returnUrl,
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: subscriptionId, items: [{ id: item.id, price }] },
        after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
      },
    }),
  );
  return { url: session.url };
}

/** The person's Stripe customer, created (once: the SDK's idempotency key) on their first payment. */
async function ensureCustomer(ctx: ServiceContext, existing: string | null): Promise<string> {
  if (existing) return existing;
  const stripeConfig = ctx.config.stripe;
  if (!stripeConfig) throw new AppError('billing_unavailable');
  const customer = await callStripe(async () =>
    (await stripeClient(stripeConfig)).customers.create(
      { email: ctx.user.email, name: ctx.user.name, metadata: { user_id: ctx.user.id } },
      { idempotencyKey: `customer-${ctx.user.id}` },
    ),
  );
  await ctx.db
    .updateTable('profiles')
    .set({ stripe_customer_id: customer.id })
    .where('id', '=', ctx.user.id)
    .where('stripe_customer_id', 'is', null)
    .execute();
  return customer.id;
}

/** Stripe's customer portal, or the demo portal page. */
export async function createPortal(ctx: ServiceContext): Promise<{ url: string }> {
  const { publicUrl, stripe: stripeConfig } = ctx.config;
  if (!stripeConfig) return { url: `${publicUrl}${DEMO_PORTAL_PATH}` };
  const profile = await billingProfile(ctx, ctx.user.id);
  const customer = await ensureCustomer(ctx, profile.stripe_customer_id);
  const session = await callStripe(async () =>
    (await stripeClient(stripeConfig)).billingPortal.sessions.create({
      customer,
      return_url: `${publicUrl}${paths.billing}`,
    }),
  );
  return { url: session.url };
}

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface InvoiceSummary {
  id: string;
  /** In the currency's main unit (19.99, not 1999). */
  amount: number;
  currency: string;
  created: Date;
  status: string;
  url: string | null;
  /** What a demo invoice was for, shown as its one line; null for Stripe's (its page has the lines). */
  line: InvoiceLine | null;
}

/** A demo invoice's line: the plan's time, less a previous plan's unused time and account credit. */
export interface InvoiceLine {
  plan: PaidPlanId;
  interval: BillingInterval;
  /** The plan's time: its full period, or the rest of the current one (main unit, as amount). */
  planCharge: number;
  /** The plan changed from, or null for a new subscription. */
  previous: { plan: PaidPlanId; interval: BillingInterval } | null;
  unusedCredit: number;
  creditApplied: number;
}

/** The billing page: plan in effect, cost, renewal or trial end, a plan that ended, payment method, invoices. */
export async function billingDetails(ctx: ServiceContext) {
  await settleEndedDemoSubscription(ctx, ctx.user.id);
  const profile = await billingProfile(ctx, ctx.user.id);
  const now = new Date();
  const plan = planInEffect(profile, now);
  const interval = plan === 'free' ? null : (profile.subscription_interval ?? 'month');
  const { payment_method, invoices } = ctx.config.stripe
    ? await stripePaymentsOf(ctx.config.stripe, profile.stripe_customer_id)
    : await demoPaymentsOf(ctx, ctx.user.id);
  return {
    plan,
    interval,
    monthly_cost: interval ? monthlyCost(plan, interval) : 0,
    renews_at: plan === 'free' ? null : profile.subscription_end,
    trial_ends_at: trialOf(profile, plan, now).trial_ends_at,
    ended_plan: await endedPlanOf(ctx, ctx.user.id, profile, now),
    cancel_at_period_end: profile.cancel_at_period_end,
    payment_method,
    invoices,
  };
}

async function stripePaymentsOf(
  stripeConfig: StripeConfig,
  customerId: string | null,
): Promise<{ payment_method: PaymentMethodSummary | null; invoices: InvoiceSummary[] }> {
  if (!customerId) return { payment_method: null, invoices: [] };
  const stripe = await stripeClient(stripeConfig);
  const [customer, invoices] = await Promise.all([
    callStripe(() =>
      stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
    ),
    callStripe(() => stripe.invoices.list({ customer: customerId, limit: INVOICE_HISTORY_LENGTH })),
  ]);
  const preferred = customer.deleted ? null : customer.invoice_settings.default_payment_method;
  const method =
    preferred && typeof preferred !== 'string'
      ? preferred
      : (await callStripe(() => stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 })))
          .data[0];
  return {
    payment_method: method?.card
      ? {
          brand: method.card.brand,
          last4: method.card.last4,
          exp_month: method.card.exp_month,
          exp_year: method.card.exp_year,
        }
      : null,
    invoices: invoices.data.map((invoice) => ({
      id: invoice.id ?? invoice.number ?? '',
      amount: (invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due) / CENTS_PER_UNIT,
      currency: invoice.currency,
      created: new Date(invoice.created * 1000),
      status: invoice.status ?? 'draft',
      url: invoice.hosted_invoice_url ?? null,
      line: null,
    })),
  };
}

/**
 * The billing page's 'Don't cancel': a subscription cancelled at its period's end renews again, in the
 * demo billing or at Stripe (whose answer is applied at once; its webhook event then changes nothing).
 * not_found when no cancelled subscription is running.
 */
export async function resumeSubscription(ctx: ServiceContext): Promise<Record<string, never>> {
  const stripeConfig = ctx.config.stripe;
  if (!stripeConfig) {
    if (!(await resumeDemoSubscription(ctx, ctx.user.id))) throw new AppError('not_found');
    return {};
  }
  const profile = await billingProfile(ctx, ctx.user.id);
  const subscriptionId = profile.stripe_subscription_id;
  if (!subscriptionId || !profile.cancel_at_period_end || !isSubscribed(profile)) {
    throw new AppError('not_found');
  }
  const observedAt = new Date();
  const subscription = await callStripe(async () =>
    (await stripeClient(stripeConfig)).subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
  );
  const state = subscriptionState(stripeConfig, subscription, observedAt);
  if (state) await applySubscriptionState(ctx, ctx.user.id, state);
  return {};
}

/**
 * Cancels the person's own subscription at its period's end, in the demo billing or at Stripe (whose
 * answer is applied at once): the plan stays until then. Offered where a plan stops carrying anything, as
 * when a team's ownership moves to someone with their own Business plan (a Stripe subscription belongs
 * to the customer who pays it and cannot be handed to another). not_found when none is running;
 * one already cancelled stays as it is.
 */
export async function cancelSubscriptionAtPeriodEnd(ctx: ServiceContext): Promise<Record<string, never>> {
  const stripeConfig = ctx.config.stripe;
  if (!stripeConfig) {
    if (!(await cancelDemoSubscription(ctx, ctx.user.id))) throw new AppError('not_found');
    return {};
  }
  const profile = await billingProfile(ctx, ctx.user.id);
  const subscriptionId = profile.stripe_subscription_id;
  if (!subscriptionId || !isSubscribed(profile)) throw new AppError('not_found');
  if (profile.cancel_at_period_end) return {};
  const observedAt = new Date();
  const subscription = await callStripe(async () =>
    (await stripeClient(stripeConfig)).subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
  );
  const state = subscriptionState(stripeConfig, subscription, observedAt);
  if (state) await applySubscriptionState(ctx, ctx.user.id, state);
  return {};
}

/**
 * Before an account is deleted: its paid Stripe subscription is cancelled at once
 * (docs/decisions/007-security-beyond-the-spec.md).
 */
export async function cancelSubscriptionOf(deps: AppDeps, userId: string): Promise<void> {
  const stripeConfig = deps.config.stripe;
  if (!stripeConfig) return; // demo billing: the rows go with the account
  const profile = await deps.db
    .selectFrom('profiles')
    .select(['stripe_subscription_id', 'subscription_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const subscriptionId = profile?.stripe_subscription_id;
  if (!subscriptionId || subscriptionAccess(profile.subscription_status ?? 'canceled') === 'ended') return;
  await callStripe(async () => {
    try {
      await (await stripeClient(stripeConfig)).subscriptions.cancel(subscriptionId);
    } catch (error) {
      // already gone at Stripe: nothing left to cancel
      if ((error as { code?: string }).code !== 'resource_missing') throw error;
    }
  });
}

/** The language the person reads the product in (the demo pages speak it). */
export async function languageOf(deps: AppDeps, userId: string): Promise<Locale> {
  const profile = await deps.db
    .selectFrom('profiles')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return profile?.language ?? DEFAULT_LOCALE;
}
