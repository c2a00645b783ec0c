import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isAllowedAddress,
  refusedTargetAddress,
  resolveTarget,
  TargetRefusedError,
  type HostResolver,
} from '../../server/webhooks/target.ts';
import { parseNetworks } from '../../server/lib/address-lists.ts';
import { parseConfig } from '../../server/config.ts';
import { WEBHOOK_BATCH_INTERVAL_SECONDS } from '../../src/webhooks.ts';
import { createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, trpcData, trpcError, trpcMutate, type TestApp } from '../support/harness.ts';
import {
  addWebhookEndpoint,
  createEndpoint,
  fakeResolver,
  testWebhooks,
  waitForDelivery,
} from '../support/webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Where webhooks may go: a target resolving to loopback, private, link-local (the cloud
// metadata address among them) and the like is refused when the endpoint is saved and when the request is
// made, unless the operator allowed its network; the request goes to the address that was checked.

const FORBIDDEN = [
  '127.0.0.1',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.10',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fd00::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
];

describe('an address', () => {
  it.each(FORBIDDEN)('%s is refused', (address) => {
    expect(isAllowedAddress(address, [])).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])('%s (public) is allowed', (address) => {
    expect(isAllowedAddress(address, [])).toBe(true);
  });

  it('inside an allowed network is allowed, and only there', () => {
    const allowed = parseNetworks('127.0.0.1/32, 10.0.0.0/8,fd00::/8');
    expect(isAllowedAddress('127.0.0.1', allowed)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', allowed)).toBe(true);
    expect(isAllowedAddress('10.200.0.1', allowed)).toBe(true);
    expect(isAllowedAddress('fd12::1', allowed)).toBe(true);
    expect(isAllowedAddress('127.0.0.2', allowed)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', allowed)).toBe(false);
    expect(isAllowedAddress('::1', allowed)).toBe(false);
  });
});

describe('a target', () => {
  const resolver = fakeResolver({
    'loopback.test': ['127.0.0.1'],
    'private.test': ['10.0.0.7'],
    'metadata.test': ['169.254.169.254'],
    'ipv6-loopback.test': ['::1'],
    'mixed.test': ['93.184.216.34', '10.0.0.7'],
    'public.test': ['93.184.216.34'],
  });

  it.each(['loopback.test', 'private.test', 'metadata.test', 'ipv6-loopback.test', 'mixed.test'])(
    'whose host %s resolves to a forbidden address is refused',
    async (host) => {
      await expect(resolveTarget(new URL(`https://${host}/hook`), resolver, [])).rejects.toThrow(
        TargetRefusedError,
      );
    },
  );

  it.each([
    'http://127.0.0.1/',
    'http://[::1]:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
  ])('given as the address %s is refused', async (url) => {
    await expect(resolveTarget(new URL(url), resolver, [])).rejects.toThrow(TargetRefusedError);
  });

  it('that is not http(s), or that does not resolve, is refused', async () => {
    await expect(resolveTarget(new URL('ftp://public.test/'), resolver, [])).rejects.toThrow(
      TargetRefusedError,
    );
    await expect(resolveTarget(new URL('https://unknown.test/'), resolver, [])).rejects.toThrow(
      TargetRefusedError,
    );
  });

  it('resolving to public addresses, or into an allowed network, is reached at the checked address', async () => {
    expect(await resolveTarget(new URL('https://public.test/'), resolver, [])).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    const allowed = parseNetworks('10.0.0.0/8');
    expect(await resolveTarget(new URL('https://private.test/'), resolver, allowed)).toEqual({
      address: '10.0.0.7',
      family: 4,
    });
  });
});

describe('saving an endpoint', () => {
  let t: TestApp;

  beforeAll(async () => {
    // loopback allowed (testWebhooks), as an operator's own network would be; nothing else private
    t = await buildTestApp(
      { webhooks: testWebhooks() },
      {
        resolveHost: fakeResolver({
          'private.hooks.test': ['10.0.0.5'],
          'metadata.hooks.test': ['169.254.169.254'],
          'mixed.hooks.test': ['93.184.216.34', 'fd00::1'],
          'public.hooks.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
          'lan.hooks.test': ['127.0.0.1'],
        }),
      },
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const endpointRows = (userId: string) =>
    t.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).execute();

  it.each([
    ['http://10.0.0.5/x', '10.0.0.5'],
    ['http://169.254.169.254/latest', '169.254.169.254'],
    ['http://[::1]:80/x', '::1'],
    ['https://private.hooks.test/hook', '10.0.0.5'],
    ['https://metadata.hooks.test/latest', '169.254.169.254'],
    // one address deliveries would refuse refuses the name, as it refuses every delivery
    ['https://mixed.hooks.test/hook', 'fd00::1'],
  ])('to %s is refused with the address, and nothing is stored', async (url, address) => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const refused = await trpcMutate(t.app, 'webhooks.create', owner.cookie, {
      url,
      events: ['card.created'],
    });
    expect(refused.statusCode).toBe(422);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'webhook_target_refused',
      meta: { field: 'url', address },
    });
    expect(await endpointRows(owner.userId)).toEqual([]);
  });

  it('to a public address, an allowed network, or a name that does not resolve now, is saved', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (const url of [
      'https://public.hooks.test/hook',
      'https://93.184.216.34/hook',
      'http://lan.hooks.test:8080/hook',
      'http://127.0.0.1:9/hook',
      // the DNS failing now (or the name not published yet): deliveries look it up again
      'https://not-yet.hooks.test/hook',
    ]) {
      const saved = await trpcMutate(t.app, 'webhooks.create', owner.cookie, {
        url,
        events: ['card.created'],
      });
      expect(saved.statusCode, url).toBe(200);
    }
    expect(await endpointRows(owner.userId)).toHaveLength(5);
  });

  it('edited to a refused URL is refused and stays as it was; an edit keeping its URL is not looked up', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'https://public.hooks.test/hook',
      events: ['card.created'],
    });
    const before = await endpointRows(owner.userId);
    const refused = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: endpoint.id,
      url: 'https://private.hooks.test/hook',
      baseVersion: endpoint.version,
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'webhook_target_refused',
      meta: { field: 'url', address: '10.0.0.5' },
    });
    expect(await endpointRows(owner.userId)).toEqual(before);

    // one saved before the rule (or before its network was taken off the allowed list) keeps its edits
    const old = await addWebhookEndpoint(t.db, owner.userId, { url: 'http://10.0.0.5/old' });
    const kept = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: old.id,
      url: 'http://10.0.0.5/old',
      events: ['card.deleted'],
      baseVersion: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('waits for a slow lookup only so long, then saves; an IP literal needs none', async () => {
    const never: HostResolver = () => new Promise(() => undefined);
    const started = performance.now();
    expect(await refusedTargetAddress('https://slow.hooks.test/', never, [], 50)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
    // an address is judged without a lookup (the URL parser writes this one ::ffff:a00:5)
    expect(await refusedTargetAddress('http://[::ffff:10.0.0.5]/', never, [], 50)).toBe('::ffff:a00:5');
  });
});

