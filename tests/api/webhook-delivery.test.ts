import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { createSignedInOwner, setPlan } from '../support/factories.ts';
import { linkCounts } from '../support/counts.ts';
import { createTeam, inviteToTeam, joinTeam } from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { reopen, sharedDatabase } from '../support/shared-database.ts';
import { createEndpoint, testWebhooks, waitForDelivery } from '../support/webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { needsPostgres } from '../support/postgres.ts';
import { WEBHOOK_TRY_BOUND_SECONDS } from '../../server/webhooks/delivery.ts';
import type { WebhookTryItem } from '../../server/webhooks/service.ts';
import { WEBHOOK_ANSWER_KEPT_BYTES, WEBHOOK_TRIES_KEPT } from '../../src/webhooks.ts';

// Deliveries: signed per Standard Webhooks, retried until the receiver answers 2xx with
// the same webhook-id, kept across a restart and sent once by two processes on one database.

let t: TestApp;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  t = await buildTestApp({ webhooks: testWebhooks() });
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function sendTest(app: TestApp['app'], cookie: string, id: string): Promise<string> {
  const response = await trpcMutate(app, 'webhooks.sendTest', cookie, { id });
  expect(response.statusCode).toBe(200);
  return trpcData<{ deliveryId: string }>(response).deliveryId;
}

describe('a delivery', () => {
  it('is signed so that the standardwebhooks library verifies it with the secret', async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);

    const [request] = await receiver.waitForAccepted(1);
    const headers = request?.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(deliveryId);
    const verified = new Webhook(endpoint.secret).verify(request?.body ?? '', headers) as { type: string };
    expect(verified.type).toBe('webhook.test');
    // another secret does not verify it
    const other = await trpcMutate(t.app, 'webhooks.rotateSecret', owner.cookie, { id: endpoint.id });
    const { secret } = trpcData<{ secret: string }>(other);
    expect(() => new Webhook(secret).verify(request?.body ?? '', headers)).toThrow();
    const row = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');
    expect(row).toMatchObject({
      attempts: 1,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    });
  });

  it('is tried again until the receiver accepts it, with the same webhook-id, and accepted once', async () => {
    receiver = await startWebhookReceiver({ failFirst: 2 });
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);

    const failedOnce = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.attempts >= 1);
    expect(failedOnce.last_status_code).toBe(500);
    const row = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');
    expect(row.attempts).toBe(3);
    expect(receiver.received.map(({ status }) => status)).toEqual([500, 500, 204]);
    expect(new Set(receiver.received.map(({ headers }) => headers['webhook-id']))).toEqual(
      new Set([deliveryId]),
    );
    expect(receiver.accepted()).toHaveLength(1);
  });

  it('is given up after its last try, and the log says so', async () => {
    receiver = await startWebhookReceiver({ failFirst: 100 });
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);

    const row = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    expect(row).toMatchObject({
      attempts: 3,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
    });
    const failing = await t.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'failing_since'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    // failing for less than the days that disable it
    expect(failing.enabled).toBe(true);
    expect(failing.failing_since).not.toBeNull();
  });

  it('sends card.created when a card is created, to endpoints subscribed to it only', async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    const deaf = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['link.created'] });
    const created = await trpcMutate(t.app, 'vcards.create', owner.cookie, {
      ...emptyVcardForm(),
      name: 'Ada Hook',
    });
    expect(created.statusCode).toBe(200);
    const { id } = trpcData<{ id: string }>(created);

    const [request] = await receiver.waitForAccepted(1);
    const body = JSON.parse(request?.body ?? '') as { type: string; data: { id: string; name: string } };
    expect(body.type).toBe('card.created');
    expect(body.data).toMatchObject({ id, name: 'Ada Hook' });
    const toDeaf = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', deaf.id)
      .execute();
    expect(toDeaf).toEqual([]);
  });
});

