import { describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../server/config.ts';
import { stripeClient } from '../../server/billing/stripe-client.ts';

const config: StripeConfig = {
  secretKey: 'sk_test_unit',
  webhookSecret: 'whsec_unit',
  prices: {
    pro: { month: 'price_pro_month', year: 'price_pro_year' },
    business: { month: 'price_business_month', year: 'price_business_year' },
  },
  apiBase: 'http://127.0.0.1:9/',
};

describe('stripeClient', () => {
  it('makes one client per configuration, for calls that ask at once before the SDK has loaded', async () => {
    const [first, second] = await Promise.all([stripeClient(config), stripeClient(config)]);
    expect(first).toBe(second);
    expect(await stripeClient(config)).toBe(first);
    expect(await stripeClient({ ...config })).not.toBe(first);
  });
});
