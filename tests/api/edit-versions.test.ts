import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditedRecord } from '../../server/lib/edit-versions.ts';
import type { ProcedureMeta } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/app-router.ts';
import {
  addLink,
  addVcard,
  createSignedInOwner,
  designInput,
  qrDesignInput,
  versionOf,
} from '../support/factories.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { addTeam, teamTemplateInput } from '../support/teams.ts';
import { addWebhookEndpoint } from '../support/webhooks.ts';
import { addCrmConnection } from '../support/crm.ts';
import { FakeHubSpot } from '../support/fake-hubspot.ts';
import { DEFAULT_CRM_MAPPING } from '../../src/crm.ts';

// Edit versions (docs/decisions/020-edits-carry-their-version.md): every procedure that edits a card, the
// profile, a design, a link, a QR code, a team's template or a webhook endpoint declares it in its meta
// (`edits`), and this file proves, for each one read from the router, that a save based on an older version
// is refused with edit_conflict, changes nothing and carries the record as it is now; that a save based on
// the current version is kept with the version one higher; and that of two saves sent at once from the same
// version exactly one is kept.

let t: TestApp;
// the CRM mapping's save asks HubSpot for its properties
const hubSpot = new FakeHubSpot();

beforeAll(async () => {
  await hubSpot.start();
  t = await buildTestApp({
    crm: { hubspot: hubSpot.config(), salesforce: null, retry: { limit: 1, delaySeconds: 1 } },
  });
});

afterAll(async () => {
  await t?.close();
  await hubSpot.stop();
});

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: ProcedureMeta;
}

function procedures() {
  // at run time the router keeps every procedure under its dotted path
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>);
}

/** Every procedure of the app that declares an edit, with the kind of row it edits. */
function editingProcedures(): { path: string; record: EditedRecord }[] {
  return procedures().flatMap(([path, procedure]) => {
    const record = procedure._def.meta?.edits;
    return record ? [{ path, record }] : [];
  });
}

/**
 * Every other mutation, with why it carries no version: it creates or deletes, or sets one thing the
 * person picks at once (nothing typed over a copy of the record), or is not about a card, profile or link.
 * A new mutation must be named here or declare `.meta({ edits })`.
 */
const NO_EDIT: Record<string, string> = {
  'account.delete': 'deletes the account',
  'crm.connect': 'starts a connection at the CRM',
  'crm.disconnect': 'deletes a connection',
  'crm.retry': 'sends failed leads again',
  'apiKeys.create': 'creates an API key',
  'apiKeys.rename': 'names an API key, which no form edits with anything else',
  'apiKeys.revoke': 'deletes an API key',
  'account.dismissUndeliveredMail': 'dismisses a notice',
  'billing.chooseFree': 'a plan choice',
  'billing.createCheckout': 'a plan choice',
  'billing.portal': 'opens the payment provider',
  'billing.resume': 'a plan choice',
  'billing.cancelAtPeriodEnd': 'a plan choice',
  'domains.add': 'adds a domain',
  'companySignIn.setDomain': "sets the team's e-mail domain, one field saved alone",
  'companySignIn.checkDomain': "checks the e-mail domain's DNS record",
  'companySignIn.saveOidc': "saves the team's provider, whose discovery is read again at each save",
  'companySignIn.removeProvider': "removes the team's provider",
  'companySignIn.setRequired': 'a switch, applied at once',
  'leads.erase': 'deletes a lead',
  'leads.eraseAll': 'deletes leads',
  'leads.updateSettings': 'two choices about leads, which no other form edits',
  'leads.team.erase': "deletes a team's lead",
  'leads.team.eraseAll': "deletes a team's leads",
  'leads.team.updateSettings': "the two choices about a team's leads, which no other form edits",
  'domains.check': "checks a domain's DNS record",
  'domains.remove': 'removes a domain',
  'links.chooseCode': 'a new printed code, chosen whole in its own dialog (it makes a new version)',
  'links.createProfileLink': 'creates a link (version 1)',
  'links.createQrCode': 'creates a QR code (version 1)',
  'links.delete': 'deletes a link',
  'links.setEnabled': 'turns a link off or on: a switch of its own, which no form edit conflicts with',
  'links.reorderProfileLinks': 'names the whole order of every link (refused unless it names them all)',
  'onboarding.markWelcomed': 'records a greeting',
  'onboarding.reopenPlanChoice': 'an onboarding step',
  'onboarding.skipCard': 'an onboarding step',
  'passkeys.remove': 'deletes a passkey',
  'passkeys.rename': 'names a passkey, which no form edits with anything else',
  'pauses.keepLive': 'a keep-live choice, refused with live_choice_changed when the list changed',
  'profile.clearTestData': 'deletes test data',
  'profile.createCard': 'creates the first card (onboarding)',
  'profile.setLanguage': 'a language picked from a list, applied at once',
  'profile.setPhoto': 'a photo picked and uploaded, applied at once',
  'profile.setThemeColour': 'a colour picked, applied at once',
  'support.send': 'sends a message',
  'support.sendAsVisitor': 'sends a message',
  'teams.assignCard': 'a member picked from the list, applied at once',
  'teams.createCard': 'creates a team card (version 1)',
  'teams.publishCard': 'a draft made public, applied at once',
  'teams.setCardPaused': 'a pause or resume of a team card, applied at once',
  'teams.setLogo': 'a picture uploaded, applied at once',
  'teams.setPrintedDomain': 'an address picked from the list, applied at once',
  'teams.setWhiteLabel': 'a switch, applied at once',
  'teams.transferOwnership': 'a member picked from the list, applied at once',
  'vcards.create': 'creates a card (version 1)',
  'vcards.delete': 'deletes a card',
  'vcards.setPrimary': 'picks the card shown at the username',
  'webhooks.create': 'creates a webhook endpoint',
  'webhooks.delete': 'deletes a webhook endpoint',
  'webhooks.redeliver': 'sends a delivery again',
  'webhooks.rotateSecret': 'makes a new secret',
  'webhooks.sendTest': 'sends a test event',
};

