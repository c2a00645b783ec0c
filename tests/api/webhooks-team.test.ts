import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpointItem } from '../../server/webhooks/service.ts';
import { emptyVcardForm, type VcardFormValues } from '../../src/schemas/vcard.ts';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '../../src/webhooks.ts';
import { createSignedInOwner } from '../support/factories.ts';
import {
  buildMailingTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type MailingTestApp,
} from '../support/harness.ts';
import { addTeam, addTeamOfFour, teamAccountOf } from '../support/teams.ts';
import { createEndpoint, testWebhooks, waitForDelivery } from '../support/webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// A team's webhook endpoints (owner: 'team', as API keys have it): its owner and admins handle them, they
// belong to the team's account on the team's plan (its owner's), and receive the events of the team's cards;
// one disabled for failing is told to the team's owner. team.member_joined: tests/api/webhook-delivery.test.ts.

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

async function listed(cookie: string, owner: 'user' | 'team') {
  return trpcData<WebhookEndpointItem[]>(await trpcQuery(t.app, 'webhooks.list', cookie, { owner }));
}

const card = (overrides: Partial<VcardFormValues> = {}): VcardFormValues => ({
  ...emptyVcardForm(),
  name: 'Mia Member',
  ...overrides,
});

describe("a team's endpoints", () => {
  it("are added by an admin, belong to the team's account, and are handled by its owner and admins only", async () => {
    const { teamId, owner, admin, member } = await addTeamOfFour(t);
    const created = await createEndpoint(t, admin.cookie, {
      owner: 'team',
      url: 'https://hooks.example.com/team',
      events: ['card.created'],
    });
    const accountId = await teamAccountOf(t.db, teamId);
    expect(accountId).not.toBeNull();
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .select('user_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(accountId);
    for (const cookie of [owner.cookie, admin.cookie]) {
      expect((await listed(cookie, 'team')).map(({ id }) => id)).toEqual([created.id]);
      expect(await listed(cookie, 'user')).toEqual([]);
    }

    // the admin changes it, reads its secret and log, tests it; as their own it is unknown
    const id = created.id;
    const changed = await trpcMutate(t.app, 'webhooks.update', admin.cookie, {
      owner: 'team',
      id,
      description: 'Team CRM',
      baseVersion: created.version,
    });
    expect(trpcData<WebhookEndpointItem>(changed)).toMatchObject({ description: 'Team CRM' });
    const secret = await trpcQuery(t.app, 'webhooks.secret', owner.cookie, { owner: 'team', id });
    expect(trpcData<{ secret: string }>(secret).secret).toBe(created.secret);
    const log = await trpcQuery(t.app, 'webhooks.deliveries', admin.cookie, { owner: 'team', id });
    expect(log.statusCode).toBe(200);
    expect(trpcError(await trpcQuery(t.app, 'webhooks.secret', admin.cookie, { id })).data.reason).toBe(
      'not_found',
    );

    // a member is told which role may
    for (const [path, input] of [
      ['webhooks.create', { owner: 'team', url: 'https://hooks.example.com/m', events: ['card.created'] }],
      ['webhooks.update', { owner: 'team', id, description: 'Mine', baseVersion: 2 }],
      ['webhooks.delete', { owner: 'team', id }],
      ['webhooks.rotateSecret', { owner: 'team', id }],
      ['webhooks.sendTest', { owner: 'team', id }],
    ] as const) {
      const response = await trpcMutate(t.app, path, member.cookie, input);
      expect(trpcError(response).data, path).toMatchObject({
        reason: 'team_role_required',
        meta: { role: 'admin' },
      });
    }
    for (const path of ['webhooks.list', 'webhooks.secret', 'webhooks.deliveries', 'webhooks.delivery']) {
      const input =
        path === 'webhooks.list'
          ? { owner: 'team' }
          : path === 'webhooks.delivery'
            ? { owner: 'team', id, deliveryId: 'msg_x' }
            : { owner: 'team', id };
      const response = await trpcQuery(t.app, path, member.cookie, input);
      expect(trpcError(response).data.reason, path).toBe('team_role_required');
    }

    expect((await trpcMutate(t.app, 'webhooks.delete', owner.cookie, { owner: 'team', id })).statusCode).toBe(
      200,
    );
    expect(await listed(admin.cookie, 'team')).toEqual([]);
  });

  it("are refused with plan_required when the team's owner lacks Business, whatever the admin's own plan", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const admin = await createSignedInOwner(t, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: admin.userId, role: 'admin' },
    ]);
    const refused = await trpcMutate(t.app, 'webhooks.create', admin.cookie, {
      owner: 'team',
      url: 'https://hooks.example.com/team',
      events: ['card.created'],
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'apiAccess' },
    });
    // the refusal undid the team's account made for it
    expect(await teamAccountOf(t.db, teamId)).toBeNull();
    expect(await listed(admin.cookie, 'team')).toEqual([]);
    // the admin's own Business plan is theirs
    await createEndpoint(t, admin.cookie, { url: 'https://hooks.example.com/own', events: ['card.created'] });
    expect(await listed(admin.cookie, 'user')).toHaveLength(1);
  });
});

