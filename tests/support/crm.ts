import { expect } from 'vitest';
import { resolveAuthSecret } from '../../server/config.ts';
import { tokenSeal } from '../../server/crm/sealing.ts';
import { createLeadTokens } from '../../server/leads/token.ts';
import { DEFAULT_CRM_MAPPING } from '../../src/crm.ts';
import type { FakeHubSpot } from './fake-hubspot.ts';
import type { TestApp } from './harness.ts';
import { IPHONE_SAFARI } from './user-agents.ts';

// What the CRM connectors' tests share: a lead posted to a card's form as its page does, the wait for its
// sync to settle, and a HubSpot connection arranged without its OAuth.

let addresses = 0;

/** A visitor's lead, posted to the card's form as its page does (stored with its syncs queued); its id. */
export async function postLead(t: TestApp, vcardId: string, values: Record<string, string>): Promise<string> {
  addresses += 1;
  const page = await t.app.inject({
    method: 'GET',
    url: `/vcard/${vcardId}`,
    headers: { 'user-agent': IPHONE_SAFARI },
  });
  const hidden: Record<string, string> = {};
  for (const match of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    hidden[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  }
  const tokens = createLeadTokens(resolveAuthSecret(t.config));
  const response = await t.app.inject({
    method: 'POST',
    url: `/vcard/${vcardId}/lead`,
    remoteAddress: `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': IPHONE_SAFARI,
      origin: 'null',
    },
    payload: new URLSearchParams({
      ...hidden,
      // made a minute ago: the visitor has read the card and typed by now
      token: tokens.issue(vcardId, Date.now() - 60_000),
      homepage: '',
      name: 'Grace Hopper',
      phone: '+1 555 0100',
      company: 'Navy',
      note: 'Met at the booth',
      consent: 'yes',
      ...values,
    }).toString(),
  });
  expect(response.statusCode).toBe(303);
  const lead = await t.db
    .selectFrom('leads')
    .select('id')
    .where('vcard_id', '=', vcardId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return lead.id;
}

/** The lead's sync once it has settled (synced or failed), within `seconds`. */
export async function settledSync(t: TestApp, leadId: string, seconds = 10) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const sync = await t.db
      .selectFrom('crm_syncs')
      .selectAll()
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    if (sync && sync.status !== 'pending') return sync;
    if (Date.now() > deadline) throw new Error(`the sync of ${leadId} is still ${sync?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The lead's sync once a try failed and its next one is set (a 429's wait, a failing CRM's). */
export async function waitingSync(t: TestApp, leadId: string, seconds = 5) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const sync = await t.db
      .selectFrom('crm_syncs')
      .selectAll()
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    if (sync?.next_attempt_at) return sync;
    if (Date.now() > deadline) throw new Error(`no next try was set for ${leadId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An e-mail address no other test uses. */
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A HubSpot connection of `accountId` written straight into the database, with tokens `fake` takes. */
export async function addCrmConnection(t: TestApp, fake: FakeHubSpot, accountId: string): Promise<string> {
  const seal = tokenSeal(resolveAuthSecret(t.config));
  const tokens = fake.issueTokens();
  const row = await t.db
    .insertInto('crm_connections')
    .values({
      account_id: accountId,
      provider: 'hubspot',
      connected_by: accountId,
      external_id: '4242',
      external_name: 'acme-demo.hubspot.com',
      access_token: seal.seal(tokens.accessToken),
      refresh_token: seal.seal(tokens.refreshToken),
      access_expires_at: tokens.expiresAt,
      mapping: JSON.stringify(DEFAULT_CRM_MAPPING.hubspot),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
