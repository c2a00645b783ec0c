import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveAuthSecret } from '../../server/config.ts';
import { CONSENT_TICKED, consentTextId, LEAD_FORM_FIELDS } from '../../server/leads/capture.ts';
import { createLeadTokens, type LeadTokens } from '../../server/leads/token.ts';
import { addWebhookCounts } from '../../server/webhooks/counts.ts';
import { DEFAULT_LEAD_FORM, defaultLeadConsent } from '../../src/schemas/lead.ts';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../src/webhooks.ts';
import { addLink, addVcard, createApiCaller, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, trpcMutate, type TestApp } from '../support/harness.ts';
import { createTeam, inviteToTeam, joinTeam } from '../support/teams.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { visitOnPhone } from '../support/visits.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { addWebhookEndpoint, createEndpoint, testWebhooks } from '../support/webhooks.ts';

// The document's `webhooks` (server/api/webhook-events.ts) against what is really sent: every event is
// made to happen, and its delivery's body must be valid against the schema the document gives it, so
// the two cannot drift. And link.scanned says, per link, where its scans were sent.

interface Document {
  components: Record<string, unknown>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
}

let t: TestApp;
let receiver: WebhookReceiver;
let doc: Document;
let tokens: LeadTokens;

beforeAll(async () => {
  t = await buildTestApp({ webhooks: testWebhooks() });
  receiver = await startWebhookReceiver();
  tokens = createLeadTokens(resolveAuthSecret(t.config));
  doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json<Document>();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** The bodies queued for an endpoint, oldest first, whole (`{ type, timestamp, data }`). */
async function queuedBodies(endpointId: string) {
  const rows = await t.db
    .selectFrom('webhook_deliveries')
    .select('payload')
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // the body as sent: the JSON of the stored payload (its dates already strings)
  return rows.map(({ payload }) => JSON.parse(JSON.stringify(payload)) as { type: string; data: unknown });
}

/** Whether a body is what the document says the event sends (its schema, with the components in reach). */
function expectDocumented(body: { type: string }) {
  const operation = doc.webhooks[body.type]?.post;
  expect(operation, `the document has ${body.type}`).toBeDefined();
  const { schema } = operation!.requestBody.content['application/json']!;
  const validate = new Ajv2020({ strict: false, validateFormats: false }).compile({
    ...schema,
    components: doc.components,
  });
  expect(validate(body), `${body.type}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(body)}`).toBe(
    true,
  );
}

describe("the document's webhooks", () => {
  it('describe every event as it is sent', async () => {
    const caller = await createApiCaller(t);
    const endpoint = await createEndpoint(t, caller.cookie, {
      url: receiver.url,
      events: [...WEBHOOK_EVENTS],
    });
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      caller.call(method, url, payload === undefined ? {} : { payload });

    // card.* and link.*, through the REST API
    const card = (await call('POST', '/api/v1/cards', { name: 'Ada Lovelace' })).json<{ id: string }>();
    expect(
      (await call('PATCH', `/api/v1/cards/${card.id}`, { position: 'Analyst', baseVersion: 1 })).statusCode,
    ).toBe(200);
    const qr = (
      await call('POST', '/api/v1/qr-codes', { title: 'Flyer', url: 'https://example.com/f' })
    ).json<{
      id: string;
      code: string;
    }>();
    expect(
      (await call('PATCH', `/api/v1/qr-codes/${qr.id}`, { title: 'Poster', baseVersion: 1 })).statusCode,
    ).toBe(200);
    // link.scanned and profile.viewed
    expect((await visitOnPhone(t.app, `/l/${qr.code}?qr`)).statusCode).toBe(302);
    expect((await visitOnPhone(t.app, `/vcard/${card.id}`)).statusCode).toBe(200);
    // lead.created for two leads, the second then erased (lead.erased; its lead.created goes with it)
    const leadCard = await addVcard(t.db, caller.userId, {
      name: 'Lead desk',
      lead_form: { ...DEFAULT_LEAD_FORM, enabled: true },
    });
    for (const [index, name] of ['Grace Hopper', 'Edsger Dijkstra'].entries()) {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/vcard/${leadCard}/lead`,
        remoteAddress: `10.77.0.${index + 1}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': IPHONE_SAFARI,
          origin: 'null',
        },
        payload: new URLSearchParams({
          [LEAD_FORM_FIELDS.token]: tokens.issue(leadCard, Date.now() - 60_000),
          [LEAD_FORM_FIELDS.language]: 'en',
          [LEAD_FORM_FIELDS.consentTextId]: consentTextId(defaultLeadConsent('en', 'Lead desk')),
          [LEAD_FORM_FIELDS.consent]: CONSENT_TICKED,
          [LEAD_FORM_FIELDS.honeypot]: '',
          name,
          email: `lead${index}@example.com`,
        }).toString(),
      });
      expect(posted.statusCode, posted.body).toBe(303);
    }
    const erased = await t.db
      .selectFrom('leads')
      .select('id')
      .where('vcard_id', '=', leadCard)
      .where('name', '=', 'Edsger Dijkstra')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/v1/leads/${erased.id}`)).statusCode).toBe(204);
    // deleted once their counts were sent (a scan of a link deleted before its batch is written is not)
    await vi.waitFor(
      async () => {
        const types = (await queuedBodies(endpoint.id)).map(({ type }) => type);
        expect(types).toEqual(expect.arrayContaining(['link.scanned', 'profile.viewed']));
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await call('DELETE', `/api/v1/qr-codes/${qr.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/cards/${card.id}`)).statusCode).toBe(204);
    // the test event
    expect(
      (await trpcMutate(t.app, 'webhooks.sendTest', caller.cookie, { id: endpoint.id })).statusCode,
    ).toBe(200);

    // team.member_joined, to a team's endpoint
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, owner.cookie, { name: 'Payload Team', slug: `payload-team-${Date.now()}` });
    const teamEndpoint = await createEndpoint(t, owner.cookie, {
      owner: 'team',
      url: receiver.url,
      events: ['team.member_joined'],
    });
    const invitee = await createSignedInOwner(t, { plan: 'free' });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: invitee.email, role: 'member' });
    await joinTeam(t.app, invitee.cookie, invitation.id);

    const everyEvent = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].toSorted();
    let bodies: { type: string; data: unknown }[] = [];
    await vi.waitFor(
      async () => {
        bodies = [...(await queuedBodies(endpoint.id)), ...(await queuedBodies(teamEndpoint.id))];
        expect([...new Set(bodies.map(({ type }) => type))].toSorted()).toEqual(everyEvent);
      },
      { timeout: 20_000, interval: 200 },
    );
    for (const body of bodies) expectDocumented(body);
  });
});

describe('link.scanned', () => {
  it('counts each link’s scans by where it sent them, and says whether it is a QR code or a profile link', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await addWebhookEndpoint(t.db, owner.userId, {
      url: receiver.url,
      events: ['link.scanned'],
    });
    const qr = await addLink(t.db, owner.userId, { kind: 'qr' });
    const profileLink = await addLink(t.db, owner.userId, { kind: 'profile' });
    await t.db.transaction().execute(async (trx) => {
      await addWebhookCounts(trx, 'link.scanned', [
        { userId: owner.userId, itemId: qr.id, count: 4, outcome: 'destination' },
        { userId: owner.userId, itemId: qr.id, count: 2, outcome: 'fallback' },
        { userId: owner.userId, itemId: profileLink.id, count: 1, outcome: 'rule' },
      ]);
      // a second batch of the same round adds to the same outcome
      await addWebhookCounts(trx, 'link.scanned', [
        { userId: owner.userId, itemId: qr.id, count: 1, outcome: 'fallback' },
      ]);
    });
    let bodies: { type: string; data: unknown }[] = [];
    await vi.waitFor(
      async () => {
        bodies = await queuedBodies(endpoint.id);
        expect(bodies).toHaveLength(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    expectDocumented(bodies[0]!);
    const { data } = bodies[0] as { data: { total: number; items: { id: string }[] } };
    expect(data.total).toBe(8);
    expect(data.items.toSorted((a, b) => (a.id === qr.id ? -1 : b.id === qr.id ? 1 : 0))).toEqual([
      { id: qr.id, kind: 'qr', count: 7, outcomes: { destination: 4, fallback: 3, rule: 0 } },
      { id: profileLink.id, kind: 'profile', count: 1, outcomes: { destination: 0, fallback: 0, rule: 1 } },
    ]);
  });

  it('says a scan sent to the fallback or a rule, as the redirect served it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const endpoint = await addWebhookEndpoint(t.db, owner.userId, {
      url: receiver.url,
      events: ['link.scanned'],
    });
    const closed = await addLink(t.db, owner.userId, { kind: 'qr' });
    const ruled = await addLink(t.db, owner.userId, { kind: 'qr' });
    // set before either is followed, so no cached redirect is in the way
    await t.db
      .updateTable('links')
      .set({ enabled: false, fallback_url: 'https://example.com/closed' })
      .where('id', '=', closed.id)
      .execute();
    await t.db
      .updateTable('links')
      .set({ rules: JSON.stringify([{ device: 'ios', language: null, url: 'https://example.com/ios' }]) })
      .where('id', '=', ruled.id)
      .execute();
    expect((await visitOnPhone(t.app, `/l/${closed.code}?qr`)).headers.location).toBe(
      'https://example.com/closed',
    );
    expect((await visitOnPhone(t.app, `/l/${ruled.code}?qr`)).headers.location).toBe(
      'https://example.com/ios',
    );

    let items: { id: string; outcomes: Record<string, number> }[] = [];
    await vi.waitFor(
      async () => {
        items = (await queuedBodies(endpoint.id)).flatMap(
          ({ data }) => (data as { items: typeof items }).items,
        );
        expect(items).toHaveLength(2);
      },
      { timeout: 20_000, interval: 200 },
    );
    const outcomesOf = (id: string) => items.find((item) => item.id === id)?.outcomes;
    expect(outcomesOf(closed.id)).toEqual({ destination: 0, fallback: 1, rule: 0 });
    expect(outcomesOf(ruled.id)).toEqual({ destination: 0, fallback: 0, rule: 1 });
  });
});