type Owner = Awaited<ReturnType<typeof createSignedInOwner>>;

/**
 * A signed-in Business owner (the design procedures need customBranding, webhooks apiAccess) with a card, a
 * QR code, a link and a webhook endpoint, and a team of their own with its template saved once (version 1).
 */
async function arrangeOwner() {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  const vcardId = await addVcard(t.db, owner.userId);
  const qrCode = await addLink(t.db, owner.userId, { kind: 'qr' });
  const profileLink = await addLink(t.db, owner.userId);
  const { teamId } = await addTeam(t.db, [{ userId: owner.userId, role: 'owner' }]);
  await t.db
    .insertInto('team_templates')
    .values({ team_id: teamId, fields: JSON.stringify({ company: 'Acme' }), locked: '[]' })
    .execute();
  const endpoint = await addWebhookEndpoint(t.db, owner.userId);
  const crmConnectionId = await addCrmConnection(t, hubSpot, owner.userId);
  return {
    ...owner,
    vcardId,
    qrCodeId: qrCode.id,
    profileLinkId: profileLink.id,
    teamId,
    endpointId: endpoint.id,
    crmConnectionId,
  };
}

type Arranged = Awaited<ReturnType<typeof arrangeOwner>>;

interface EditCase {
  /** The table and id of the row the procedure edits. */
  row: (owner: Arranged) => {
    table: 'vcards' | 'profiles' | 'links' | 'team_templates' | 'webhook_endpoints' | 'crm_connections';
    id: string;
  };
  /** A valid edit from `baseVersion` that changes the row; `variant` tells two edits apart. */
  input: (owner: Arranged, baseVersion: number, variant: 'first' | 'second') => Promise<object> | object;
  /** Makes the row fit for the edit (a QR code with a design to reset). */
  prepare?: (owner: Arranged) => Promise<void>;
}

const vcardRow = (owner: Arranged) => ({ table: 'vcards' as const, id: owner.vcardId });
const profileRow = (owner: Arranged) => ({ table: 'profiles' as const, id: owner.userId });
const qrRow = (owner: Arranged) => ({ table: 'links' as const, id: owner.qrCodeId });

