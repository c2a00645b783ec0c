import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../server/api/pagination.ts';
import { resolveAuthSecret } from '../../server/config.ts';
import { CONSENT_TICKED, consentTextId, LEAD_FORM_FIELDS } from '../../server/leads/capture.ts';
import { removeExpiredLeads } from '../../server/leads/service.ts';
import { createLeadTokens, type LeadTokens } from '../../server/leads/token.ts';
import { PROBLEM_CONTENT_TYPE } from '../../server/lib/problem.ts';
import type { WebhookOutbox } from '../../server/webhooks/delivery.ts';
import {
  DEFAULT_LEAD_FORM,
  defaultLeadConsent,
  LEAD_RATE_LIMIT,
  type LeadFormSettings,
} from '../../src/schemas/lead.ts';
import {
  addLead,
  addLeadPosts,
  addVcard,
  createApiCaller,
  createSignedInOwner,
  type ApiCaller,
} from '../support/factories.ts';
import { buildTestApp, depsOf, trpcData, trpcMutate, type TestApp } from '../support/harness.ts';
import { placesHolding } from '../support/places-holding.ts';
import { addTeam, addTeamCard, teamKeyCaller } from '../support/teams.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { addWebhookEndpoint, createEndpoint, queuedEvents, testWebhooks } from '../support/webhooks.ts';

// Leads leave by themselves: GET /api/v1/leads (the leads page's filters, cursor pages), GET and DELETE
// /api/v1/leads/{id} (the leads page's erase), a team's key for the team's leads, and the webhooks
// lead.created (in the capture's transaction, with the consent receipt, the REST API's Lead) and
// lead.erased (the id only), on every path that erases a lead.

const ON: LeadFormSettings = { ...DEFAULT_LEAD_FORM, enabled: true };

let t: TestApp;
let tokens: LeadTokens;
/** Where the endpoints of tests that read the queued events point: it takes every delivery. */
let sink: WebhookReceiver;

