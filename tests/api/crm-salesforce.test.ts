import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../server/config.ts';
import { tokenSeal } from '../../server/crm/sealing.ts';
import type { CrmConnectionsView } from '../../server/crm/service.ts';
import { DEFAULT_CRM_MAPPING, defaultCrmMapping } from '../../src/crm.ts';
import { DEFAULT_LEAD_FORM } from '../../src/schemas/lead.ts';
import { postLead as postLeadTo, settledSync, uniqueEmail, waitingSync } from '../support/crm.ts';
import { addVcard, createSignedInOwner } from '../support/factories.ts';
import { FakeSalesforce, FAKE_SALESFORCE_CLIENT, FAKE_USERS } from '../support/fake-salesforce.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';

// Salesforce connections against a fake Salesforce on loopback (tests/support/fake-salesforce.ts), through
// the same pipeline as HubSpot's: its OAuth web server flow with PKCE, the org's instance_url kept for the
// REST calls, a lead sent as a Lead (or a Contact) found by Email with SOQL, created or only its empty fields
// completed, the consent receipt as a Note; the session refreshed after INVALID_SESSION_ID; a 429 tried
// again after its Retry-After; a refused value, a missing field and a revoked token shown on Connections,
// the lead kept and nothing sent twice; disconnecting revokes the refresh token.

const fake = new FakeSalesforce();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  t = await buildTestApp({
    crm: { hubspot: null, salesforce: fake.config(), retry: { limit: 3, delaySeconds: 1 } },
    jobs: { pollingIntervalSeconds: 0.2 },
  });
});

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

beforeEach(() => {
  fake.refusedFields.clear();
  fake.rateLimitNext(0, null);
});

type Owner = Awaited<ReturnType<typeof createSignedInOwner>>;

const postLead = (vcardId: string, values: Record<string, string>) => postLeadTo(t, vcardId, values);
const settled = (leadId: string) => settledSync(t, leadId);

async function connect(owner: Owner) {
  const { url } = trpcData<{ url: string }>(
    await trpcMutate(t.app, 'crm.connect', owner.cookie, { owner: 'user', provider: 'salesforce' }),
  );
  const back = new URL(fake.authorize(url));
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: owner.cookie },
  });
}

async function connectionsOf(owner: Owner) {
  return trpcData<CrmConnectionsView>(await trpcQuery(t.app, 'crm.list', owner.cookie, { owner: 'user' }));
}

async function connectedOwner() {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  const vcardId = await addVcard(t.db, owner.userId, { lead_form: { ...DEFAULT_LEAD_FORM, enabled: true } });
  expect((await connect(owner)).headers.location).toBe(
    '/dashboard/connections?crm=connected&provider=salesforce',
  );
  return { ...owner, vcardId };
}

async function saveMapping(owner: Owner, mapping: object) {
  const version = (await connectionsOf(owner)).connections[0]?.version;
  return trpcMutate(t.app, 'crm.saveMapping', owner.cookie, {
    owner: 'user',
    provider: 'salesforce',
    ownerId: null,
    baseVersion: version,
    ...mapping,
  });
}