describe("a delivery's log", () => {
  type Detail = { body: string; tries: WebhookTryItem[] };
  const detailOf = async (cookie: string, id: string, deliveryId: string) =>
    trpcData<Detail>(await trpcQuery(t.app, 'webhooks.delivery', cookie, { id, deliveryId }));

  it("shows the body as signed and sent, and each try's status with the start of the answer, marked when cut", async () => {
    // a long answer with a NUL (no PostgreSQL text holds one) and a 2-byte character across the cut
    const long = `oops\u0000${'x'.repeat(WEBHOOK_ANSWER_KEPT_BYTES - 6)}é${'y'.repeat(2000)}`;
    receiver = await startWebhookReceiver({
      answers: [
        { status: 500, body: long },
        { status: 200, body: '{"ok":true}' },
      ],
    });
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');

    const detail = await detailOf(owner.cookie, endpoint.id, deliveryId);
    // byte for byte what each try sent, and what the secret signed
    expect(receiver.received.map(({ body }) => body)).toEqual([detail.body, detail.body]);
    const [request] = receiver.accepted();
    expect(() =>
      new Webhook(endpoint.secret).verify(detail.body, request?.headers as Record<string, string>),
    ).not.toThrow();
    expect(detail.tries).toEqual([
      expect.objectContaining({
        statusCode: 200,
        error: null,
        answer: '{"ok":true}',
        answerTruncated: false,
      }),
      expect.objectContaining({ statusCode: 500, error: 'HTTP 500', answerTruncated: true }),
    ]);
    const cut = detail.tries[1]?.answer ?? '';
    // the first KiB, less the character it would cut in two; the NUL shown as U+FFFD
    expect(cut).toBe(`oops\uFFFD${'x'.repeat(WEBHOOK_ANSWER_KEPT_BYTES - 6)}`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(WEBHOOK_ANSWER_KEPT_BYTES + 2);
    expect(detail.tries[0]?.responseMs).toBeGreaterThanOrEqual(0);
  });

  it('says why a try got no answer, keeps the newest tries only, and is unknown to another account', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'http://127.0.0.1:9/closed',
      events: ['card.created'],
    });
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.attempts >= 1);
    const [refused] = (await detailOf(owner.cookie, endpoint.id, deliveryId)).tries;
    expect(refused).toMatchObject({ statusCode: null, answer: null, responseMs: null });
    expect(refused?.error).toMatch(/ECONNREFUSED/);

    // a delivery tried more often than its log keeps: the newest WEBHOOK_TRIES_KEPT stay
    await t.db
      .insertInto('webhook_delivery_tries')
      .values(
        Array.from({ length: WEBHOOK_TRIES_KEPT + 5 }, () => ({
          delivery_id: deliveryId,
          tried_at: new Date(),
          error: 'an older try',
        })),
      )
      .execute();
    receiver = await startWebhookReceiver();
    const moved = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: endpoint.id,
      url: receiver.url,
      baseVersion: endpoint.version,
    });
    expect(moved.statusCode).toBe(200);
    // its next try goes where the endpoint points now
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');
    const { tries } = await detailOf(owner.cookie, endpoint.id, deliveryId);
    expect(tries).toHaveLength(WEBHOOK_TRIES_KEPT);
    expect(tries[0]).toMatchObject({ statusCode: 204, answer: '' });

    const other = await createSignedInOwner(t, { plan: 'business' });
    const theirs = await trpcQuery(t.app, 'webhooks.delivery', other.cookie, { id: endpoint.id, deliveryId });
    expect(trpcError(theirs).data.reason).toBe('not_found');
    const ownEndpoint = await createEndpoint(t, other.cookie, {
      url: receiver.url,
      events: ['card.created'],
    });
    const wrongEndpoint = await trpcQuery(t.app, 'webhooks.delivery', other.cookie, {
      id: ownEndpoint.id,
      deliveryId,
    });
    expect(trpcError(wrongEndpoint).data.reason).toBe('not_found');
  });
});

/** A delivery of the endpoint waiting for its next try, as one that failed once an hour ago is. */
async function waitingDelivery(endpointId: string): Promise<string> {
  const id = `msg_waiting_${randomUUID()}`;
  await t.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: endpointId,
      event_type: 'card.created',
      payload: JSON.stringify({ type: 'card.created', timestamp: new Date().toISOString(), data: {} }),
      attempts: 1,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: new Date(Date.now() + 60 * 60 * 1000),
    })
    .execute();
  return id;
}