beforeAll(async () => {
  t = await buildTestApp({ webhooks: testWebhooks() });
  tokens = createLeadTokens(resolveAuthSecret(t.config));
  sink = await startWebhookReceiver();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

interface Lead {
  id: string;
  vcardId: string | null;
  cardName: string;
  name: string | null;
  createdAt: string;
  consent: { text: string; language: string; acceptedAt: string };
}
interface LeadPage {
  items: Lead[];
  next_cursor: string | null;
}

const idsOf = (response: Awaited<ReturnType<ApiCaller['call']>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadPage>().items.map((lead) => lead.id);
};

function expectProblem(response: Awaited<ReturnType<ApiCaller['call']>>, status: number, reason: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
  expect(response.json()).toMatchObject({ status, reason });
  return response.json<{ errors?: { field: string; code: string }[] }>();
}

let addresses = 0;

/**
 * A visitor's post to the card's "Share your contact back" form, as its page makes it (a token of a
 * minute ago, the consent text's id, the box ticked), with `fields` over the defaults.
 */
function postLead(vcardId: string, cardName: string, fields: Record<string, string> = {}) {
  addresses += 1;
  const form = {
    [LEAD_FORM_FIELDS.token]: tokens.issue(vcardId, Date.now() - 60_000),
    [LEAD_FORM_FIELDS.language]: 'en',
    [LEAD_FORM_FIELDS.consentTextId]: consentTextId(defaultLeadConsent('en', cardName)),
    [LEAD_FORM_FIELDS.consent]: CONSENT_TICKED,
    [LEAD_FORM_FIELDS.honeypot]: '',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '+1 555 0100',
    company: 'Navy',
    note: 'Met at the booth',
    ...fields,
  };
  return t.app.inject({
    method: 'POST',
    url: `/vcard/${vcardId}/lead`,
    remoteAddress: `10.50.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': IPHONE_SAFARI,
      origin: 'null',
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const leadIdsOf = async (accountId: string) =>
  (await t.db.selectFrom('leads').select('id').where('user_id', '=', accountId).execute()).map(
    ({ id }) => id,
  );

/** A person's own API key (read and write) and a call made with it. */
async function keyCall(cookie: string) {
  const created = await trpcMutate(t.app, 'apiKeys.create', cookie, {
    name: 'CRM',
    scopes: ['read', 'write'],
    expiry: 'never',
  });
  const { key } = trpcData<{ key: string }>(created);
  return (method: 'GET' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
}

describe('GET /api/v1/leads', () => {
  it("lists the account's leads newest first with their receipts, filtered as the leads page filters", async () => {
    const caller = await createApiCaller(t);
    const first = await addVcard(t.db, caller.userId, { name: 'First card' });
    const second = await addVcard(t.db, caller.userId, { name: 'Second card' });
    const apple = await addLead(t.db, {
      userId: caller.userId,
      vcardId: first,
      cardName: 'First card',
      name: 'Ada Apple',
      company: 'Manzanas García',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    // 00:30 on 6 March in Madrid
    const late = await addLead(t.db, {
      userId: caller.userId,
      vcardId: second,
      cardName: 'Second card',
      company: 'Zeta Corp',
      createdAt: new Date('2026-03-05T23:30:00Z'),
    });
    const orphan = await addLead(t.db, {
      userId: caller.userId,
      vcardId: null,
      cardName: 'Old card',
      createdAt: new Date('2026-03-08T12:00:00Z'),
    });
    const newest = await addLead(t.db, {
      userId: caller.userId,
      vcardId: first,
      cardName: 'First card',
      email: null,
      phone: null,
      fieldsGiven: ['name', 'company', 'note'],
      createdAt: new Date('2026-03-10T09:00:00Z'),
    });
    const other = await createApiCaller(t);
    await addLead(t.db, { userId: other.userId, vcardId: await addVcard(t.db, other.userId) });

    const all = await caller.call('GET', '/api/v1/leads');
    expect(idsOf(all)).toEqual([newest, orphan, late, apple]);
    expect(all.json<LeadPage>().next_cursor).toBeNull();
    expect(all.json<LeadPage>().items[0]).toEqual({
      id: newest,
      vcardId: first,
      cardName: 'First card',
      name: 'Grace Hopper',
      email: null,
      phone: null,
      company: 'Navy',
      note: 'Met at the booth',
      fieldsGiven: ['name', 'company', 'note'],
      createdAt: '2026-03-10T09:00:00.000Z',
      consent: {
        text: defaultLeadConsent('en', 'First card'),
        language: 'en',
        acceptedAt: '2026-03-10T09:00:00.000Z',
      },
    });

    const list = (query: string) => caller.call('GET', `/api/v1/leads?${query}`);
    expect(idsOf(await list('search=APPLE'))).toEqual([apple]);
    expect(idsOf(await list('search=zeta%20corp'))).toEqual([late]);
    // the leads page's search: accents and case ignored, both ways
    expect(idsOf(await list('search=GARCIA'))).toEqual([apple]);
    expect(idsOf(await list(`search=${encodeURIComponent('Zéta Çorp')}`))).toEqual([late]);
    expect(idsOf(await list(`vcardId=${first}`))).toEqual([newest, apple]);
    expect(idsOf(await list('vcardId=deleted'))).toEqual([orphan]);
    expect(idsOf(await list('from=2026-03-05&to=2026-03-08'))).toEqual([orphan, late]);
    expect(idsOf(await list('from=2026-03-06'))).toEqual([newest, orphan]);
    expect(idsOf(await list('to=2026-03-05'))).toEqual([late, apple]);
    expect(idsOf(await list('from=2026-03-06&to=2026-03-06&timeZone=Europe/Madrid'))).toEqual([late]);
    expect(idsOf(await list(`search=grace&vcardId=${first}&from=2026-03-02`))).toEqual([newest]);
  });

  it('pages with an opaque cursor to the microsecond, and a lead erased meanwhile skips nothing', async () => {
    const caller = await createApiCaller(t);
    const card = await addVcard(t.db, caller.userId);
    const ids: string[] = [];
    // five leads within one millisecond, which a JavaScript Date cannot tell apart
    for (const micros of [500, 400, 300, 200, 100]) {
      const id = await addLead(t.db, { userId: caller.userId, vcardId: card });
      const at = `2026-04-01T10:00:00.000${micros}Z`;
      await sql`update leads set created_at = ${at}::timestamptz where id = ${id}`.execute(t.db);
      ids.push(id);
    }

    const first = await caller.call('GET', '/api/v1/leads?limit=2');
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    const { next_cursor: cursor } = first.json<LeadPage>();
    expect(cursor).toEqual(expect.any(String));
    // the client erases what it read: the next page starts where this one ended all the same
    for (const id of ids.slice(0, 2)) {
      expect((await caller.call('DELETE', `/api/v1/leads/${id}`)).statusCode).toBe(204);
    }
    const second = await caller.call('GET', `/api/v1/leads?limit=2&cursor=${cursor}`);
    expect(idsOf(second)).toEqual(ids.slice(2, 4));
    const last = await caller.call(
      'GET',
      `/api/v1/leads?limit=2&cursor=${second.json<LeadPage>().next_cursor}`,
    );
    expect(idsOf(last)).toEqual(ids.slice(4));
    expect(last.json<LeadPage>().next_cursor).toBeNull();
  });

  it('refuses a bad filter, an unknown parameter and a cursor of another list, naming the field', async () => {
    const caller = await createApiCaller(t);
    const refused = async (query: string, field: string) => {
      const problem = expectProblem(
        await caller.call('GET', `/api/v1/leads?${query}`),
        400,
        'validation_failed',
      );
      expect(problem.errors, query).toEqual([expect.objectContaining({ field })]);
    };
    await refused('from=2026-03-10&to=2026-03-01', 'to');
    await refused('from=2026-02-30', 'from');
    await refused('vcardId=nope', 'vcardId');
    await refused('card=all', 'card');
    await refused(`cursor=${encodeCursor(['2026-03-01T10:00:00.000Z', randomUUID()])}`, 'cursor');
    await refused(`cursor=${encodeCursor(['2026-03-01T10:00:00.000000Z', 'not-an-id'])}`, 'cursor');
  });
});

describe('GET and DELETE /api/v1/leads/{id}', () => {
  it("reads and erases the lead as the leads page does; again, or another account's, is 404", async () => {
    const caller = await createApiCaller(t);
    const card = await addVcard(t.db, caller.userId);
    const lead = await addLead(t.db, { userId: caller.userId, vcardId: card });
    const other = await createApiCaller(t);
    const foreign = await addLead(t.db, {
      userId: other.userId,
      vcardId: await addVcard(t.db, other.userId),
    });

    const read = await caller.call('GET', `/api/v1/leads/${lead}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual((await caller.call('GET', '/api/v1/leads')).json<LeadPage>().items[0]);

    const unknown = await caller.call('DELETE', `/api/v1/leads/${randomUUID()}`);
    expectProblem(unknown, 404, 'not_found');
    const theirs = await caller.call('DELETE', `/api/v1/leads/${foreign}`);
    expect(theirs.body).toBe(unknown.body);
    expect((await caller.call('GET', `/api/v1/leads/${foreign}`)).statusCode).toBe(404);
    expect(await leadIdsOf(other.userId)).toEqual([foreign]);

    const erased = await caller.call('DELETE', `/api/v1/leads/${lead}`);
    expect(erased.statusCode, erased.body).toBe(204);
    expect(erased.body).toBe('');
    expect(await leadIdsOf(caller.userId)).toEqual([]);
    expectProblem(await caller.call('DELETE', `/api/v1/leads/${lead}`), 404, 'not_found');
    expectProblem(await caller.call('GET', `/api/v1/leads/${lead}`), 404, 'not_found');
  });

  it('needs the read scope to list and the write scope to erase', async () => {
    const reader = await createApiCaller(t, ['read']);
    const lead = await addLead(t.db, { userId: reader.userId, vcardId: await addVcard(t.db, reader.userId) });
    expect(idsOf(await reader.call('GET', '/api/v1/leads'))).toEqual([lead]);
    expectProblem(await reader.call('DELETE', `/api/v1/leads/${lead}`), 403, 'forbidden');
    const writer = await createApiCaller(t, ['write']);
    expectProblem(await writer.call('GET', '/api/v1/leads'), 403, 'forbidden');
    expect(await leadIdsOf(reader.userId)).toEqual([lead]);
  });
});

describe("a team's key", () => {
  it("lists and erases the team's leads, not a member's own; a person's key, their own only", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const member = await createSignedInOwner(t, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: member.userId, role: 'member' },
    ]);
    const teamCard = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const teamLead = await addLead(t.db, {
      userId: teamCard.accountId,
      vcardId: teamCard.vcardId,
      cardName: 'Mia Member',
    });
    const otherTeamCard = await addTeamCard(t.db, teamId, { name: 'Front desk' });
    const deskLead = await addLead(t.db, {
      userId: otherTeamCard.accountId,
      vcardId: otherTeamCard.vcardId,
      cardName: 'Front desk',
    });
    const memberLead = await addLead(t.db, {
      userId: member.userId,
      vcardId: await addVcard(t.db, member.userId),
    });
    const ownerLead = await addLead(t.db, {
      userId: owner.userId,
      vcardId: await addVcard(t.db, owner.userId),
    });

    const team = await teamKeyCaller(t, owner.cookie);
    const mine = await keyCall(member.cookie);
    expect(idsOf(await team('GET', '/api/v1/leads')).toSorted()).toEqual([teamLead, deskLead].toSorted());
    expect(idsOf(await team('GET', `/api/v1/leads?vcardId=${teamCard.vcardId}`))).toEqual([teamLead]);
    expect(idsOf(await mine('GET', '/api/v1/leads'))).toEqual([memberLead]);

    expectProblem(await mine('DELETE', `/api/v1/leads/${teamLead}`), 404, 'not_found');
    expectProblem(await team('DELETE', `/api/v1/leads/${memberLead}`), 404, 'not_found');
    expectProblem(await team('DELETE', `/api/v1/leads/${ownerLead}`), 404, 'not_found');
    expect((await team('DELETE', `/api/v1/leads/${teamLead}`)).statusCode).toBe(204);
    expect(await leadIdsOf(teamCard.accountId)).toEqual([deskLead]);
    expect(await leadIdsOf(member.userId)).toEqual([memberLead]);
    expect(await leadIdsOf(owner.userId)).toEqual([ownerLead]);
  });
});

