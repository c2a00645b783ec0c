import type Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';

// The one Stripe SDK client per configuration, made on first use: starting the server contacts nobody.
// Requests give up after REQUEST_TIMEOUT_MS and are retried twice on a network failure or a 5xx/409 (the
// SDK adds an idempotency key to each POST, so a retry never creates a second object).

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_NETWORK_RETRIES = 2;

const clients = new WeakMap<StripeConfig, Promise<Stripe>>();

let sdk: Promise<typeof Stripe> | null = null;

/** The Stripe SDK, loaded on first use: a server without Stripe keys never loads it (a fifth of a second of every start). */
export function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}

/** The client of a configuration: the same promise for calls that ask at once, so one client is made. */
export function stripeClient(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    client = stripeSdk().then((StripeSdk) => {
      const base = config.apiBase ? new URL(config.apiBase) : null;
      return new StripeSdk(config.secretKey, {
        timeout: REQUEST_TIMEOUT_MS,
        maxNetworkRetries: MAX_NETWORK_RETRIES,
        telemetry: false,
        appInfo: { name: 'Tapcard' },
        ...(base && {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }),
      });
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * Runs a Stripe call; a failure of Stripe (unreachable, time-out, refused request) becomes
 * billing_unavailable, with Stripe's own error as its cause for the log.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof (await stripeSdk()).errors.StripeError)) throw error;
    throw Object.assign(new AppError('billing_unavailable'), { cause: error });
  }
}