describe('WEBHOOK_ALLOWED_NETWORKS', () => {
  it('takes a list of CIDRs and refuses anything else at start', () => {
    const env = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40) };
    expect(parseConfig(env).webhooks.allowedNetworks).toEqual([]);
    expect(
      parseConfig({ ...env, WEBHOOK_ALLOWED_NETWORKS: '192.168.1.0/24,fd00::/8' }).webhooks.allowedNetworks,
    ).toHaveLength(2);
    expect(() => parseConfig({ ...env, WEBHOOK_ALLOWED_NETWORKS: '192.168.1.300/24' })).toThrow(
      /WEBHOOK_ALLOWED_NETWORKS/,
    );
    expect(() => parseConfig({ ...env, WEBHOOK_ALLOWED_NETWORKS: 'lan' })).toThrow(
      /WEBHOOK_ALLOWED_NETWORKS/,
    );
  });
});

describe('WEBHOOK_BATCH_SECONDS', () => {
  it('sets the batch interval, 60 s unless given, and refuses one outside 5..3600 at start', () => {
    const env = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40) };
    expect(parseConfig(env).webhooks.batchIntervalSeconds).toBe(WEBHOOK_BATCH_INTERVAL_SECONDS);
    expect(parseConfig({ ...env, WEBHOOK_BATCH_SECONDS: '5' }).webhooks.batchIntervalSeconds).toBe(5);
    for (const value of ['4', '3601', '1.5', 'soon']) {
      expect(() => parseConfig({ ...env, WEBHOOK_BATCH_SECONDS: value })).toThrow(/WEBHOOK_BATCH_SECONDS/);
    }
  });
});

describe('a delivery to a refused target', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // nothing allowed: the loopback receiver is a forbidden target here
    t = await buildTestApp(
      { webhooks: testWebhooks({ allowedNetworks: [], retry: { limit: 0, delaySeconds: 1 } }) },
      { resolveHost: fakeResolver({ 'hooks.test': ['127.0.0.1'] }) },
    );
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  afterEach(() => {
    receiver.received.length = 0;
  });

  it.each([
    ['a host resolving to loopback', (port: number) => `http://hooks.test:${port}/hook`],
    ['a loopback address', (port: number) => `http://127.0.0.1:${port}/hook`],
  ])('is not sent to %s, and the log says why', async (_case, url) => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    // saved before its network left WEBHOOK_ALLOWED_NETWORKS (a save now is refused: above)
    const endpoint = await addWebhookEndpoint(t.db, owner.userId, { url: url(receiver.port) });
    const sent = await trpcMutate(t.app, 'webhooks.sendTest', owner.cookie, { id: endpoint.id });
    const { deliveryId } = trpcData<{ deliveryId: string }>(sent);
    const row = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    expect(row.last_error).toMatch(/forbidden address \(127\.0\.0\.1\)/);
    expect(row.last_status_code).toBeNull();
    expect(receiver.received).toEqual([]);
  });
});

describe('a delivery to a host name in an allowed network', () => {
  it('goes to the address the resolver gave, which was the one checked', async () => {
    const receiver = await startWebhookReceiver();
    // a name no real DNS answers: only the checked address can have been connected to
    const t = await buildTestApp(
      { webhooks: testWebhooks() },
      { resolveHost: fakeResolver({ 'receiver.hooks.test': ['127.0.0.1'] }) },
    );
    try {
      const owner = await createSignedInOwner(t, { plan: 'business' });
      const endpoint = await createEndpoint(t, owner.cookie, {
        url: `http://receiver.hooks.test:${receiver.port}/hook`,
        events: ['card.created'],
      });
      await trpcMutate(t.app, 'webhooks.sendTest', owner.cookie, { id: endpoint.id });
      const [request] = await receiver.waitForAccepted(1);
      expect(request?.headers.host).toBe(`receiver.hooks.test:${receiver.port}`);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
