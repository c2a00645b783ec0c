import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { FAKE_PRICES, FakeStripe, signedEvent, subscriptionObject } from '../support/fake-stripe.ts';
import { buildTestApp, signUp, trpcData, trpcError, trpcMutate, type TestApp } from '../support/harness.ts';
import { WARN, captureLogs } from '../support/logs.ts';

// POST /api/webhooks/stripe: only a verified event changes a plan, each event
// once, and the final state is right whatever the order the events arrive in. The SDK re-reads each
// subscription from a fake Stripe on loopback.

const fake = new FakeStripe(4711);
const changes = createLocalChangeBus();
const notices: Change[] = [];
changes.subscribe((change) => notices.push(change));
const logs = captureLogs();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  t = await buildTestApp(
    { stripe: fake.config() },
    { changes, logger: { level: 'warn', stream: logs.stream } },
  );
});

afterAll(async () => {
  await t?.close();
  await changes.close();
  await fake.stop();
});

const DAY = 24 * 60 * 60;
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY;

function deliver(delivery: { payload: string; signature?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature !== undefined && { 'stripe-signature': delivery.signature }),
    },
    payload: delivery.payload,
  });
}

const profileOf = (userId: string) =>
  t.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
const processedEvents = () => t.db.selectFrom('stripe_events').select('id').execute();

/** A signed-in person with a Stripe customer (made by a real checkout request) and a subscription id. */
async function customerWithCheckout(plan: 'pro' | 'business' = 'pro') {
  const user = await signUp(t.app);
  const response = await trpcMutate(t.app, 'billing.createCheckout', user.cookie, {
    plan,
    interval: 'month',
  });
  expect(response.statusCode).toBe(200);
  const { stripe_customer_id: customer } = await profileOf(user.userId);
  if (!customer) throw new Error('checkout did not create a customer');
  return { ...user, customer, subscriptionId: `sub_${user.userId.slice(0, 12)}` };
}

async function subscribe(
  person: { userId: string; customer: string; subscriptionId: string },
  periodEnd = inDays(30),
) {
  const subscription = fake.setSubscription({
    id: person.subscriptionId,
    customer: person.customer,
    price: FAKE_PRICES.pro.month,
    status: 'active',
    periodEnd,
  });
  const event = signedEvent('checkout.session.completed', {
    id: 'cs_test_done',
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: person.userId,
    customer: person.customer,
    subscription: person.subscriptionId,
    status: 'complete',
    payment_status: 'paid',
  });
  expect((await deliver(event)).statusCode).toBe(200);
  return subscription;
}