describe("a team's events", () => {
  it("of its cards (created, changed, deleted) are sent to the team's endpoints, not to anyone's own", async () => {
    const { teamId, owner, admin, member } = await addTeamOfFour(t);
    const events = ['card.created', 'card.updated', 'card.deleted'] as const;
    const own = await createEndpoint(t, owner.cookie, { url: receiver.url, events: [...events] });
    const teams = await createEndpoint(t, admin.cookie, {
      owner: 'team',
      url: receiver.url,
      events: [...events],
    });

    const created = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: member.userId },
      card: card(),
    });
    const { id, version } = trpcData<{ id: string; version: number }>(created);
    const update = await trpcMutate(t.app, 'vcards.update', member.cookie, {
      ...card({ position: 'Designer' }),
      id,
      baseVersion: version,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await trpcMutate(t.app, 'vcards.delete', admin.cookie, { id })).statusCode).toBe(200);

    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'event_type', 'payload'])
      .where('endpoint_id', 'in', [own.id, teams.id])
      .orderBy('created_at')
      .execute();
    expect(deliveries.map(({ endpoint_id, event_type }) => [endpoint_id, event_type])).toEqual(
      events.map((event) => [teams.id, event]),
    );
    const accountId = await teamAccountOf(t.db, teamId);
    expect(deliveries.map(({ payload }) => (payload as { data: { id: string } }).data.id)).toEqual([
      id,
      id,
      id,
    ]);
    expect(deliveries[1]?.payload).toMatchObject({
      type: 'card.updated',
      data: { id, position: 'Designer' },
    });
    expect(accountId).not.toBeNull();
  });

  it("a team endpoint disabled for failing is told to the team's owner, naming the team", async () => {
    const { teamId, owner, admin } = await addTeamOfFour(t);
    await t.db.updateTable('teams').set({ name: 'Hooked Team' }).where('id', '=', teamId).execute();
    const endpoint = await createEndpoint(t, admin.cookie, {
      owner: 'team',
      url: 'http://127.0.0.1:9/down',
      events: ['card.created'],
    });
    await t.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date(Date.now() - (WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS + 60_000)) })
      .where('id', '=', endpoint.id)
      .execute();
    const { deliveryId } = trpcData<{ deliveryId: string }>(
      await trpcMutate(t.app, 'webhooks.sendTest', admin.cookie, { owner: 'team', id: endpoint.id }),
    );
    await waitForDelivery(t.db, deliveryId, (delivery) => delivery.status === 'failed');
    const [disabled] = await listed(admin.cookie, 'team');
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await t.mail.waitFor(
      (message) => message.subject.includes('webhook') && message.body.includes('http://127.0.0.1:9/down'),
    );
    expect(mail.to).toEqual([owner.email]);
    expect(mail.body).toContain('of your team Hooked Team');
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('user_id')
      .where('kind', '=', 'webhook_disabled')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(outbox).toHaveLength(1);
  });
});
