import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveriesPage, WebhookEndpointItem } from '../../server/webhooks/service.ts';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX,
} from '../../src/webhooks.ts';
import { createSignedInOwner } from '../support/factories.ts';
import {
  buildMailingTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type MailingTestApp,
} from '../support/harness.ts';
import { createEndpoint, testWebhooks, waitForDelivery } from '../support/webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The webhooks.* procedures: an account's endpoints, their secret on demand, a test
// event, redelivery and the paged log; another account's endpoint is unknown; apiAccess gates what sends.

let t: MailingTestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await buildMailingTestApp({ webhooks: testWebhooks({ retry: { limit: 0, delaySeconds: 1 } }) });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function list(cookie: string) {
  return trpcData<WebhookEndpointItem[]>(await trpcQuery(t.app, 'webhooks.list', cookie));
}

async function endpointRows(userId: string) {
  return t.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).execute();
}

describe('an endpoint', () => {
  it('is created with a whsec_ secret, listed without it, and shows it on demand', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createEndpoint(t, owner.cookie, {
      url: 'https://hooks.example.com/tapcard',
      events: ['card.created', 'link.scanned'],
      description: 'CRM',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [listed] = await list(owner.cookie);
    expect(listed).toMatchObject({ id: created.id, events: ['card.created', 'link.scanned'], enabled: true });
    expect(listed).not.toHaveProperty('secret');
    const shown = await trpcQuery(t.app, 'webhooks.secret', owner.cookie, { id: created.id });
    expect(trpcData<{ secret: string }>(shown).secret).toBe(created.secret);
    const rotated = trpcData<{ secret: string }>(
      await trpcMutate(t.app, 'webhooks.rotateSecret', owner.cookie, { id: created.id }),
    );
    expect(rotated.secret).not.toBe(created.secret);
  });

  it('is changed, disabled and enabled again, and deleted', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const created = await createEndpoint(t, owner.cookie, {
      url: 'https://hooks.example.com/a',
      events: ['card.created'],
    });
    const updated = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: created.id,
      events: ['card.deleted'],
      enabled: false,
      baseVersion: created.version,
    });
    expect(trpcData<WebhookEndpointItem>(updated)).toMatchObject({
      events: ['card.deleted'],
      enabled: false,
      version: created.version + 1,
    });
    const enabled = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: created.id,
      enabled: true,
      baseVersion: created.version + 1,
    });
    expect(trpcData<WebhookEndpointItem>(enabled)).toMatchObject({ enabled: true, disabledAt: null });
    expect((await trpcMutate(t.app, 'webhooks.delete', owner.cookie, { id: created.id })).statusCode).toBe(
      200,
    );
    expect(await list(owner.cookie)).toEqual([]);
  });

  it('of another account is unknown to every procedure, and stays as it was', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const other = await createSignedInOwner(t, { plan: 'business' });
    const theirs = await createEndpoint(t, other.cookie, {
      url: 'https://hooks.example.com/b',
      events: ['card.created'],
    });
    const before = await endpointRows(other.userId);
    const id = theirs.id;
    for (const [path, input] of [
      ['webhooks.update', { id, url: 'https://evil.example.com/', baseVersion: theirs.version }],
      ['webhooks.delete', { id }],
      ['webhooks.rotateSecret', { id }],
      ['webhooks.sendTest', { id }],
      ['webhooks.redeliver', { id, deliveryId: 'msg_x' }],
    ] as const) {
      const response = await trpcMutate(t.app, path, owner.cookie, input);
      expect(trpcError(response).data.reason, path).toBe('not_found');
    }
    for (const path of ['webhooks.secret', 'webhooks.deliveries']) {
      const response = await trpcQuery(t.app, path, owner.cookie, { id });
      expect(trpcError(response).data.reason, path).toBe('not_found');
    }
    expect(await endpointRows(other.userId)).toEqual(before);
  });

  it(`beyond ${WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX} is refused with limit_reached`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (let index = 0; index < WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX; index += 1)
      await createEndpoint(t, owner.cookie, {
        url: `https://hooks.example.com/${index}`,
        events: ['card.created'],
      });
    const refused = await trpcMutate(t.app, 'webhooks.create', owner.cookie, {
      url: 'https://hooks.example.com/over',
      events: ['card.created'],
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'limit_reached',
      meta: { resource: 'webhooks', limit: WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX },
    });
    expect(await endpointRows(owner.userId)).toHaveLength(WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX);
  });

  it('with bad input is refused naming the field, and nothing is stored', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const good = { url: 'https://hooks.example.com/', events: ['card.created'] };
    const cases: [unknown, string][] = [
      [{ ...good, url: '' }, 'url'],
      [{ ...good, url: 'not a url' }, 'url'],
      [{ ...good, url: 'ftp://hooks.example.com/' }, 'url'],
      [{ ...good, url: 'javascript:alert(1)' }, 'url'],
      [{ ...good, url: `https://hooks.example.com/${'x'.repeat(500)}` }, 'url'],
      [{ ...good, events: [] }, 'events'],
      [{ ...good, events: ['card.exploded'] }, 'events.0'],
      [{ ...good, events: ['card.created', 'card.created'] }, 'events'],
      [{ ...good, description: 'x'.repeat(201) }, 'description'],
      [{ ...good, secret: 'whsec_mine' }, 'secret'],
    ];
    for (const [input, field] of cases) {
      const response = await trpcMutate(t.app, 'webhooks.create', owner.cookie, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      const error = trpcError(response).data;
      expect(error.reason).toBe('validation_failed');
      expect(error.fieldErrors?.map((fieldError) => fieldError.path)).toContain(field);
    }
    expect(await endpointRows(owner.userId)).toEqual([]);
  });

  it('is not created for a Pro account (plan_required), whose list stays open', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const refused = await trpcMutate(t.app, 'webhooks.create', owner.cookie, {
      url: 'https://hooks.example.com/',
      events: ['card.created'],
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'apiAccess' },
    });
    expect(await list(owner.cookie)).toEqual([]);
  });
});