describe('the webhooks', () => {
  it("send lead.created once, with the REST API's Lead and its consent receipt, and lead.erased with the id only", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const caller = await createApiCaller(t);
      const card = await addVcard(t.db, caller.userId, { name: 'Ada Lovelace', lead_form: ON });
      const endpoint = await createEndpoint(t, caller.cookie, {
        url: receiver.url,
        events: ['lead.created', 'lead.erased'],
      });
      const details = { name: 'Wren Webhook', email: 'wren.webhook@example.com', note: 'Send me the deck' };
      const posted = await postLead(card, 'Ada Lovelace', details);
      expect(posted.statusCode, posted.body).toBe(303);
      const [leadId] = await leadIdsOf(caller.userId);

      const [created] = await receiver.waitForAccepted(1);
      const webhook = new Webhook(endpoint.secret);
      const event = webhook.verify(created!.body, created!.headers as Record<string, string>) as {
        type: string;
        data: Lead;
      };
      expect(event.type).toBe('lead.created');
      // the lead as GET /api/v1/leads/{id} shows it
      expect(event.data).toEqual((await caller.call('GET', `/api/v1/leads/${leadId}`)).json());
      expect(event.data).toMatchObject({
        id: leadId,
        vcardId: card,
        cardName: 'Ada Lovelace',
        ...details,
        phone: '+1 555 0100',
        company: 'Navy',
        fieldsGiven: ['name', 'email', 'phone', 'company', 'note'],
        consent: {
          text: defaultLeadConsent('en', 'Ada Lovelace'),
          language: 'en',
          acceptedAt: event.data.createdAt,
        },
      });
      // the delivery's log holds the lead until it is erased
      expect(await placesHolding(t.db, [details.email])).toContain('public.webhook_deliveries.payload');

      expect((await caller.call('DELETE', `/api/v1/leads/${leadId}`)).statusCode).toBe(204);
      const [, erased] = await receiver.waitForAccepted(2);
      const erasure = webhook.verify(erased!.body, erased!.headers as Record<string, string>);
      expect(erasure).toEqual({ type: 'lead.erased', timestamp: expect.any(String), data: { id: leadId } });
      // the delivery that carried the lead went with it, and nothing of it is left anywhere
      expect(await queuedEvents(t.db, endpoint.id)).toEqual([{ type: 'lead.erased', data: { id: leadId } }]);
      expect(await placesHolding(t.db, Object.values(details))).toEqual([]);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('send nothing for a post refused or dropped, and lead.created once per lead stored', async () => {
    const caller = await createApiCaller(t);
    const card = await addVcard(t.db, caller.userId, { name: 'Ada Lovelace', lead_form: ON });
    const closed = await addVcard(t.db, caller.userId, { name: 'Closed card', lead_form: DEFAULT_LEAD_FORM });
    const endpoint = await createEndpoint(t, caller.cookie, { url: sink.url, events: ['lead.created'] });

    expect((await postLead(card, 'Ada Lovelace', { consent: '' })).statusCode).toBe(422);
    expect((await postLead(card, 'Ada Lovelace', { email: 'not an address' })).statusCode).toBe(422);
    expect((await postLead(card, 'Ada Lovelace', { token: 'forged' })).statusCode).toBe(403);
    expect((await postLead(card, 'Ada Lovelace', { token: tokens.issue(card) })).statusCode).toBe(422);
    expect((await postLead(closed, 'Closed card')).statusCode).toBe(403);
    // a bot's (the honeypot filled) is answered as sent and dropped
    expect((await postLead(card, 'Ada Lovelace', { homepage: 'https://spam.example' })).statusCode).toBe(303);
    expect(await leadIdsOf(caller.userId)).toEqual([]);
    expect(await queuedEvents(t.db, endpoint.id)).toEqual([]);

    expect((await postLead(card, 'Ada Lovelace')).statusCode).toBe(303);
    const stored = await leadIdsOf(caller.userId);
    expect(stored).toHaveLength(1);
    // past the card's rate limit
    await addLeadPosts(t.db, { userId: caller.userId, vcardId: card }, LEAD_RATE_LIMIT.perCard);
    expect((await postLead(card, 'Ada Lovelace')).statusCode).toBe(429);
    expect(await leadIdsOf(caller.userId)).toEqual(stored);
    const events = await queuedEvents<Lead>(t.db, endpoint.id);
    expect(events.map(({ type, data }) => ({ type, id: data.id }))).toEqual([
      { type: 'lead.created', id: stored[0] },
    ]);
  });

  it("go to the team's endpoints for a team card's lead, not to its members'", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const member = await createSignedInOwner(t, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: member.userId, role: 'member' },
    ]);
    const teamCard = await addTeamCard(t.db, teamId, {
      memberId: member.userId,
      name: 'Mia Member',
      card: { lead_form: ON },
    });
    const events = ['lead.created', 'lead.erased'] as const;
    const teamEndpoint = await addWebhookEndpoint(t.db, teamCard.accountId, {
      url: sink.url,
      events: [...events],
    });
    const memberEndpoint = await addWebhookEndpoint(t.db, member.userId, {
      url: sink.url,
      events: [...events],
    });
    const ownerEndpoint = await addWebhookEndpoint(t.db, owner.userId, {
      url: sink.url,
      events: [...events],
    });

    expect((await postLead(teamCard.vcardId, 'Mia Member')).statusCode).toBe(303);
    const [leadId] = await leadIdsOf(teamCard.accountId);
    expect(await queuedEvents<Lead>(t.db, teamEndpoint.id)).toEqual([
      { type: 'lead.created', data: expect.objectContaining({ id: leadId, cardName: 'Mia Member' }) },
    ]);

    const erased = await trpcMutate(t.app, 'leads.team.erase', owner.cookie, { id: leadId });
    expect(erased.statusCode, erased.body).toBe(200);
    // the delivery that carried the lead went with it
    expect(await queuedEvents(t.db, teamEndpoint.id)).toEqual([
      { type: 'lead.erased', data: { id: leadId } },
    ]);
    expect(await queuedEvents(t.db, memberEndpoint.id)).toEqual([]);
    expect(await queuedEvents(t.db, ownerEndpoint.id)).toEqual([]);
  });

  it("send lead.erased for the leads page's erase and erase-all, and for clearing the test data", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const card = await addVcard(t.db, owner.userId);
    const endpoint = await createEndpoint(t, owner.cookie, { url: sink.url, events: ['lead.erased'] });
    const [one, two, three] = [
      await addLead(t.db, { userId: owner.userId, vcardId: card, name: 'One' }),
      await addLead(t.db, { userId: owner.userId, vcardId: card, name: 'Two' }),
      await addLead(t.db, { userId: owner.userId, vcardId: card, name: 'Three' }),
    ];
    expect((await trpcMutate(t.app, 'leads.erase', owner.cookie, { id: one })).statusCode).toBe(200);
    const all = await trpcMutate(t.app, 'leads.eraseAll', owner.cookie, { search: 'T' });
    expect(trpcData(all)).toEqual({ erased: 2 });
    const events = await queuedEvents(t.db, endpoint.id);
    expect(events[0]).toEqual({ type: 'lead.erased', data: { id: one } });
    expect(events.slice(1)).toEqual(
      expect.arrayContaining([
        { type: 'lead.erased', data: { id: two } },
        { type: 'lead.erased', data: { id: three } },
      ]),
    );
    expect(events).toHaveLength(3);

    const tester = await createSignedInOwner(t, { plan: 'business' });
    const testEndpoint = await createEndpoint(t, tester.cookie, { url: sink.url, events: ['lead.erased'] });
    const testLead = await addLead(t.db, {
      userId: tester.userId,
      vcardId: await addVcard(t.db, tester.userId),
    });
    expect((await trpcMutate(t.app, 'profile.clearTestData', tester.cookie)).statusCode).toBe(200);
    expect(await queuedEvents(t.db, testEndpoint.id)).toEqual([
      { type: 'lead.erased', data: { id: testLead } },
    ]);
  });

  it('send lead.erased for each lead the deletion by age deletes, to its account', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await t.db
      .updateTable('profiles')
      .set({ lead_retention_days: 30 })
      .where('id', '=', owner.userId)
      .execute();
    const card = await addVcard(t.db, owner.userId);
    const dayMs = 24 * 60 * 60 * 1000;
    const old = await addLead(t.db, {
      userId: owner.userId,
      vcardId: card,
      createdAt: new Date(Date.now() - 31 * dayMs),
    });
    const young = await addLead(t.db, {
      userId: owner.userId,
      vcardId: card,
      createdAt: new Date(Date.now() - 29 * dayMs),
    });
    const emitted: { ownerId: string; event: string; data: unknown }[] = [];
    const outbox: WebhookOutbox = {
      async emit(_trx, ownerId, event, data) {
        emitted.push({ ownerId, event, data: await data() });
      },
      queue: () => Promise.reject(new Error('not queued here')),
      wake: () => undefined,
    };
    await removeExpiredLeads({ ...(await depsOf(t)), webhooks: outbox }, false);
    expect(emitted.filter(({ ownerId }) => ownerId === owner.userId)).toEqual([
      { ownerId: owner.userId, event: 'lead.erased', data: { id: old } },
    ]);
    expect(await leadIdsOf(owner.userId)).toEqual([young]);
  });
});