describe('connecting Salesforce', () => {
  it('goes through the web server flow with PKCE and keeps the org and its instance', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const { url } = trpcData<{ url: string }>(
      await trpcMutate(t.app, 'crm.connect', owner.cookie, { owner: 'user', provider: 'salesforce' }),
    );
    const authorize = new URL(url);
    expect(authorize.pathname).toBe('/services/oauth2/authorize');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(FAKE_SALESFORCE_CLIENT.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${t.config.publicUrl}/api/crm/callback/salesforce`,
    );
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const back = new URL(fake.authorize(url));
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.headers.location).toBe('/dashboard/connections?crm=connected&provider=salesforce');
    const row = await t.db
      .selectFrom('crm_connections')
      .selectAll()
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      provider: 'salesforce',
      external_id: '00DFAKE0000000001',
      api_base: fake.config().apiBase,
    });
    expect(tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token)).toMatch(/^5Aep/);
    expect((await connectionsOf(owner)).connections).toMatchObject([
      { provider: 'salesforce', status: 'connected', mapping: DEFAULT_CRM_MAPPING.salesforce },
    ]);
  });
});

describe('a lead sent to Salesforce', () => {
  it('creates a Lead with the mapped fields and its owner, and the consent receipt as a Note', async () => {
    const owner = await connectedOwner();
    expect(
      (await saveMapping(owner, { ...defaultCrmMapping('salesforce', 'lead'), ownerId: FAKE_USERS[1]?.Id }))
        .statusCode,
    ).toBe(200);
    const email = uniqueEmail('ada');
    const leadId = await postLead(owner.vcardId, { email, name: 'Ada King Lovelace' });
    const sync = await settled(leadId);
    expect(sync).toMatchObject({ status: 'synced', attempts: 1, record_created: true });
    expect(fake.recordsByEmail('Lead', email).map((r) => r.fields)).toEqual([
      {
        FirstName: 'Ada King',
        LastName: 'Lovelace',
        Email: email,
        Phone: '+1 555 0100',
        Company: 'Navy',
        Description: 'Met at the booth',
        OwnerId: FAKE_USERS[1]?.Id,
      },
    ]);
    const note = fake.notes.find((n) => n.ParentId === sync.record_id);
    expect(note?.Body).toContain('Consent receipt');
    expect(note?.Title).toBe('Consent receipt (Tapcard)');
    expect(note?.OwnerId).toBe(FAKE_USERS[1]?.Id);
  });

  it("completes an existing Contact without overwriting what a salesperson typed, and gives a lead without a company the Lead's required value", async () => {
    const owner = await connectedOwner();
    expect((await saveMapping(owner, defaultCrmMapping('salesforce', 'contact'))).statusCode).toBe(200);
    const email = uniqueEmail('typed');
    const typed = fake.addRecord('Contact', { Email: email, LastName: 'Hopper-Typed', Phone: '+1 555 9999' });
    const leadId = await postLead(owner.vcardId, { email, name: 'Grace Hopper' });
    expect(await settled(leadId)).toMatchObject({
      status: 'synced',
      record_id: typed.Id,
      record_created: false,
    });
    expect(fake.recordsByEmail('Contact', email)).toHaveLength(1);
    expect(fake.records.get(typed.Id)?.fields).toEqual({
      Email: email,
      LastName: 'Hopper-Typed',
      Phone: '+1 555 9999',
      FirstName: 'Grace',
      Description: 'Met at the booth',
    });

    const other = await connectedOwner();
    const bare = uniqueEmail('bare');
    const bareLead = await postLead(other.vcardId, { email: bare, name: 'Cher', company: '' });
    expect(await settled(bareLead)).toMatchObject({ status: 'synced' });
    expect(fake.recordsByEmail('Lead', bare)[0]?.fields).toMatchObject({
      FirstName: 'Cher',
      LastName: '[not provided]',
      Company: '[not provided]',
    });
  });

  it('refreshes an expired session and keeps the instance', async () => {
    const owner = await connectedOwner();
    fake.expireSessions();
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('session') });
    expect(await settled(leadId)).toMatchObject({ status: 'synced', attempts: 1 });
    const refreshes = fake.requests.filter(
      (r) => (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token',
    );
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('crm_connections')
      .select(['api_base', 'refresh_token'])
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    // Salesforce answers a refresh without a new refresh token: the one it has stays
    expect(row.api_base).toBe(fake.config().apiBase);
    expect(tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token)).toMatch(/^5Aep/);
  });

  it('tries again after the Retry-After of a 429, and sends the Lead once', async () => {
    const owner = await connectedOwner();
    const email = uniqueEmail('limit');
    fake.rateLimitNext(1, '2');
    const leadId = await postLead(owner.vcardId, { email });
    expect(await waitingSync(t, leadId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      error_kind: 'rate_limited',
      last_error: 'Too many requests: try again later.',
    });
    expect(await settled(leadId)).toMatchObject({ status: 'synced', attempts: 2 });
    const queries = fake.requests.filter((r) => r.path.endsWith('/query') && r.method === 'GET');
    const last = queries.slice(-2);
    expect((last[1]?.at ?? 0) - (last[0]?.at ?? 0)).toBeGreaterThanOrEqual(1900);
    expect(fake.recordsByEmail('Lead', email)).toHaveLength(1);
  });
});

describe('a lead Salesforce does not take', () => {
  it('gives up a value a validation rule refuses, with its words, the lead kept', async () => {
    const owner = await connectedOwner();
    fake.refusedFields.set('Phone', 'Phone must be in E.164 format');
    const leadId = await postLead(owner.vcardId, { email: uniqueEmail('rule') });
    expect(await settled(leadId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error_kind: 'refused',
      last_error: 'Phone must be in E.164 format',
    });
    expect(
      await t.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('refuses a mapping to a field the object lacks, and a target Salesforce has not', async () => {
    const owner = await connectedOwner();
    const contactCompany = await saveMapping(owner, {
      target: 'contact',
      fields: { email: 'Email', company: 'Company' },
    });
    expect(trpcError(contactCompany).data).toMatchObject({
      reason: 'crm_field_unknown',
      meta: { field: 'company', property: 'Company' },
    });
    const options = trpcData<{ properties: { name: string }[] }>(
      await trpcQuery(t.app, 'crm.options', owner.cookie, {
        owner: 'user',
        provider: 'salesforce',
        target: 'contact',
      }),
    );
    expect(options.properties.map((p) => p.name)).not.toContain('Company');
    expect(options.properties.map((p) => p.name)).not.toContain('Id');
  });

  it('shows a revoked token on Connections, and sends the waiting lead once after connecting again', async () => {
    const owner = await connectedOwner();
    fake.revokeAll();
    const email = uniqueEmail('revoked');
    const leadId = await postLead(owner.vcardId, { email });
    expect(await settled(leadId)).toMatchObject({ status: 'failed', error_kind: 'reconnect' });
    expect((await connectionsOf(owner)).connections[0]).toMatchObject({
      status: 'reconnect',
      statusDetail: 'expired access/refresh token',
    });
    expect((await connect(owner)).headers.location).toBe(
      '/dashboard/connections?crm=connected&provider=salesforce',
    );
    expect(await settled(leadId)).toMatchObject({ status: 'synced' });
    expect(fake.recordsByEmail('Lead', email)).toHaveLength(1);
  });
});

describe('disconnecting Salesforce', () => {
  it('revokes the refresh token', async () => {
    const owner = await connectedOwner();
    const row = await t.db
      .selectFrom('crm_connections')
      .select('refresh_token')
      .where('account_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const refreshToken = tokenSeal(resolveAuthSecret(t.config)).open(row.refresh_token) ?? '';
    const response = await trpcMutate(t.app, 'crm.disconnect', owner.cookie, {
      owner: 'user',
      provider: 'salesforce',
    });
    expect(trpcData(response)).toEqual({ revoked: true });
    expect(fake.revokedTokens.has(refreshToken)).toBe(true);
    expect((await connectionsOf(owner)).connections).toEqual([]);
  });
});