/** How each editing procedure is called; a new one must be added here. */
const EDITS: Record<string, EditCase> = {
  'vcards.update': {
    row: vcardRow,
    input: (owner, baseVersion, variant) => ({
      id: owner.vcardId,
      name: `Ada ${variant}`,
      givenName: '',
      familyName: '',
      company: 'Analytical Engines',
      position: 'Engineer',
      email: '',
      phone: '',
      website: '',
      socialLinks: {},
      otherLink: { label: '', url: '' },
      photo: null,
      backgroundColour: '#1E3A8A',
      fontColour: '#FFFFFF',
      iconColour: '#FFFFFF',
      baseVersion,
    }),
  },
  'designs.save': {
    row: vcardRow,
    input: (owner, baseVersion, variant) => ({
      ...designInput(owner.vcardId, { layout: variant === 'first' ? 'left' : 'dark' }),
      baseVersion,
    }),
  },
  'profile.updateDetails': {
    row: profileRow,
    input: (owner, baseVersion, variant) => ({
      name: `Ada ${variant}`,
      username: owner.username,
      photo: null,
      baseVersion,
    }),
  },
  'profile.updatePersonalInfo': {
    row: profileRow,
    input: (_owner, baseVersion, variant) => ({ firstName: 'Ada', lastName: variant, baseVersion }),
  },
  'links.updateQrCode': {
    row: qrRow,
    input: (owner, baseVersion, variant) => ({
      id: owner.qrCodeId,
      title: `Menu ${variant}`,
      url: 'https://cafe.example/menu',
      icon: '',
      baseVersion,
    }),
  },
  'links.updateProfileLink': {
    row: (owner) => ({ table: 'links', id: owner.profileLinkId }),
    input: (owner, baseVersion, variant) => ({
      id: owner.profileLinkId,
      title: `Portfolio ${variant}`,
      url: 'https://ada.example',
      baseVersion,
    }),
  },
  'links.setLifecycle': {
    row: qrRow,
    input: (owner, baseVersion, variant) => ({
      id: owner.qrCodeId,
      activeFrom: null,
      activeUntil: null,
      maxScans: variant === 'first' ? 100 : 200,
      fallbackUrl: '',
      rules: [],
      baseVersion,
    }),
  },
  'qrStudio.saveDesign': {
    row: qrRow,
    input: (owner, baseVersion, variant) => ({
      id: owner.qrCodeId,
      design: qrDesignInput({ eyeStyle: variant === 'first' ? 'square' : 'circle' }),
      baseVersion,
    }),
  },
  'qrStudio.resetDesign': {
    row: qrRow,
    prepare: async (owner) => {
      await t.db
        .updateTable('links')
        .set({ qr_design: JSON.stringify(qrDesignInput()) })
        .where('id', '=', owner.qrCodeId)
        .execute();
    },
    input: (owner, baseVersion) => ({ id: owner.qrCodeId, baseVersion }),
  },
  'teams.saveTemplate': {
    row: (owner) => ({ table: 'team_templates', id: owner.teamId }),
    input: (_owner, baseVersion, variant) =>
      teamTemplateInput({ company: `Acme ${variant}`, locked: ['company'] }, baseVersion),
  },
  'crm.saveMapping': {
    row: (owner) => ({ table: 'crm_connections', id: owner.crmConnectionId }),
    input: (_owner, baseVersion, variant) => ({
      owner: 'user',
      provider: 'hubspot',
      target: 'contact',
      fields: { ...DEFAULT_CRM_MAPPING.hubspot.fields, note: variant === 'first' ? 'message' : 'jobtitle' },
      ownerId: null,
      baseVersion,
    }),
  },
  'webhooks.update': {
    row: (owner) => ({ table: 'webhook_endpoints', id: owner.endpointId }),
    input: (owner, baseVersion, variant) => ({
      id: owner.endpointId,
      description: `CRM ${variant}`,
      events: ['card.created'],
      baseVersion,
    }),
  },
};