describe('a disabled endpoint', () => {
  it('has no delivery waiting: disabling it fails them, keeping why their last try failed', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: 'https://93.184.216.34/hook',
      events: ['card.created'],
    });
    const waiting = await waitingDelivery(endpoint.id);
    const disabled = await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: endpoint.id,
      enabled: false,
      baseVersion: endpoint.version,
    });
    expect(disabled.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', waiting)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      attempts: 1,
      last_error: 'HTTP 500',
    });
  });

  it('is sent a test event and a redelivery its owner asks for, each tried once, without retries', async () => {
    receiver = await startWebhookReceiver({ failFirst: 1 });
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['card.created'] });
    await trpcMutate(t.app, 'webhooks.update', owner.cookie, {
      id: endpoint.id,
      enabled: false,
      baseVersion: endpoint.version,
    });
    const deliveryId = await sendTest(t.app, owner.cookie, endpoint.id);
    const failed = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_status_code: 500, next_attempt_at: null });
    const job = await sql<{ retry_limit: number; state: string }>`
      select retry_limit, state from pgboss.job where data->>'deliveryId' = ${deliveryId}`.execute(t.db);
    // given up at once: no retry is left waiting
    expect(job.rows).toEqual([{ retry_limit: 0, state: 'completed' }]);

    await trpcMutate(t.app, 'webhooks.redeliver', owner.cookie, { id: endpoint.id, deliveryId });
    const delivered = await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'delivered');
    expect(delivered.attempts).toBe(2);
    expect(receiver.received.map(({ status }) => status)).toEqual([500, 204]);
    const [listed] = trpcData<{ enabled: boolean }[]>(await trpcQuery(t.app, 'webhooks.list', owner.cookie));
    expect(listed?.enabled).toBe(false);
  });
});

describe('the link events', () => {
  it('send link.created, link.updated and link.deleted for a QR code, each in its change', async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createEndpoint(t, owner.cookie, {
      url: receiver.url,
      events: ['link.created', 'link.updated', 'link.deleted'],
    });
    const created = await trpcMutate(t.app, 'links.createQrCode', owner.cookie, {
      title: 'Menu',
      url: 'https://example.com/menu',
      icon: '',
    });
    const { id } = trpcData<{ id: string }>(created);
    await receiver.waitForAccepted(1);
    const updated = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id,
      title: 'Dinner menu',
      url: 'https://example.com/menu',
      icon: '',
      baseVersion: 1,
    });
    expect(updated.statusCode).toBe(200);
    await receiver.waitForAccepted(2);
    // a refused edit (an older version) sends nothing
    const refused = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id,
      title: 'Stale',
      url: 'https://example.com/menu',
      icon: '',
      baseVersion: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect((await trpcMutate(t.app, 'links.delete', owner.cookie, { id })).statusCode).toBe(200);
    const accepted = await receiver.waitForAccepted(3);
    const bodies = accepted.map(
      ({ body }) => JSON.parse(body) as { type: string; data: { id: string; title?: string } },
    );
    expect(bodies.map(({ type }) => type)).toEqual(['link.created', 'link.updated', 'link.deleted']);
    expect(bodies.map(({ data }) => data.id)).toEqual([id, id, id]);
    expect(bodies[1]?.data.title).toBe('Dinner menu');
  });
});

describe('the counted events', () => {
  it('send link.scanned and profile.viewed in batches, with the counts of each item', async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['link.scanned', 'profile.viewed'] });
    const created = await trpcMutate(t.app, 'links.createQrCode', owner.cookie, {
      title: 'Flyer',
      url: 'https://example.com/flyer',
      icon: '',
    });
    const link = trpcData<{ id: string; code: string }>(created);
    for (let index = 0; index < 3; index += 1) await visitOnPhone(t.app, `/l/${link.code}?qr`);
    // a click (no ?qr) is not a scan
    await visitOnPhone(t.app, `/l/${link.code}`);
    await visitOnPhone(t.app, `/${owner.username ?? ''}`);
    await visitOnPhone(t.app, `/${owner.username ?? ''}`);

    type Counts = { type: string; data: { total: number; items: { id: string | null; count: number }[] } };
    const totals = new Map<string, number>();
    await vi.waitFor(
      () => {
        totals.clear();
        for (const { body } of receiver?.accepted() ?? []) {
          const { type, data } = JSON.parse(body) as Counts;
          totals.set(type, (totals.get(type) ?? 0) + data.total);
        }
        expect(Object.fromEntries(totals)).toEqual({ 'link.scanned': 3, 'profile.viewed': 2 });
      },
      { timeout: 20_000, interval: 200 },
    );
    const scanned = receiver
      .accepted()
      .map(({ body }) => JSON.parse(body) as Counts)
      .filter(({ type }) => type === 'link.scanned');
    expect(scanned.flatMap(({ data }) => data.items.map((item) => item.id))).toEqual(
      scanned.flatMap(() => [link.id]),
    );
  });
});