describe('signature', () => {
  it('refuses a missing, wrong or stale signature with 400 and changes nothing', async () => {
    const person = await customerWithCheckout();
    fake.setSubscription({
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd: inDays(30),
    });
    const object = subscriptionObject({
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd: inDays(30),
    });
    const genuine = signedEvent('customer.subscription.updated', object);
    const before = await profileOf(person.userId);
    const eventsBefore = await processedEvents();

    const missing = await deliver({ payload: genuine.payload });
    const wrongSecret = await deliver(
      signedEvent('customer.subscription.updated', object, { secret: 'whsec_someone_else' }),
    );
    const tampered = await deliver({
      payload: genuine.payload.replace('"active"', '"trialing"'),
      signature: genuine.signature,
    });
    const stale = await deliver(
      signedEvent('customer.subscription.updated', object, {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    const future = await deliver(
      signedEvent('customer.subscription.updated', object, {
        timestamp: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    for (const response of [missing, wrongSecret, tampered, stale, future]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ reason: 'validation_failed' });
    }
    expect(await profileOf(person.userId)).toEqual(before);
    expect(await processedEvents()).toEqual(eventsBefore);
    expect(before.plan_type).toBe('free');
    // each refusal is a security event in the log
    const refusals = logs.lines.filter((line) => line.security === 'stripe_webhook_refused');
    expect(refusals).toHaveLength(5);
    expect(refusals.every((line) => line.level === WARN)).toBe(true);
  });
});

describe('events', () => {
  it('checkout.session.completed makes the plan paid until the period ends', async () => {
    const person = await customerWithCheckout();
    const periodEnd = inDays(30);
    await subscribe(person, periodEnd);
    // the public page cache and the live dashboard hear of the new plan
    expect(notices).toContainEqual({ userId: person.userId, topic: 'cards' });
    const profile = await profileOf(person.userId);
    expect(profile).toMatchObject({
      plan_type: 'pro',
      subscription_status: 'active',
      subscription_interval: 'month',
      subscription_price_id: FAKE_PRICES.pro.month,
      subscription_product_id: 'prod_pro',
      stripe_subscription_id: person.subscriptionId,
      chosen_plan: null,
      cancel_at_period_end: false,
    });
    expect(profile.subscription_end?.getTime()).toBe(periodEnd * 1000);
    const status = trpcData<{ subscribed: boolean; plan_type: string; is_accessible: boolean }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/trpc/billing.status',
        headers: { cookie: person.cookie },
      }),
    );
    expect(status).toMatchObject({ subscribed: true, plan_type: 'pro', is_accessible: true });
  });

  it('processes the same event once, however often it is delivered', async () => {
    const person = await customerWithCheckout();
    await subscribe(person);
    fake.setSubscription({
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.business.year,
      status: 'active',
      periodEnd: inDays(365),
    });
    const event = signedEvent(
      'customer.subscription.updated',
      subscriptionObject({
        id: person.subscriptionId,
        customer: person.customer,
        price: FAKE_PRICES.business.year,
        status: 'active',
        periodEnd: inDays(365),
      }),
    );
    const reads = () => fake.calls('GET', `/v1/subscriptions/${person.subscriptionId}`).length;
    const readsBefore = reads();
    expect((await deliver(event)).statusCode).toBe(200);
    const afterFirst = await profileOf(person.userId);
    expect(afterFirst).toMatchObject({ plan_type: 'business', subscription_interval: 'year' });

    // Stripe changes its mind later; a repeat of the old event must not re-apply anything
    fake.setSubscription({
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd: inDays(30),
    });
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(await profileOf(person.userId)).toEqual(afterFirst);
    expect(reads()).toBe(readsBefore + 1);
    const stored = await t.db.selectFrom('stripe_events').selectAll().where('id', '=', event.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.type).toBe('customer.subscription.updated');
  });

  it('ends on free when the deletion arrives before an older update', async () => {
    const person = await customerWithCheckout();
    await subscribe(person);
    const endedAt = Math.floor(Date.now() / 1000);
    const canceled = {
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'canceled' as const,
      periodEnd: inDays(30),
      endedAt,
    };
    fake.setSubscription(canceled);
    const deleted = signedEvent('customer.subscription.deleted', subscriptionObject(canceled));
    // the update was sent before the deletion, and its payload still says active
    const olderUpdate = signedEvent(
      'customer.subscription.updated',
      subscriptionObject({ ...canceled, status: 'active', endedAt: null, cancelAtPeriodEnd: true }),
    );
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await deliver(olderUpdate)).statusCode).toBe(200);
    const profile = await profileOf(person.userId);
    expect(profile).toMatchObject({ plan_type: 'free', subscription_status: 'canceled' });
    expect(profile.subscription_end?.getTime()).toBe(endedAt * 1000);
  });

  it('keeps the plan while a failed payment is retried, and ends it once Stripe gives up', async () => {
    const person = await customerWithCheckout();
    await subscribe(person);
    const setup = {
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'past_due' as const,
      periodEnd: inDays(30),
    };
    fake.setSubscription(setup);
    const invoice = fake.addInvoice(person.customer, person.subscriptionId, 1999, 'open');
    expect((await deliver(signedEvent('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await profileOf(person.userId)).toMatchObject({
      plan_type: 'pro',
      subscription_status: 'past_due',
    });

    fake.setSubscription({ ...setup, status: 'unpaid' });
    expect((await deliver(signedEvent('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await profileOf(person.userId)).toMatchObject({
      plan_type: 'free',
      subscription_status: 'unpaid',
    });

    // paid at last: invoice.paid brings the plan back
    fake.setSubscription({ ...setup, status: 'active', periodEnd: inDays(31) });
    const paid = fake.addInvoice(person.customer, person.subscriptionId, 1999, 'paid');
    expect((await deliver(signedEvent('invoice.paid', paid))).statusCode).toBe(200);
    expect(await profileOf(person.userId)).toMatchObject({ plan_type: 'pro', subscription_status: 'active' });
  });

  it('ignores a subscription on a price that is none of the plans, changing nothing', async () => {
    const person = await customerWithCheckout();
    const setup = {
      id: person.subscriptionId,
      customer: person.customer,
      price: 'price_someone_elses',
      status: 'active' as const,
      periodEnd: inDays(30),
    };
    fake.setSubscription(setup);
    const before = await profileOf(person.userId);
    const event = signedEvent('customer.subscription.created', subscriptionObject(setup));
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(await profileOf(person.userId)).toEqual(before);
    const eventId = (JSON.parse(event.payload) as { id: string }).id;
    expect(logs.lines.find((line) => line.stripeEvent === eventId)).toMatchObject({
      level: WARN,
      msg: 'Stripe event ignored',
      reason: 'unknown_price',
      detail: 'price_someone_elses',
    });
  });

  it('acknowledges event types it does not use, and stores nothing for them', async () => {
    const before = await processedEvents();
    const response = await deliver(signedEvent('customer.created', { id: 'cus_other', object: 'customer' }));
    expect(response.statusCode).toBe(200);
    expect(await processedEvents()).toEqual(before);
  });

  it('answers 503 and stores nothing when Stripe cannot be reached, so that Stripe delivers it again', async () => {
    const person = await customerWithCheckout();
    fake.setSubscription({
      id: person.subscriptionId,
      customer: person.customer,
      price: FAKE_PRICES.pro.month,
      status: 'active',
      periodEnd: inDays(30),
    });
    const event = signedEvent(
      'customer.subscription.created',
      subscriptionObject({
        id: person.subscriptionId,
        customer: person.customer,
        price: FAKE_PRICES.pro.month,
        status: 'active',
        periodEnd: inDays(30),
      }),
    );
    fake.failWith = 500;
    try {
      expect((await deliver(event)).statusCode).toBe(503);
    } finally {
      fake.failWith = null;
    }
    expect((await profileOf(person.userId)).plan_type).toBe('free');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await profileOf(person.userId)).plan_type).toBe('pro');
  });
});

describe('limits follow the plan', () => {
  it('refuses a second vCard on free and allows it once the upgrade event is applied', async () => {
    const person = await customerWithCheckout();
    const create = (name: string) =>
      trpcMutate(t.app, 'vcards.create', person.cookie, { ...emptyVcardForm(), name });
    expect((await create('First')).statusCode).toBe(200);
    const refused = await create('Second');
    expect(trpcError(refused).data.reason).toBe('limit_reached');
    await subscribe(person);
    expect((await create('Second')).statusCode).toBe(200);
  });
});