/** A write to the row by another path (another tab's save, a rename): a newer version of it. */
const EDIT_ELSEWHERE: Record<EditedRecord, (id: string) => Promise<unknown>> = {
  vcard: (id) =>
    t.db.updateTable('vcards').set({ position: 'Changed elsewhere' }).where('id', '=', id).execute(),
  profile: (id) =>
    t.db.updateTable('profiles').set({ name: 'Changed elsewhere' }).where('id', '=', id).execute(),
  link: (id) => t.db.updateTable('links').set({ title: 'Changed elsewhere' }).where('id', '=', id).execute(),
  template: (teamId) =>
    t.db
      .updateTable('team_templates')
      .set({ fields: JSON.stringify({ company: 'Changed elsewhere' }) })
      .where('team_id', '=', teamId)
      .execute(),
  // a connection's too
  crmConnection: (id) =>
    t.db
      .updateTable('crm_connections')
      .set({ external_name: 'changed-elsewhere.hubspot.com', version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute(),
  // an endpoint's version is raised by the services that change it (no trigger)
  webhook: (id) =>
    t.db
      .updateTable('webhook_endpoints')
      .set({ description: 'Changed elsewhere', version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute(),
};

/** The record as its list or get query answers it: what a refused edit must carry. */
async function recordAsListed(owner: Owner, record: EditedRecord, id: string): Promise<unknown> {
  if (record === 'vcard') return trpcData(await trpcQuery(t.app, 'vcards.get', owner.cookie, { id }));
  if (record === 'profile') return trpcData(await trpcQuery(t.app, 'profile.me', owner.cookie));
  if (record === 'template') return trpcData(await trpcQuery(t.app, 'teams.template', owner.cookie));
  if (record === 'crmConnection') {
    const view = trpcData<{ connections: { id: string }[] }>(
      await trpcQuery(t.app, 'crm.list', owner.cookie),
    );
    return view.connections.find((connection) => connection.id === id);
  }
  if (record === 'webhook') {
    const endpoints = trpcData<{ id: string }[]>(await trpcQuery(t.app, 'webhooks.list', owner.cookie));
    return endpoints.find((endpoint) => endpoint.id === id);
  }
  const lists = await Promise.all(
    ['links.qrCodes', 'links.profileLinks'].map(async (path) =>
      trpcData<{ items: { id: string }[] }>(await trpcQuery(t.app, path, owner.cookie)),
    ),
  );
  return lists.flatMap((list) => list.items).find((item) => item.id === id);
}

/** The account's rows a refused edit must leave as they were. */
async function accountSnapshot(userId: string) {
  const [profile, vcards, links, templates] = await Promise.all([
    t.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    t.db.selectFrom('vcards').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('links').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db
      .selectFrom('team_templates')
      .innerJoin('team_members', 'team_members.team_id', 'team_templates.team_id')
      .selectAll('team_templates')
      .where('team_members.user_id', '=', userId)
      .execute(),
  ]);
  const users = await t.db.selectFrom('users').selectAll().where('id', '=', userId).execute();
  const webhooks = await t.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const crmConnections = await t.db
    .selectFrom('crm_connections')
    .selectAll()
    .where('account_id', '=', userId)
    .orderBy('id')
    .execute();
  return { profile, vcards, links, templates, users, webhooks, crmConnections };
}

describe('the editing procedures of the app', () => {
  it('are every mutation that is not named as no edit, and each one has its case here', () => {
    const mutations = procedures()
      .filter(([, procedure]) => procedure._def.type === 'mutation')
      .map(([path, procedure]) => ({ path, edits: procedure._def.meta?.edits }));
    const undeclared = mutations.filter((mutation) => !mutation.edits && !(mutation.path in NO_EDIT));
    expect(
      undeclared.map((mutation) => mutation.path),
      'mutations neither editing nor named as no edit',
    ).toEqual([]);
    const both = mutations.filter((mutation) => mutation.edits && mutation.path in NO_EDIT);
    expect(both.map((mutation) => mutation.path)).toEqual([]);
    expect(
      Object.keys(NO_EDIT).filter((path) => !mutations.some((mutation) => mutation.path === path)),
    ).toEqual([]);
    expect(Object.keys(EDITS).sort()).toEqual(
      editingProcedures()
        .map((procedure) => procedure.path)
        .sort(),
    );
  });
});

describe.each(editingProcedures())('$path (edits a $record)', ({ path, record }) => {
  const edit = EDITS[path];
  if (!edit) throw new Error(`${path} declares an edit but has no case in EDITS`);

  async function arranged() {
    const owner = await arrangeOwner();
    await edit?.prepare?.(owner);
    const { table, id } = edit!.row(owner);
    return { owner, table, id };
  }

  it('refuses a save based on an older version with edit_conflict, changes nothing, and carries the record as it is now', async () => {
    const { owner, table, id } = await arranged();
    const seen = await versionOf(t.db, table, id);
    await EDIT_ELSEWHERE[record](id);
    const current = await versionOf(t.db, table, id);
    expect(current).toBe(seen + 1);
    const before = await accountSnapshot(owner.userId);

    const response = await trpcMutate(t.app, path, owner.cookie, await edit.input(owner, seen, 'first'));
    expect(response.statusCode).toBe(409);
    const error = trpcError(response);
    expect(error.data.reason).toBe('edit_conflict');
    expect(await accountSnapshot(owner.userId)).toEqual(before);
    const carried = error.data.meta?.current as { id: string; version: number };
    expect(carried.version).toBe(current);
    expect(await recordAsListed(owner, record, id)).toMatchObject(carried);
  });

  it('keeps a save based on the current version, one version higher, and answers that version', async () => {
    const { owner, table, id } = await arranged();
    await EDIT_ELSEWHERE[record](id);
    const current = await versionOf(t.db, table, id);
    const before = await accountSnapshot(owner.userId);

    const response = await trpcMutate(t.app, path, owner.cookie, await edit.input(owner, current, 'first'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await versionOf(t.db, table, id)).toBe(current + 1);
    expect(trpcData<{ version: number }>(response).version).toBe(current + 1);
    expect(await accountSnapshot(owner.userId)).not.toEqual(before);
    const listed = (await recordAsListed(owner, record, id)) as { version: number };
    expect(listed.version).toBe(current + 1);
  });

  it('of two saves sent at once from the same version, keeps exactly one', async () => {
    const { owner, table, id } = await arranged();
    const seen = await versionOf(t.db, table, id);
    const responses = await Promise.all(
      (['first', 'second'] as const).map(async (variant) =>
        trpcMutate(t.app, path, owner.cookie, await edit.input(owner, seen, variant)),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await versionOf(t.db, table, id)).toBe(seen + 1);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(trpcError(refused!).data.reason).toBe('edit_conflict');
  });

  it('refuses an edit without a valid base version as invalid, and changes nothing', async () => {
    const { owner, table, id } = await arranged();
    const seen = await versionOf(t.db, table, id);
    const valid = (await edit.input(owner, seen, 'first')) as Record<string, unknown>;
    const { baseVersion: _left, ...withoutVersion } = valid;
    const before = await accountSnapshot(owner.userId);
    for (const input of [
      withoutVersion,
      { ...valid, baseVersion: 0 },
      { ...valid, baseVersion: '1' },
      { ...valid, baseVersion: 1.5 },
    ]) {
      const response = await trpcMutate(t.app, path, owner.cookie, input);
      expect(response.statusCode).toBe(400);
      const error = trpcError(response);
      expect(error.data.reason).toBe('validation_failed');
      expect(error.data.fieldErrors).toEqual([{ path: 'baseVersion', message: 'validation.invalid' }]);
    }
    expect(await accountSnapshot(owner.userId)).toEqual(before);
  });
});

describe('the version of a row', () => {
  it('starts at 1, and rises only with what a form edits: not with counts, keep-live choices, plan facts or the order', async () => {
    const owner = await arrangeOwner();
    const {
      id: _id,
      baseVersion: _base,
      ...card
    } = EDITS['vcards.update']!.input(owner, 1, 'first') as Record<string, unknown>;
    const created = await trpcMutate(t.app, 'vcards.create', owner.cookie, card);
    expect(trpcData<{ version: number }>(created).version).toBe(1);
    const link = await trpcMutate(t.app, 'links.createProfileLink', owner.cookie, {
      title: 'Shop',
      url: 'https://shop.example',
    });
    expect(trpcData<{ version: number }>(link).version).toBe(1);
    expect(await versionOf(t.db, 'vcards', owner.vcardId)).toBe(1);
    expect(await versionOf(t.db, 'links', owner.qrCodeId)).toBe(1);
    const profileVersion = await versionOf(t.db, 'profiles', owner.userId);

    await sql`update links set click_count = click_count + 1, scan_count = scan_count + 1,
      live_chosen_at = now(), order_index = 7 where id = ${owner.qrCodeId}`.execute(t.db);
    await sql`update vcards set live_chosen_at = now(), qr_code = 'x', updated_at = now()
      where id = ${owner.vcardId}`.execute(t.db);
    await sql`update profiles set plan_type = 'business', language = 'es', welcomed_at = now()
      where id = ${owner.userId}`.execute(t.db);
    // the same values again are no new version either
    await sql`update vcards set name = name, social_links = social_links, design = design
      where id = ${owner.vcardId}`.execute(t.db);
    expect(await versionOf(t.db, 'links', owner.qrCodeId)).toBe(1);
    expect(await versionOf(t.db, 'vcards', owner.vcardId)).toBe(1);
    expect(await versionOf(t.db, 'profiles', owner.userId)).toBe(profileVersion);

    // a rename by another path (the account page's name) is a new version of the profile
    await sql`update profiles set first_name = 'Augusta' where id = ${owner.userId}`.execute(t.db);
    expect(await versionOf(t.db, 'profiles', owner.userId)).toBe(profileVersion + 1);
  });
});