describe('an account whose plan no longer includes webhooks (moved to Pro)', () => {
  it('keeps its endpoints and is sent nothing: neither a change nor counted visits', async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await createEndpoint(t, owner.cookie, {
      url: receiver.url,
      events: ['card.created', 'link.created', 'link.scanned'],
    });
    // sent while the plan includes webhooks: the one delivery expected at the end
    const created = await trpcMutate(t.app, 'links.createQrCode', owner.cookie, {
      title: 'Poster',
      url: 'https://example.com/poster',
      icon: '',
    });
    const link = trpcData<{ id: string; code: string }>(created);
    await setPlan(t.db, owner.userId, 'pro');

    const card = await trpcMutate(t.app, 'vcards.create', owner.cookie, {
      ...emptyVcardForm(),
      name: 'After',
    });
    expect(card.statusCode, card.body).toBe(200);
    await visitOnPhone(t.app, `/l/${link.code}?qr`);
    // the scan is written, then its batch's round passes
    await vi.waitFor(async () => expect((await linkCounts(t.db, link.id)).scans).toBe(1), {
      timeout: 20_000,
    });
    await vi.waitFor(
      async () =>
        expect(
          await t.db
            .selectFrom('webhook_event_counts')
            .select('id')
            .where('endpoint_id', '=', endpoint.id)
            .execute(),
        ).toEqual([]),
      { timeout: 20_000 },
    );
    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select('event_type')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(deliveries.map(({ event_type }) => event_type)).toEqual(['link.created']);
    expect(
      await t.db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpoint.id).execute(),
    ).toHaveLength(1);
  });
});

describe('team.member_joined', () => {
  it("is sent to the team's endpoints (not its owner's own) when an invitation is accepted", async () => {
    receiver = await startWebhookReceiver();
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const own = await createEndpoint(t, owner.cookie, { url: receiver.url, events: ['team.member_joined'] });
    const team = await createTeam(t.app, owner.cookie, {
      name: 'Hook Team',
      slug: `hook-team-${Date.now()}`,
    });
    const teams = await createEndpoint(t, owner.cookie, {
      owner: 'team',
      url: receiver.url,
      events: ['team.member_joined'],
    });
    const invitee = await createSignedInOwner(t, { plan: 'free' });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'member' });
    await joinTeam(t.app, invitee.cookie, invitation.id);

    const [request] = await receiver.waitForAccepted(1);
    const body = JSON.parse(request?.body ?? '') as { type: string; data: unknown };
    expect(body).toMatchObject({
      type: 'team.member_joined',
      data: { team: { id: team.id, name: 'Hook Team' }, member: { userId: invitee.userId, role: 'member' } },
    });
    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select('endpoint_id')
      .where('endpoint_id', 'in', [own.id, teams.id])
      .execute();
    expect(deliveries).toEqual([{ endpoint_id: teams.id }]);
  });
});