describe('the delivery log', () => {
  it('pages the deliveries newest first, and refuses a cursor it did not make', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'https://hooks.example.com/',
      events: ['card.created'],
    });
    const total = WEBHOOK_DELIVERIES_PAGE_SIZE + 3;
    await t.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: total }, (_, index) => ({
          id: `msg_log_${String(index).padStart(3, '0')}`,
          endpoint_id: endpoint.id,
          event_type: 'card.created' as const,
          payload: JSON.stringify({
            type: 'card.created',
            timestamp: new Date().toISOString(),
            data: { index },
          }),
          status: 'delivered' as const,
          created_at: new Date(Date.UTC(2026, 0, 1) + index * 1000),
        })),
      )
      .execute();
    const first = trpcData<WebhookDeliveriesPage>(
      await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, { id: endpoint.id }),
    );
    expect(first.items).toHaveLength(WEBHOOK_DELIVERIES_PAGE_SIZE);
    expect(first.items[0]?.id).toBe(`msg_log_${String(total - 1).padStart(3, '0')}`);
    const second = trpcData<WebhookDeliveriesPage>(
      await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, {
        id: endpoint.id,
        cursor: first.nextCursor,
      }),
    );
    expect(second.items.map((item) => item.id)).toEqual(['msg_log_002', 'msg_log_001', 'msg_log_000']);
    expect(second.nextCursor).toBeNull();

    // new deliveries while both pages are open: the first part, asked for down to where it ended, grows
    // and the second stays as it was
    await t.db
      .insertInto('webhook_deliveries')
      .values(
        ['msg_log_new_1', 'msg_log_new_2'].map((id, index) => ({
          id,
          endpoint_id: endpoint.id,
          event_type: 'card.created' as const,
          payload: JSON.stringify({ type: 'card.created', timestamp: new Date().toISOString(), data: {} }),
          status: 'delivered' as const,
          created_at: new Date(Date.UTC(2026, 0, 2) + index * 1000),
        })),
      )
      .execute();
    const grown = trpcData<WebhookDeliveriesPage>(
      await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, {
        id: endpoint.id,
        from: first.nextCursor,
      }),
    );
    expect(grown.items.map((item) => item.id)).toEqual([
      'msg_log_new_2',
      'msg_log_new_1',
      ...first.items.map((item) => item.id),
    ]);
    expect(grown.nextCursor).toBeNull();
    const both = await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, {
      id: endpoint.id,
      from: first.nextCursor,
      cursor: first.nextCursor,
    });
    expect(trpcError(both).data.reason).toBe('validation_failed');
    const bad = await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, {
      id: endpoint.id,
      cursor: 'nope',
    });
    expect(trpcError(bad).data).toMatchObject({ reason: 'validation_failed', meta: { field: 'cursor' } });
  });

  it('shows a failed delivery, which is sent again with its webhook-id on redelivery', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'http://127.0.0.1:9/closed',
      events: ['card.created'],
    });
    const { deliveryId } = trpcData<{ deliveryId: string }>(
      await trpcMutate(t.app, 'webhooks.sendTest', owner.cookie, { id: endpoint.id }),
    );
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    const [failed] = trpcData<WebhookDeliveriesPage>(
      await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, { id: endpoint.id }),
    ).items;
    expect(failed).toMatchObject({
      id: deliveryId,
      status: 'failed',
      attempts: 1,
      eventType: 'webhook.test',
    });
    expect(failed?.lastError).toBeTruthy();

    const moved = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: endpoint.id,
      url: receiver.url,
      baseVersion: endpoint.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await trpcMutate(t.app, 'webhooks.redeliver', owner.cookie, {
      id: endpoint.id,
      deliveryId,
    });
    expect(again.statusCode).toBe(200);
    const accepted = await receiver.waitForAccepted(1);
    expect(accepted.map(({ headers }) => headers['webhook-id'])).toContain(deliveryId);
    const row = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');
    expect(row.attempts).toBe(2);
  });
});

