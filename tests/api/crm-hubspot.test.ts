import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../server/config.ts';
import { tokenSeal } from '../../server/crm/sealing.ts';
import type { CrmConnectionsView } from '../../server/crm/service.ts';
import { DEFAULT_CRM_MAPPING, SPLIT_NAME } from '../../src/crm.ts';
import { DEFAULT_LEAD_FORM } from '../../src/schemas/lead.ts';
import { addVcard, createSignedInOwner } from '../support/factories.ts';
import { FakeHubSpot, FAKE_HUBSPOT_CLIENT } from '../support/fake-hubspot.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { addTeam, addTeamCard, organizationCall } from '../support/teams.ts';
import { postLead as postLeadTo, settledSync, uniqueEmail, waitingSync } from '../support/crm.ts';

// HubSpot connections against a fake HubSpot on loopback (tests/support/fake-hubspot.ts): connecting with
// HubSpot's OAuth (state bound to the person, PKCE), each captured lead upserted by e-mail through the job
// queue (created, or only its empty properties completed), with the consent receipt in a note; the token
// refreshed; a 429 tried again after its Retry-After; a refused field, a missing property and a revoked
// token given up with HubSpot's words on the Connections page, the lead kept and nothing sent twice;
// disconnecting revokes the refresh token.

const fake = new FakeHubSpot();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  t = await buildTestApp({
    crm: { hubspot: fake.config(), salesforce: null, retry: { limit: 3, delaySeconds: 1 } },
    jobs: { pollingIntervalSeconds: 0.2 },
  });
});

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

beforeEach(() => {
  fake.missingProperties.clear();
  fake.refusedProperties.clear();
  fake.rateLimitNext(0, null);
});

type Owner = Awaited<ReturnType<typeof createSignedInOwner>>;

const postLead = (vcardId: string, values: Record<string, string>) => postLeadTo(t, vcardId, values);
const settled = (leadId: string) => settledSync(t, leadId);

/** Follows a connect: crm.connect, HubSpot's page (which grants), then the callback with the session. */
async function connect(owner: Owner, ownerOf: 'user' | 'team' = 'user') {
  const { url } = trpcData<{ url: string }>(
    await trpcMutate(t.app, 'crm.connect', owner.cookie, { owner: ownerOf, provider: 'hubspot' }),
  );
  const back = new URL(fake.authorize(url));
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: owner.cookie },
  });
}

async function connectionsOf(owner: Owner, ownerOf: 'user' | 'team' = 'user') {
  return trpcData<CrmConnectionsView>(await trpcQuery(t.app, 'crm.list', owner.cookie, { owner: ownerOf }));
}

/** A Business owner with a card taking leads and a HubSpot connection. */
async function connectedOwner() {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  const vcardId = await addVcard(t.db, owner.userId, { lead_form: { ...DEFAULT_LEAD_FORM, enabled: true } });
  expect((await connect(owner)).statusCode).toBe(303);
  return { ...owner, vcardId };
}

describe('connecting HubSpot', () => {
  it('goes through HubSpot OAuth with state and PKCE, keeps the tokens sealed, and lists the portal', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const { url } = trpcData<{ url: string }>(
      await trpcMutate(t.app, 'crm.connect', owner.cookie, { owner: 'user', provider: 'hubspot' }),
    );
    const authorize = new URL(url);
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(FAKE_HUBSPOT_CLIENT.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/crm/callback/hubspot`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')?.split(' ')).toContain('crm.objects.contacts.write');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    const back = new URL(fake.authorize(url));
    // another person's session cannot finish it
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const stolen = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: stranger.cookie },
    });
    expect(stolen.headers.location).toBe('/dashboard/connections?crm=expired&provider=hubspot');

    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard/connections?crm=connected&provider=hubspot');
    // a state is good once
    const again = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: owner.cookie },
    });
    expect(again.headers.location).toBe('/dashboard/connections?crm=expired&provider=hubspot');

    const row = await t.db
      .selectFrom('crm_connections')
      .selectAll()
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.access_token).not.toMatch(/access-/);
    expect(row.refresh_token).not.toMatch(/refresh-/);
    expect(tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token)).toMatch(/^refresh-/);
    const view = await connectionsOf(owner);
    expect(view.available).toEqual(['hubspot']);
    expect(view.connections).toMatchObject([
      {
        provider: 'hubspot',
        externalName: 'acme-demo.hubspot.com',
        status: 'connected',
        mapping: DEFAULT_CRM_MAPPING.hubspot,
      },
    ]);
  });

  it('is refused below Business, and a refused grant says so', async () => {
    const pro = await createSignedInOwner(t, { plan: 'pro' });
    const refused = await trpcMutate(t.app, 'crm.connect', pro.cookie, {
      owner: 'user',
      provider: 'hubspot',
    });
    expect(trpcError(refused).data.reason).toBe('plan_required');

    const owner = await createSignedInOwner(t, { plan: 'business' });
    const { url } = trpcData<{ url: string }>(
      await trpcMutate(t.app, 'crm.connect', owner.cookie, { owner: 'user', provider: 'hubspot' }),
    );
    const state = new URL(url).searchParams.get('state') ?? '';
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/crm/callback/hubspot?error=access_denied&state=${state}`,
      headers: { cookie: owner.cookie },
    });
    expect(denied.headers.location).toBe('/dashboard/connections?crm=denied&provider=hubspot');
    expect((await connectionsOf(owner)).connections).toEqual([]);
  });
});

