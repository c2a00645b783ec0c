import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { StripeConfig } from '../../server/config.ts';

// A fake Stripe API on loopback for the billing tests: the real SDK talks to it (STRIPE_API_BASE), and it
// answers with objects shaped like Stripe's (API version 2026-10-28: the period lives on the subscription
// item, an invoice names its subscription under parent.subscription_details). Every request is recorded.

export const FAKE_PRICES = {
  pro: { month: 'price_pro_monthly', year: 'price_pro_yearly' },
  business: { month: 'price_business_monthly', year: 'price_business_yearly' },
} as const;

const PRODUCT_OF_PRICE: Record<string, string> = {
  price_pro_monthly: 'prod_pro',
  price_pro_yearly: 'prod_pro',
  price_business_monthly: 'prod_business',
  price_business_yearly: 'prod_business',
};

export const WEBHOOK_SECRET = 'whsec_test_secret';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface SubscriptionSetup {
  id: string;
  customer: string;
  price: string;
  status: Stripe.Subscription.Status;
  /** Seconds since the epoch. */
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
  userId?: string;
}

type Json = Record<string, unknown>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
let counter = 0;
const newId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(8, '0')}`;

export function subscriptionObject(setup: SubscriptionSetup): Json {
  const periodStart = setup.periodEnd - 30 * 24 * 60 * 60;
  return {
    id: setup.id,
    object: 'subscription',
    cancel_at_period_end: setup.cancelAtPeriodEnd ?? false,
    canceled_at: setup.status === 'canceled' ? (setup.endedAt ?? nowSeconds()) : null,
    created: periodStart,
    currency: 'usd',
    customer: setup.customer,
    ended_at: setup.endedAt ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${setup.id}`,
          object: 'subscription_item',
          current_period_start: periodStart,
          current_period_end: setup.periodEnd,
          price: {
            id: setup.price,
            object: 'price',
            product: PRODUCT_OF_PRICE[setup.price] ?? 'prod_other',
            recurring: { interval: setup.price.endsWith('yearly') ? 'year' : 'month', interval_count: 1 },
            unit_amount: 1999,
            currency: 'usd',
          },
          quantity: 1,
          subscription: setup.id,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${setup.id}`,
    },
    livemode: false,
    metadata: setup.userId ? { user_id: setup.userId } : {},
    start_date: periodStart,
    status: setup.status,
    trial_end: null,
    trial_start: null,
  };
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices: Json[] = [];
  readonly paymentMethods: Json[] = [];
  /** When set, every request is answered with this HTTP status (Stripe down). */
  failWith: number | null = null;
  private server: Server | null = null;

  constructor(readonly port: number) {}

  config(): StripeConfig {
    return {
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      prices: { pro: { ...FAKE_PRICES.pro }, business: { ...FAKE_PRICES.business } },
      apiBase: `http://127.0.0.1:${this.port}`,
    };
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  setSubscription(setup: SubscriptionSetup): Json {
    const subscription = subscriptionObject(setup);
    this.subscriptions.set(setup.id, subscription);
    return subscription;
  }

  addCard(customer: string, last4 = '4242'): void {
    const id = newId('pm');
    this.paymentMethods.push({
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4, exp_month: 8, exp_year: 2031, funding: 'credit', country: 'US' },
    });
  }

  addInvoice(customer: string, subscription: string, amountCents: number, status: 'paid' | 'open'): Json {
    const id = newId('in');
    const invoice = {
      id,
      object: 'invoice',
      customer,
      amount_due: amountCents,
      amount_paid: status === 'paid' ? amountCents : 0,
      currency: 'usd',
      created: nowSeconds(),
      status,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription, metadata: {} },
      },
    };
    this.invoices.unshift(invoice);
    return invoice;
  }

  /** The requests to one method and path. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = Buffer.concat(chunks).toString();
    const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(value));
    };
    if (this.failWith) {
      send(this.failWith, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
      return;
    }
    if (request.headers.authorization !== 'Bearer sk_test_fake') {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const missing = (what: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    const [, , resource, id] = url.pathname.split('/');
    const route = `${method} /${resource}${id ? '/:id' : ''}`;
    switch (route) {
      case 'POST /customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: { user_id: params['metadata[user_id]'] },
          invoice_settings: { default_payment_method: null },
        };
        this.customers.set(customer.id, customer);
        return send(200, customer);
      }
      case 'GET /customers/:id': {
        const customer = this.customers.get(id ?? '');
        return customer ? send(200, customer) : missing('customer');
      }
      case 'POST /checkout/:id': {
        const sessionId = newId('cs_test');
        return send(200, {
          id: sessionId,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          status: 'open',
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        });
      }
      case 'POST /billing_portal/:id': {
        const sessionId = newId('bps');
        return send(200, {
          id: sessionId,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${sessionId}`,
        });
      }
      case 'GET /subscriptions/:id': {
        const subscription = this.subscriptions.get(id ?? '');
        return subscription ? send(200, subscription) : missing('subscription');
      }
      case 'POST /subscriptions/:id': {
        // the one update the product makes: undoing a cancellation at the period's end
        const subscription = this.subscriptions.get(id ?? '');
        if (!subscription) return missing('subscription');
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        return send(200, subscription);
      }
      case 'DELETE /subscriptions/:id': {
        const subscription = this.subscriptions.get(id ?? '');
        if (!subscription) return missing('subscription');
        Object.assign(subscription, {
          status: 'canceled',
          ended_at: nowSeconds(),
          canceled_at: nowSeconds(),
        });
        return send(200, subscription);
      }
      case 'GET /invoices': {
        const data = this.invoices.filter((invoice) => invoice.customer === params.customer);
        return send(200, {
          object: 'list',
          data: data.slice(0, Number(params.limit ?? 10)),
          has_more: false,
          url: '/v1/invoices',
        });
      }
      case 'GET /payment_methods': {
        const data = this.paymentMethods.filter((method) => method.customer === params.customer);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/payment_methods' });
      }
      default:
        return missing(`route ${route}`);
    }
  }
}

/** A webhook delivery as Stripe signs it (the SDK's own test header), for an object of the given type. */
export function signedEvent(
  type: string,
  object: Json,
  options: { id?: string; secret?: string; timestamp?: number } = {},
): { payload: string; signature: string; id: string } {
  const id = options.id ?? newId('evt');
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = new Stripe('sk_test_fake').webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
  return { payload, signature, id };
}