describe('an endpoint failing for days', () => {
  it(`is disabled after ${WEBHOOK_DISABLE_AFTER_DAYS} days, its waiting deliveries failed, and its owner told, in their language`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'http://127.0.0.1:9/down',
      events: ['card.created'],
    });
    await t.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date(Date.now() - (WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS + 60_000)) })
      .where('id', '=', endpoint.id)
      .execute();
    // another delivery waits for its next try, an hour away
    await t.db
      .insertInto('webhook_deliveries')
      .values({
        id: `msg_waiting_${endpoint.id}`,
        endpoint_id: endpoint.id,
        event_type: 'card.created',
        payload: JSON.stringify({ type: 'card.created', timestamp: new Date().toISOString(), data: {} }),
        attempts: 4,
        last_error: 'connect ECONNREFUSED 127.0.0.1:9',
        next_attempt_at: new Date(Date.now() + 60 * 60 * 1000),
      })
      .execute();
    const { deliveryId } = trpcData<{ deliveryId: string }>(
      await trpcMutate(t.app, 'webhooks.sendTest', owner.cookie, { id: endpoint.id }),
    );
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    const [row] = await endpointRows(owner.userId);
    expect(row).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // no try is coming: the log shows none waiting, nor a next try
    const log = trpcData<WebhookDeliveriesPage>(
      await trpcQuery(t.app, 'webhooks.deliveries', owner.cookie, { id: endpoint.id }),
    );
    expect(log.items.map(({ status, nextAttemptAt }) => ({ status, nextAttemptAt }))).toEqual([
      { status: 'failed', nextAttemptAt: null },
      { status: 'failed', nextAttemptAt: null },
    ]);
    expect(log.items.find(({ id }) => id === `msg_waiting_${endpoint.id}`)).toMatchObject({
      attempts: 4,
      lastError: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(owner.email) && message.subject.includes('webhook'),
    );
    expect(mail.subject).toBe('Se ha desactivado un endpoint de webhook de Tapcard');
    expect(mail.body).toContain('http://127.0.0.1:9/down');
  });
});
