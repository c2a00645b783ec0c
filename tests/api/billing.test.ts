import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileUpdate } from '../../db/schema.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import { BILLING_MODE_META, PLANS, TRIAL_DAYS } from '../../src/plans.ts';
import { setDemoBillingPeriod } from '../support/factories.ts';
import { FAKE_PRICES, FakeStripe } from '../support/fake-stripe.ts';
import {
  TEST_ORIGIN,
  buildTestApp,
  injectFromApp,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { WARN, captureLogs } from '../support/logs.ts';

// billing.* against a fake Stripe on loopback, and the demo billing that runs
// without Stripe keys: its pages act through the same path as a verified Stripe event.

const fake = new FakeStripe(4710);
const stripeAppLogs = captureLogs();
let stripeApp: TestApp;
let demoApp: TestApp;

beforeAll(async () => {
  await fake.start();
  [stripeApp, demoApp] = await Promise.all([
    buildTestApp({ stripe: fake.config() }, { logger: { level: 'warn', stream: stripeAppLogs.stream } }),
    buildTestApp(),
  ]);
});

afterAll(async () => {
  await Promise.all([stripeApp?.close(), demoApp?.close()]);
  await fake.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;

interface Status {
  subscribed: boolean;
  plan_type: string;
  product_id: string | null;
  price_id: string | null;
  subscription_end: Date | null;
  is_accessible: boolean;
  trial_ends_at: Date | null;
  trial_days_left: number | null;
  mode: 'stripe' | 'demo';
}

const statusOf = async (t: TestApp, cookie: string) =>
  trpcData<Status>(await trpcQuery(t.app, 'billing.status', cookie));
const profileOf = (t: TestApp, userId: string) =>
  t.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

describe('start', () => {
  it('contacts Stripe only when a person acts', () => {
    expect(fake.requests).toEqual([]);
  });
});

describe('billing.createCheckout with Stripe', () => {
  it('opens a subscription checkout with the price of each plan and interval, for one customer', async () => {
    const { cookie, userId, email } = await signUp(stripeApp.app);
    const customersBefore = fake.calls('POST', '/v1/customers').length;
    for (const plan of ['pro', 'business'] as const) {
      for (const interval of ['month', 'year'] as const) {
        const before = fake.calls('POST', '/v1/checkout/sessions').length;
        const response = await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, {
          plan,
          interval,
        });
        expect(response.statusCode).toBe(200);
        expect(trpcData<{ url: string }>(response).url).toMatch(
          /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/,
        );
        const sent = fake.calls('POST', '/v1/checkout/sessions').slice(before);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.params).toMatchObject({
          mode: 'subscription',
          'line_items[0][price]': FAKE_PRICES[plan][interval],
          'line_items[0][quantity]': '1',
          client_reference_id: userId,
          // a new account's onboarding goes on at its card step
          success_url: `${TEST_ORIGIN}/onboarding?checkout=success`,
          cancel_url: `${TEST_ORIGIN}/onboarding?checkout=cancelled`,
        });
        expect((await profileOf(stripeApp, userId)).chosen_plan).toBe(plan);
      }
    }
    const customers = fake.calls('POST', '/v1/customers').slice(customersBefore);
    expect(customers).toHaveLength(1);
    expect(customers[0]?.params).toMatchObject({ email, 'metadata[user_id]': userId });
    // the checkout page never changes the plan by itself
    expect((await profileOf(stripeApp, userId)).plan_type).toBe('free');

    // once onboarding is finished, checkout returns to the billing page
    await stripeApp.db.updateTable('profiles').set({ initialized: true }).where('id', '=', userId).execute();
    const before = fake.calls('POST', '/v1/checkout/sessions').length;
    await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, { plan: 'pro', interval: 'month' });
    expect(fake.calls('POST', '/v1/checkout/sessions').slice(before)[0]?.params).toMatchObject({
      success_url: `${TEST_ORIGIN}/dashboard/billing?checkout=success`,
      cancel_url: `${TEST_ORIGIN}/dashboard/billing?checkout=cancelled`,
    });
  });

  it('refuses a plan that is not for sale, and the plan already held, changing nothing', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    const unknown = await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, {
      plan: 'enterprise',
      interval: 'month',
    });
    expect(trpcError(unknown).data.reason).toBe('validation_failed');
    await stripeApp.db
      .updateTable('profiles')
      .set({
        plan_type: 'pro',
        subscription_interval: 'month',
        subscription_end: new Date(Date.now() + 10 * DAY_MS),
      })
      .where('id', '=', userId)
      .execute();
    const before = fake.requests.length;
    const held = await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, {
      plan: 'pro',
      interval: 'month',
    });
    expect(held.statusCode).toBe(409);
    expect(trpcError(held).data.reason).toBe('already_subscribed');
    expect(fake.requests.length).toBe(before);
    expect((await profileOf(stripeApp, userId)).chosen_plan).toBeNull();
    const refusals = stripeAppLogs.lines.filter(
      (line) => line.msg === 'billing request refused' && line.userId === userId,
    );
    expect(refusals.map((line) => [line.level, line.reason])).toEqual([
      [WARN, 'validation_failed'],
      [WARN, 'already_subscribed'],
    ]);
  });

  it('sends a subscriber who changes plan to confirm the new price on the portal', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, { plan: 'pro', interval: 'month' });
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    fake.setSubscription({
      id: 'sub_change',
      customer: customer ?? '',
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd: Math.floor(Date.now() / 1000) + 86_400,
    });
    await stripeApp.db
      .updateTable('profiles')
      .set({
        plan_type: 'pro',
        subscription_interval: 'month',
        stripe_subscription_id: 'sub_change',
        subscription_status: 'active',
        subscription_end: new Date(Date.now() + DAY_MS),
      })
      .where('id', '=', userId)
      .execute();
    const response = await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, {
      plan: 'business',
      interval: 'year',
    });
    expect(trpcData<{ url: string }>(response).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)?.params).toMatchObject({
      customer,
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_change',
      'flow_data[subscription_update_confirm][items][0][price]': FAKE_PRICES.business.year,
    });
    expect((await profileOf(stripeApp, userId)).plan_type).toBe('pro');
  });

  it('answers billing_unavailable when Stripe does not answer', async () => {
    const { cookie } = await signUp(stripeApp.app);
    fake.failWith = 500;
    try {
      const response = await trpcMutate(stripeApp.app, 'billing.createCheckout', cookie, {
        plan: 'pro',
        interval: 'year',
      });
      expect(response.statusCode).toBe(503);
      expect(trpcError(response).data.reason).toBe('billing_unavailable');
    } finally {
      fake.failWith = null;
    }
  });
});