describe('a delivery and the processes', () => {
  it('survives a restart: the pending delivery is sent by the next app on the database', async () => {
    const shared = await sharedDatabase();
    receiver = await startWebhookReceiver({ failFirst: 1 });
    const first = await buildTestApp({ ...shared.overrides, webhooks: testWebhooks() });
    try {
      const owner = await createSignedInOwner(first, { plan: 'business' });
      const endpoint = await createEndpoint(first, owner.cookie, {
        url: receiver.url,
        events: ['card.created'],
      });
      const deliveryId = await sendTest(first.app, owner.cookie, endpoint.id);
      // its first try failed: it waits for the next one, and the server stops
      await waitForDelivery(first.db, deliveryId, (delivery) => delivery.attempts >= 1);
      await first.app.close();

      const second = await reopen(first.config);
      try {
        await receiver.waitForAccepted(1);
        expect(receiver.accepted().map(({ headers }) => headers['webhook-id'])).toEqual([deliveryId]);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      await shared.drop();
    }
  });

  /** Sends a test event to a receiver that never answers its first request: the try stays in hand. */
  async function deliveryInHand(
    first: TestApp,
    receiverUrl: string,
  ): Promise<{ deliveryId: string; jobId: string }> {
    const owner = await createSignedInOwner(first, { plan: 'business' });
    const endpoint = await createEndpoint(first, owner.cookie, {
      url: receiverUrl,
      events: ['card.created'],
    });
    const deliveryId = await sendTest(first.app, owner.cookie, endpoint.id);
    return vi.waitFor(
      async () => {
        const job = await sql<{ id: string }>`
          select id from pgboss.job where data->>'deliveryId' = ${deliveryId} and state = 'active'`.execute(
          first.db,
        );
        expect(job.rows).toHaveLength(1);
        return { deliveryId, jobId: job.rows[0]!.id };
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  // a retry's delay of 10 minutes: a delivery sent again within seconds was not failed and retried
  const slowRetries = () => testWebhooks({ retry: { limit: 2, delaySeconds: 600 } });

  /**
   * A delivery in the first app's hand when it closes (`beforeClose` may change what its stop finds) is
   * sent within seconds by the next app on the database, once.
   */
  async function sentByTheNextApp(beforeClose: (first: TestApp, jobId: string) => Promise<void>) {
    const shared = await sharedDatabase();
    receiver = await startWebhookReceiver({ silentFirst: 1 });
    const first = await buildTestApp({ ...shared.overrides, webhooks: slowRetries() });
    let second: Awaited<ReturnType<typeof reopen>> | undefined;
    try {
      const { deliveryId, jobId } = await deliveryInHand(first, receiver.url);
      await beforeClose(first, jobId);
      await first.app.close();
      second = await reopen(first.config);
      await receiver.waitForAccepted(1, 10_000);
      expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual([deliveryId]);
    } finally {
      await second?.close();
      await first.close();
      await shared.drop();
    }
  }

  it('in hand when its server stops is given back and sent at once by the next one, not after the retry delay', async () => {
    await sentByTheNextApp(async () => undefined);
  });

  it('in hand when its server was killed is sent again at the next start, not after the expiry and the retry delay', async () => {
    // what a server killed while it sent leaves once the longest try is over: the job taken, by no one
    // alive (its taking moved back, so the first app's stop no longer holds it and gives nothing back)
    await sentByTheNextApp(async (first, jobId) => {
      await sql`
        update pgboss.job set started_on = now() - make_interval(secs => ${WEBHOOK_TRY_BOUND_SECONDS + 1})
         where id = ${jobId}::uuid`.execute(first.db);
    });
  });

  it('is sent once by two apps on one database', needsPostgres(), async () => {
    const shared = await sharedDatabase();
    receiver = await startWebhookReceiver();
    const one = await buildTestApp({ ...shared.overrides, webhooks: testWebhooks() });
    const two = await reopen(one.config);
    try {
      const owner = await createSignedInOwner(one, { plan: 'business' });
      const endpoint = await createEndpoint(one, owner.cookie, {
        url: receiver.url,
        events: ['card.created'],
      });
      const ids = [];
      for (let i = 0; i < 5; i += 1) ids.push(await sendTest(one.app, owner.cookie, endpoint.id));
      await receiver.waitForAccepted(ids.length);
      for (const id of ids) await waitForDelivery(one.db, id, (delivery) => delivery.status === 'delivered');
      expect(receiver.received.map(({ headers }) => headers['webhook-id']).sort()).toEqual(ids.sort());
    } finally {
      await two.close();
      await one.close();
      await shared.drop();
    }
  });
});