describe('a lead sent to HubSpot', () => {
  it('creates the contact with the mapped fields, its owner, and the consent receipt as a note', async () => {
    const owner = await connectedOwner();
    const view = await connectionsOf(owner);
    const saved = await trpcMutate(t.app, 'crm.saveMapping', owner.cookie, {
      owner: 'user',
      provider: 'hubspot',
      target: 'contact',
      fields: { ...DEFAULT_CRM_MAPPING.hubspot.fields, note: 'message' },
      ownerId: '502',
      baseVersion: view.connections[0]?.version,
    });
    expect(saved.statusCode).toBe(200);
    const email = uniqueEmail('grace');
    const leadId = await postLead(owner.vcardId, { email, name: 'Grace Brewster Hopper' });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'synced', attempts: 1, record_created: true, error_kind: null });
    expect(fake.contactByEmail(email)?.properties).toEqual({
      email,
      firstname: 'Grace Brewster',
      lastname: 'Hopper',
      phone: '+1 555 0100',
      company: 'Navy',
      message: 'Met at the booth',
      hubspot_owner_id: '502',
    });
    const note = fake.notes.find((n) => n.contactIds.includes(sync.record_id ?? ''));
    expect(note?.properties.hs_note_body).toContain('Consent receipt');
    expect(note?.properties.hs_note_body).toContain('I agree');
    expect(note?.properties.hubspot_owner_id).toBe('502');
    expect((await connectionsOf(owner)).connections[0]).toMatchObject({
      counts: { synced: 1, failed: 0, pending: 0 },
      syncs: [{ leadId, status: 'synced', leadEmail: email }],
    });
  });

  it('completes an existing contact without overwriting what a salesperson typed', async () => {
    const owner = await connectedOwner();
    const email = uniqueEmail('typed');
    const typed = fake.addContact({ email, firstname: 'Gracie', phone: '+1 555 9999' });
    const before = fake.contacts.size;
    const leadId = await postLead(owner.vcardId, { email, name: 'Grace Hopper' });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'synced', record_id: typed.id, record_created: false });
    expect(fake.contacts.size).toBe(before);
    expect(fake.contacts.get(typed.id)?.properties).toEqual({
      email,
      firstname: 'Gracie',
      phone: '+1 555 9999',
      lastname: 'Hopper',
      company: 'Navy',
      message: 'Met at the booth',
    });
    const patch = fake.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/${typed.id}`));
    expect(patch.map((r) => Object.keys((r.body as { properties: object }).properties).sort())).toEqual([
      ['company', 'lastname', 'message'],
    ]);
  });

  it('refreshes an expired access token and carries on', async () => {
    const owner = await connectedOwner();
    const sealedBefore = await t.db
      .selectFrom('crm_connections')
      .select('access_token')
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    fake.expireAccessTokens();
    const refreshesBefore = fake.requests.filter(
      (r) => (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token',
    ).length;
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('refresh') });
    expect(await settled(leadId)).toMatchObject({ status: 'synced', attempts: 1 });
    const refreshes = fake.requests.filter(
      (r) => (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token',
    );
    expect(refreshes.length).toBe(refreshesBefore + 1);
    const sealedAfter = await t.db
      .selectFrom('crm_connections')
      .select('access_token')
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(sealedAfter.access_token).not.toBe(sealedBefore.access_token);
  });

  it('tries again after the Retry-After of a 429, and sends the contact once', async () => {
    const owner = await connectedOwner();
    const email = uniqueEmail('busy');
    fake.rateLimitNext(1, '2');
    const leadId = await postLead(owner.vcardId, { email });
    const waiting = await waitingSync(t, leadId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error_kind: 'rate_limited' });
    expect(waiting.last_error).toBe('You have reached your secondly limit.');
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'synced', attempts: 2 });
    const calls = fake.requests.filter(
      (r) =>
        r.path === '/crm/v3/objects/contacts/search' &&
        (r.body as { filterGroups: { filters: { value: string }[] }[] }).filterGroups[0]?.filters[0]
          ?.value === email,
    );
    expect(calls).toHaveLength(2);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1900);
    expect([...fake.contacts.values()].filter((c) => c.properties.email === email)).toHaveLength(1);
  });
});

describe('a lead sent once', () => {
  it('does not make the contact again when only its note failed', async () => {
    const owner = await connectedOwner();
    const email = uniqueEmail('note');
    fake.rateLimitNext(1, '1', /\/crm\/v3\/objects\/notes$/);
    const leadId = await postLead(owner.vcardId, { email });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'synced', attempts: 2, record_created: true });
    const creates = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/crm/v3/objects/contacts' &&
        JSON.stringify(r.body).includes(email),
    );
    expect(creates).toHaveLength(1);
    expect(fake.notes.filter((note) => note.contactIds.includes(sync.record_id ?? ''))).toHaveLength(1);
  });

  it('queues nothing for an account whose Business plan ended, and the lead is kept', async () => {
    const owner = await connectedOwner();
    await t.db.updateTable('profiles').set({ plan_type: 'free' }).where('id', '=', owner.userId).execute();
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('ended') });
    expect(
      await t.db.selectFrom('crm_syncs').select('id').where('lead_id', '=', leadId).executeTakeFirst(),
    ).toBeUndefined();
    expect((await connectionsOf(owner)).connections).toHaveLength(1);
  });

  it("revokes the account's tokens at HubSpot when the account is deleted", async () => {
    const owner = await connectedOwner();
    const row = await t.db
      .selectFrom('crm_connections')
      .select('refresh_token')
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const refreshToken = tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token) ?? '';
    const deleted = await trpcMutate(t.app, 'account.delete', owner.cookie, {
      language: 'en',
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fake.revokedRefreshTokens.has(refreshToken)).toBe(true);
    expect(
      await t.db
        .selectFrom('crm_connections')
        .select('id')
        .where('account_id', '=', owner.userId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('a lead HubSpot does not take', () => {
  it('gives up a refused field at once with HubSpot’s reason, the lead kept', async () => {
    const owner = await connectedOwner();
    fake.refusedProperties.set('phone', '+1 555 0100 is not a valid phone number');
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('refused') });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'failed', attempts: 1, error_kind: 'refused' });
    expect(sync.last_error).toBe('+1 555 0100 is not a valid phone number');
    expect(
      await t.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst(),
    ).toBeDefined();
    expect((await connectionsOf(owner)).connections[0]?.syncs[0]).toMatchObject({
      status: 'failed',
      errorKind: 'refused',
      lastError: '+1 555 0100 is not a valid phone number',
    });
  });

  it('refuses a mapping to a property HubSpot lacks, and says so when one goes missing later', async () => {
    const owner = await connectedOwner();
    const view = await connectionsOf(owner);
    const refused = await trpcMutate(t.app, 'crm.saveMapping', owner.cookie, {
      owner: 'user',
      provider: 'hubspot',
      target: 'contact',
      fields: { name: SPLIT_NAME, email: 'email', company: 'company_name' },
      ownerId: null,
      baseVersion: view.connections[0]?.version,
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'crm_field_unknown',
      meta: { field: 'company', property: 'company_name' },
    });
    const unknownOwner = await trpcMutate(t.app, 'crm.saveMapping', owner.cookie, {
      owner: 'user',
      provider: 'hubspot',
      target: 'contact',
      fields: { email: 'email' },
      ownerId: '999',
      baseVersion: view.connections[0]?.version,
    });
    expect(trpcError(unknownOwner).data).toMatchObject({
      reason: 'crm_field_unknown',
      meta: { field: 'ownerId' },
    });

    fake.missingProperties.add('message');
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('missing') });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'failed', error_kind: 'refused', attempts: 1 });
    expect(sync.last_error).toBe('Property "message" does not exist');
  });

  it('shows a revoked token on Connections, keeps the lead, and sends it once after connecting again', async () => {
    const owner = await connectedOwner();
    fake.revokeAll();
    const email = uniqueEmail('revoked');
    const leadId = await postLead(owner.vcardId, { email });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'failed', error_kind: 'reconnect' });
    const view = await connectionsOf(owner);
    expect(view.connections[0]).toMatchObject({
      status: 'reconnect',
      statusDetail: 'missing or invalid refresh token',
      syncs: [{ leadId, status: 'failed', errorKind: 'reconnect' }],
    });
    const retry = await trpcMutate(t.app, 'crm.retry', owner.cookie, { owner: 'user', provider: 'hubspot' });
    expect(trpcError(retry).data.reason).toBe('crm_reconnect_required');
    expect(fake.contactByEmail(email)).toBeUndefined();

    expect((await connect(owner)).headers.location).toBe(
      '/dashboard/connections?crm=connected&provider=hubspot',
    );
    expect(await settled(leadId)).toMatchObject({ status: 'synced', attempts: 1 });
    expect([...fake.contacts.values()].filter((c) => c.properties.email === email)).toHaveLength(1);
    expect((await connectionsOf(owner)).connections[0]).toMatchObject({
      status: 'connected',
      statusDetail: null,
    });
  });
});

describe('disconnecting', () => {
  it('revokes the refresh token at HubSpot and forgets the connection', async () => {
    const owner = await connectedOwner();
    const row = await t.db
      .selectFrom('crm_connections')
      .select('refresh_token')
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const refreshToken = tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token) ?? '';
    const response = await trpcMutate(t.app, 'crm.disconnect', owner.cookie, {
      owner: 'user',
      provider: 'hubspot',
    });
    expect(trpcData(response)).toEqual({ revoked: true });
    expect(fake.revokedRefreshTokens.has(refreshToken)).toBe(true);
    expect((await connectionsOf(owner)).connections).toEqual([]);
    // a lead now goes nowhere
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('after') });
    expect(
      await t.db.selectFrom('crm_syncs').select('id').where('lead_id', '=', leadId).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("a team's connection", () => {
  it("is made by the team's owner or admins, and receives the team cards' leads", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const admin = await createSignedInOwner(t, { plan: 'free' });
    const member = await createSignedInOwner(t, { plan: 'free' });
    const { teamId } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: admin.userId, role: 'admin' },
      { userId: member.userId, role: 'member' },
    ]);
    const refused = await trpcMutate(t.app, 'crm.connect', member.cookie, {
      owner: 'team',
      provider: 'hubspot',
    });
    expect(trpcError(refused).data.reason).toBe('team_role_required');
    const connected = await connect(admin, 'team');
    expect(connected.headers.location).toBe(
      '/dashboard/connections?crm=connected&provider=hubspot&owner=team',
    );
    const card = await addTeamCard(t.db, teamId, {
      card: { lead_form: { ...DEFAULT_LEAD_FORM, enabled: true } },
    });
    const email = uniqueEmail('team');
    const leadId = await postLead(card.vcardId, { email });
    expect(await settled(leadId)).toMatchObject({ status: 'synced' });
    expect(fake.contactByEmail(email)).toBeDefined();
    expect((await connectionsOf(owner, 'team')).connections[0]?.syncs[0]).toMatchObject({ leadId });
    expect((await connectionsOf(owner, 'user')).connections).toEqual([]);

    // the team deleted: its tokens are revoked at HubSpot with it
    const row = await t.db
      .selectFrom('crm_connections')
      .select('refresh_token')
      .where('account_id', '=', card.accountId)
      .executeTakeFirstOrThrow();
    const refreshToken = tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token) ?? '';
    const deleted = await organizationCall(t.app, owner.cookie, 'delete', { organizationId: teamId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fake.revokedRefreshTokens.has(refreshToken)).toBe(true);
  });
});