describe('billing.portal and billing.details with Stripe', () => {
  it('opens the customer portal returning to the billing page', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    const response = await trpcMutate(stripeApp.app, 'billing.portal', cookie);
    expect(trpcData<{ url: string }>(response).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)?.params).toEqual({
      customer,
      return_url: `${TEST_ORIGIN}/dashboard/billing`,
    });
  });

  it('reads the card and the recent invoices from Stripe', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    await trpcMutate(stripeApp.app, 'billing.portal', cookie);
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    fake.addCard(customer ?? '', '1881');
    fake.addInvoice(customer ?? '', 'sub_x', 1999, 'paid');
    const details = trpcData<{
      payment_method: unknown;
      invoices: { amount: number; status: string; url: string | null }[];
      plan: string;
      monthly_cost: number;
    }>(await trpcQuery(stripeApp.app, 'billing.details', cookie));
    expect(details.plan).toBe('free');
    expect(details.monthly_cost).toBe(0);
    expect(details.payment_method).toEqual({ brand: 'visa', last4: '1881', exp_month: 8, exp_year: 2031 });
    expect(details.invoices).toHaveLength(1);
    expect(details.invoices[0]).toMatchObject({ amount: 19.99, status: 'paid' });
    expect(details.invoices[0]?.url).toMatch(/^https:\/\/invoice\.stripe\.test\//);
  });
});

describe('billing.status', () => {
  it('reports a running trial, an ended trial, a paid plan and an expired one, without calling Stripe', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    const requestsBefore = fake.requests.length;
    const running = await statusOf(stripeApp, cookie);
    expect(running).toMatchObject({
      subscribed: false,
      plan_type: 'free',
      is_accessible: true,
      trial_days_left: TRIAL_DAYS,
      mode: 'stripe',
    });

    const set = (values: ProfileUpdate) =>
      stripeApp.db.updateTable('profiles').set(values).where('id', '=', userId).execute();
    await set({ trial_start_date: new Date(Date.now() - (TRIAL_DAYS + 1) * DAY_MS) });
    expect(await statusOf(stripeApp, cookie)).toMatchObject({
      subscribed: false,
      plan_type: 'free',
      is_accessible: false,
      trial_days_left: 0,
    });

    const end = new Date(Date.now() + 20 * DAY_MS);
    await set({
      plan_type: 'business',
      subscription_end: end,
      subscription_price_id: FAKE_PRICES.business.month,
      subscription_product_id: 'prod_business',
    });
    expect(await statusOf(stripeApp, cookie)).toMatchObject({
      subscribed: true,
      plan_type: 'business',
      is_accessible: true,
      price_id: FAKE_PRICES.business.month,
      product_id: 'prod_business',
      subscription_end: end,
      trial_ends_at: null,
    });

    await set({ subscription_end: new Date(Date.now() - DAY_MS) });
    expect(await statusOf(stripeApp, cookie)).toMatchObject({
      subscribed: false,
      plan_type: 'business',
      is_accessible: false,
      price_id: null,
    });
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('needs a session', async () => {
    const response = await stripeApp.app.inject({ method: 'GET', url: '/api/trpc/billing.status' });
    expect(trpcError(response).data.reason).toBe('unauthenticated');
  });
});

describe('the billing mode in the HTML shell', () => {
  it('tells every page, without a session or an API call, whether payments go through Stripe or the demo billing', async () => {
    const modeOf = async (t: TestApp) => {
      const response = await t.app.inject({ method: 'GET', url: '/privacy' });
      expect(response.statusCode).toBe(200);
      return new RegExp(`<meta name="${BILLING_MODE_META}" content="([a-z]+)">`).exec(response.body)?.[1];
    };
    expect(await modeOf(stripeApp)).toBe('stripe');
    expect(await modeOf(demoApp)).toBe('demo');
  });
});

describe('billing.resume with Stripe', () => {
  it('undoes a cancellation at Stripe and applies its answer at once', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    await trpcMutate(stripeApp.app, 'billing.portal', cookie);
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    const periodEnd = Math.floor(Date.now() / 1000) + 10 * 86_400;
    fake.setSubscription({
      id: 'sub_resume',
      customer: customer ?? '',
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd,
      cancelAtPeriodEnd: true,
    });
    await stripeApp.db
      .updateTable('profiles')
      .set({
        plan_type: 'pro',
        subscription_interval: 'month',
        stripe_subscription_id: 'sub_resume',
        subscription_status: 'active',
        cancel_at_period_end: true,
        subscription_end: new Date(periodEnd * 1000),
        subscription_updated_at: new Date(Date.now() - 60_000),
      })
      .where('id', '=', userId)
      .execute();

    const response = await trpcMutate(stripeApp.app, 'billing.resume', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls('POST', '/v1/subscriptions/sub_resume').at(-1)?.params).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(await profileOf(stripeApp, userId)).toMatchObject({
      plan_type: 'pro',
      cancel_at_period_end: false,
      subscription_end: new Date(periodEnd * 1000),
    });
  });

  it('asks Stripe nothing when no cancellation is pending', async () => {
    const { cookie } = await signUp(stripeApp.app);
    const before = fake.requests.length;
    const response = await trpcMutate(stripeApp.app, 'billing.resume', cookie);
    expect(trpcError(response).data.reason).toBe('not_found');
    expect(fake.requests.length).toBe(before);
  });
});

describe('billing.cancelAtPeriodEnd with Stripe', () => {
  it('cancels at the period end at Stripe, applies its answer at once, and leaves a cancelled one alone', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    await trpcMutate(stripeApp.app, 'billing.portal', cookie);
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    const periodEnd = Math.floor(Date.now() / 1000) + 10 * 86_400;
    fake.setSubscription({
      id: 'sub_handed_on',
      customer: customer ?? '',
      price: FAKE_PRICES.business.month,
      status: 'active',
      periodEnd,
    });
    await stripeApp.db
      .updateTable('profiles')
      .set({
        plan_type: 'business',
        subscription_interval: 'month',
        stripe_subscription_id: 'sub_handed_on',
        subscription_status: 'active',
        cancel_at_period_end: false,
        subscription_end: new Date(periodEnd * 1000),
        subscription_updated_at: new Date(Date.now() - 60_000),
      })
      .where('id', '=', userId)
      .execute();

    const response = await trpcMutate(stripeApp.app, 'billing.cancelAtPeriodEnd', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls('POST', '/v1/subscriptions/sub_handed_on').at(-1)?.params).toEqual({
      cancel_at_period_end: 'true',
    });
    // the plan stays until the period ends, and the status says it will not renew
    expect(await profileOf(stripeApp, userId)).toMatchObject({
      plan_type: 'business',
      cancel_at_period_end: true,
      subscription_end: new Date(periodEnd * 1000),
    });
    expect(await statusOf(stripeApp, cookie)).toMatchObject({ subscribed: true, cancel_at_period_end: true });
    const before = fake.requests.length;
    expect((await trpcMutate(stripeApp.app, 'billing.cancelAtPeriodEnd', cookie)).statusCode).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  it('finds nothing to cancel without a running subscription, and asks Stripe nothing', async () => {
    const { cookie } = await signUp(stripeApp.app);
    const before = fake.requests.length;
    const response = await trpcMutate(stripeApp.app, 'billing.cancelAtPeriodEnd', cookie);
    expect(trpcError(response).data.reason).toBe('not_found');
    expect(fake.requests.length).toBe(before);
  });
});

describe('account deletion', () => {
  it('cancels the paid subscription at Stripe before the account goes', async () => {
    const { cookie, userId } = await signUp(stripeApp.app);
    await trpcMutate(stripeApp.app, 'billing.portal', cookie);
    const { stripe_customer_id: customer } = await profileOf(stripeApp, userId);
    fake.setSubscription({
      id: 'sub_gone',
      customer: customer ?? '',
      price: FAKE_PRICES.pro.year,
      status: 'active',
      periodEnd: Math.floor(Date.now() / 1000) + 86_400,
    });
    await stripeApp.db
      .updateTable('profiles')
      .set({ plan_type: 'pro', stripe_subscription_id: 'sub_gone', subscription_status: 'active' })
      .where('id', '=', userId)
      .execute();
    const response = await trpcMutate(stripeApp.app, 'account.delete', cookie, {
      confirmation: DELETE_CONFIRMATION_WORDS.en,
    });
    expect(response.statusCode).toBe(200);
    expect(fake.calls('DELETE', '/v1/subscriptions/sub_gone')).toHaveLength(1);
    expect(
      await stripeApp.db.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('demo billing (no Stripe keys)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, cookie: string | undefined, fields: Record<string, string>) =>
    injectFromApp(demoApp.app, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
      payload: form(fields),
    });

  it('pays on the local checkout: the plan becomes Pro with a demo invoice', async () => {
    const { cookie, userId } = await signUp(demoApp.app);
    const checkout = trpcData<{ url: string }>(
      await trpcMutate(demoApp.app, 'billing.createCheckout', cookie, { plan: 'pro', interval: 'month' }),
    );
    expect(checkout.url).toBe(`${TEST_ORIGIN}/billing/demo/checkout?plan=pro&interval=month`);
    const page = await demoApp.app.inject({
      method: 'GET',
      url: checkout.url.slice(TEST_ORIGIN.length),
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no money moves');
    expect(page.body).toContain('$19.99');
    expect((await profileOf(demoApp, userId)).plan_type).toBe('free');

    const paid = await post('/billing/demo/checkout', cookie, {
      plan: 'pro',
      interval: 'month',
      action: 'pay',
    });
    expect(paid.statusCode).toBe(303);
    // a new account's onboarding goes on at its card step (tests/api/onboarding.test.ts)
    expect(paid.headers.location).toBe('/onboarding?checkout=success');
    expect(await statusOf(demoApp, cookie)).toMatchObject({
      subscribed: true,
      plan_type: 'pro',
      is_accessible: true,
      mode: 'demo',
      price_id: 'demo_pro_month',
    });
    const details = trpcData<{
      plan: string;
      monthly_cost: number;
      invoices: { amount: number }[];
      payment_method: { brand: string } | null;
    }>(await trpcQuery(demoApp.app, 'billing.details', cookie));
    expect(details).toMatchObject({
      plan: 'pro',
      monthly_cost: PLANS.pro.price.month,
      payment_method: { brand: 'demo', last4: '4242' },
    });
    expect(details.invoices.map((invoice) => invoice.amount)).toEqual([PLANS.pro.price.month]);

    const again = await post('/billing/demo/checkout', cookie, {
      plan: 'pro',
      interval: 'month',
      action: 'pay',
    });
    expect(again.statusCode).toBe(409);
  });

  it('leaves the plan alone when the checkout is cancelled', async () => {
    const { cookie, userId } = await signUp(demoApp.app);
    const cancelled = await post('/billing/demo/checkout', cookie, {
      plan: 'business',
      interval: 'year',
      action: 'cancel',
    });
    expect(cancelled.headers.location).toBe('/onboarding?checkout=cancelled');
    expect((await profileOf(demoApp, userId)).plan_type).toBe('free');
  });

  it('cancels in the portal: Pro until the period ends, free after it', async () => {
    const { cookie, userId } = await signUp(demoApp.app);
    await post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'year', action: 'pay' });

    await post('/billing/demo/portal', cookie, { action: 'cancel' });
    const portal = await demoApp.app.inject({
      method: 'GET',
      url: '/billing/demo/portal',
      headers: { cookie },
    });
    expect(portal.body).toContain('Cancelled: ends on');
    expect(await statusOf(demoApp, cookie)).toMatchObject({ subscribed: true, plan_type: 'pro' });

    await demoApp.db
      .updateTable('profiles')
      .set({ subscription_end: new Date(Date.now() - 1000) })
      .where('id', '=', userId)
      .execute();
    expect(await statusOf(demoApp, cookie)).toMatchObject({ subscribed: false, plan_type: 'free' });
    expect((await profileOf(demoApp, userId)).subscription_status).toBe('canceled');
  });

  describe('a cancellation undone until the period ends', () => {
    const portalPage = (cookie: string) =>
      demoApp.app.inject({ method: 'GET', url: '/billing/demo/portal', headers: { cookie } });

    it('cancels at the period end from the dashboard (billing.cancelAtPeriodEnd), as the portal does', async () => {
      const { cookie, userId } = await signUp(demoApp.app);
      const none = await trpcMutate(demoApp.app, 'billing.cancelAtPeriodEnd', cookie);
      expect(trpcError(none).data.reason).toBe('not_found');
      await post('/billing/demo/checkout', cookie, { plan: 'business', interval: 'month', action: 'pay' });
      const paidUntil = (await profileOf(demoApp, userId)).subscription_end;
      const cancelled = await trpcMutate(demoApp.app, 'billing.cancelAtPeriodEnd', cookie);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await profileOf(demoApp, userId)).toMatchObject({
        plan_type: 'business',
        cancel_at_period_end: true,
        subscription_end: paidUntil,
      });
      expect((await portalPage(cookie)).body).toContain('Don&#39;t cancel: renew my plan');
    });

    it('renews from the demo portal, and from the billing page (billing.resume)', async () => {
      const { cookie, userId } = await signUp(demoApp.app);
      await post('/billing/demo/checkout', cookie, { plan: 'business', interval: 'month', action: 'pay' });
      const paidUntil = (await profileOf(demoApp, userId)).subscription_end;

      await post('/billing/demo/portal', cookie, { action: 'cancel' });
      expect((await portalPage(cookie)).body).toContain('Don&#39;t cancel: renew my plan');
      const renewed = await post('/billing/demo/portal', cookie, { action: 'renew' });
      expect(renewed.statusCode).toBe(303);
      expect(await profileOf(demoApp, userId)).toMatchObject({
        plan_type: 'business',
        cancel_at_period_end: false,
        subscription_end: paidUntil,
      });
      expect((await portalPage(cookie)).body).toContain('Renews on');

      await post('/billing/demo/portal', cookie, { action: 'cancel' });
      expect((await profileOf(demoApp, userId)).cancel_at_period_end).toBe(true);
      const resumed = await trpcMutate(demoApp.app, 'billing.resume', cookie);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(await profileOf(demoApp, userId)).toMatchObject({
        cancel_at_period_end: false,
        subscription_end: paidUntil,
      });
      const details = trpcData<{ cancel_at_period_end: boolean; invoices: unknown[] }>(
        await trpcQuery(demoApp.app, 'billing.details', cookie),
      );
      // renewing is not a purchase: still the one invoice
      expect(details).toMatchObject({ cancel_at_period_end: false, invoices: [expect.anything()] });
    });

    it('refuses to resume what is not cancelled, or has ended, changing nothing', async () => {
      const { cookie, userId } = await signUp(demoApp.app);
      const nothing = await trpcMutate(demoApp.app, 'billing.resume', cookie);
      expect(trpcError(nothing).data.reason).toBe('not_found');

      await post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'month', action: 'pay' });
      expect(trpcError(await trpcMutate(demoApp.app, 'billing.resume', cookie)).data.reason).toBe(
        'not_found',
      );
      await post('/billing/demo/portal', cookie, { action: 'cancel' });
      await demoApp.db
        .updateTable('profiles')
        .set({ subscription_end: new Date(Date.now() - 1000) })
        .where('id', '=', userId)
        .execute();
      expect(trpcError(await trpcMutate(demoApp.app, 'billing.resume', cookie)).data.reason).toBe(
        'not_found',
      );
      expect(await profileOf(demoApp, userId)).toMatchObject({
        plan_type: 'free',
        cancel_at_period_end: false,
      });
    });
  });

  describe('a change of plan or interval, prorated', () => {
    const DAY = 24 * 60 * 60 * 1000;
    const cents = (amount: number) => Math.round(amount * 100);
    interface Line {
      plan: string;
      interval: string;
      planCharge: number;
      previous: { plan: string; interval: string } | null;
      unusedCredit: number;
      creditApplied: number;
    }
    const invoicesOf = async (cookie: string) =>
      trpcData<{ invoices: { amount: number; status: string; line: Line }[] }>(
        await trpcQuery(demoApp.app, 'billing.details', cookie),
      ).invoices;

    /** A person on `plan` monthly, paid 20 days ago for a 30-day period: a third of it is unused. */
    async function subscribedTwoThirdsIn(plan: 'pro' | 'business') {
      const person = await signUp(demoApp.app);
      await post('/billing/demo/checkout', person.cookie, { plan, interval: 'month', action: 'pay' });
      const now = Date.now();
      await setDemoBillingPeriod(demoApp.db, person.userId, {
        start: new Date(now - 20 * DAY),
        end: new Date(now + 10 * DAY),
      });
      return person;
    }

    it('switching monthly to yearly: a new year from now, less the unused third of the month, on one invoice', async () => {
      const { cookie, userId } = await subscribedTwoThirdsIn('pro');
      const unused = Math.round(cents(PLANS.pro.price.month) / 3);
      const due = cents(PLANS.pro.price.year) - unused;

      const preview = await demoApp.app.inject({
        method: 'GET',
        url: '/billing/demo/checkout?plan=pro&interval=year',
        headers: { cookie },
      });
      expect(preview.body).toContain('Unused time on Pro Plan, monthly');
      expect(preview.body).toContain(`−$${(unused / 100).toFixed(2)}`);
      expect(preview.body).toContain('Due today');
      expect(preview.body).toContain(`$${(due / 100).toFixed(2)}`);

      const before = Date.now();
      await post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'year', action: 'pay' });
      const invoices = await invoicesOf(cookie);
      expect(invoices).toHaveLength(2);
      expect(invoices[0]).toMatchObject({
        amount: due / 100,
        status: 'paid',
        line: {
          plan: 'pro',
          interval: 'year',
          planCharge: PLANS.pro.price.year,
          previous: { plan: 'pro', interval: 'month' },
          unusedCredit: unused / 100,
          creditApplied: 0,
        },
      });
      const profile = await profileOf(demoApp, userId);
      expect(profile.subscription_interval).toBe('year');
      const yearFromNow = new Date(before);
      yearFromNow.setUTCFullYear(yearFromNow.getUTCFullYear() + 1);
      expect(profile.subscription_end?.getTime()).toBeGreaterThanOrEqual(yearFromNow.getTime());
      expect(profile.subscription_end?.getTime()).toBeLessThan(yearFromNow.getTime() + 60_000);
    });

    it('upgrading on the same interval keeps the renewal date and charges its rest at the new price', async () => {
      const { cookie, userId } = await subscribedTwoThirdsIn('pro');
      const renewal = (await profileOf(demoApp, userId)).subscription_end;
      const checkout = await trpcMutate(demoApp.app, 'billing.createCheckout', cookie, {
        plan: 'business',
        interval: 'month',
      });
      expect(trpcData<{ url: string }>(checkout).url).toBe(
        `${TEST_ORIGIN}/billing/demo/checkout?plan=business&interval=month`,
      );
      await post('/billing/demo/checkout', cookie, { plan: 'business', interval: 'month', action: 'pay' });

      const rest = Math.round(cents(PLANS.business.price.month) / 3);
      const unused = Math.round(cents(PLANS.pro.price.month) / 3);
      expect((await invoicesOf(cookie))[0]).toMatchObject({
        amount: (rest - unused) / 100,
        line: { planCharge: rest / 100, unusedCredit: unused / 100, previous: { plan: 'pro' } },
      });
      expect(await profileOf(demoApp, userId)).toMatchObject({
        plan_type: 'business',
        subscription_interval: 'month',
        subscription_end: renewal,
      });
    });

    it('a change to a cheaper plan leaves account credit, which the next payment uses first', async () => {
      const { cookie } = await signUp(demoApp.app);
      await post('/billing/demo/checkout', cookie, { plan: 'business', interval: 'year', action: 'pay' });
      await post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'month', action: 'pay' });
      const [down] = await invoicesOf(cookie);
      // nearly the whole year of Business is unused: far more than a month of Pro
      expect(down).toMatchObject({ amount: 0, line: { planCharge: PLANS.pro.price.month } });
      expect(down!.line.unusedCredit).toBeGreaterThan(PLANS.business.price.year - 1);

      await post('/billing/demo/checkout', cookie, { plan: 'business', interval: 'month', action: 'pay' });
      const [up] = await invoicesOf(cookie);
      const net = cents(PLANS.business.price.month) - cents(PLANS.pro.price.month);
      expect(up).toMatchObject({ amount: 0, line: { creditApplied: net / 100 } });
    });

    it('refuses the plan and interval already held, even when its cancellation is pending', async () => {
      const { cookie, userId } = await signUp(demoApp.app);
      await post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'month', action: 'pay' });
      const held = await trpcMutate(demoApp.app, 'billing.createCheckout', cookie, {
        plan: 'pro',
        interval: 'month',
      });
      expect(held.statusCode).toBe(409);
      expect(trpcError(held).data.reason).toBe('already_subscribed');
      const page = await demoApp.app.inject({
        method: 'GET',
        url: '/billing/demo/checkout?plan=pro&interval=month',
        headers: { cookie },
      });
      expect(page.body).toContain('You already have this plan.');
      expect(page.body).not.toContain('value="pay"');

      await post('/billing/demo/portal', cookie, { action: 'cancel' });
      const again = await post('/billing/demo/checkout', cookie, {
        plan: 'pro',
        interval: 'month',
        action: 'pay',
      });
      expect(again.statusCode).toBe(409);
      expect(await invoicesOf(cookie)).toHaveLength(1);
      expect((await profileOf(demoApp, userId)).cancel_at_period_end).toBe(true);
    });

    it('pays one change once when Pay is sent twice at the same moment', async () => {
      const { cookie } = await subscribedTwoThirdsIn('pro');
      const pays = await Promise.all(
        [1, 2].map(() =>
          post('/billing/demo/checkout', cookie, { plan: 'pro', interval: 'year', action: 'pay' }),
        ),
      );
      expect(pays.map((pay) => pay.statusCode).sort()).toEqual([303, 409]);
      expect(await invoicesOf(cookie)).toHaveLength(2);
    });
  });

  it('speaks the person’s language', async () => {
    const { cookie, userId } = await signUp(demoApp.app);
    await demoApp.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', userId).execute();
    const page = await demoApp.app.inject({
      method: 'GET',
      url: '/billing/demo/checkout?plan=business&interval=year',
      headers: { cookie },
    });
    expect(page.body).toContain('lang="es"');
    expect(page.body).toContain('no se mueve dinero');
  });

  it('shows its pages to a signed-in person only, and refuses a foreign origin', async () => {
    const page = await demoApp.app.inject({
      method: 'GET',
      url: '/billing/demo/checkout?plan=pro&interval=month',
    });
    expect(page.statusCode).toBe(401);
    expect((await demoApp.app.inject({ method: 'GET', url: '/billing/demo/portal' })).statusCode).toBe(401);
    expect(
      (await post('/billing/demo/checkout', undefined, { plan: 'pro', interval: 'month', action: 'pay' }))
        .statusCode,
    ).toBe(401);
    const { cookie, userId } = await signUp(demoApp.app);
    const foreign = await demoApp.app.inject({
      method: 'POST',
      url: '/billing/demo/checkout',
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form({ plan: 'pro', interval: 'month', action: 'pay' }),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await profileOf(demoApp, userId)).plan_type).toBe('free');
  });

  it('has no Stripe webhook', async () => {
    const response = await demoApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
