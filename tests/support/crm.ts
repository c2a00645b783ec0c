import { resolveAuthSecret } from '../../server/config.ts';
import { tokenSeal } from '../../server/crm/sealing.ts';
import { DEFAULT_CRM_MAPPING } from '../../src/crm.ts';
import type { FakeHubSpot } from './fake-hubspot.ts';
import type { TestApp } from './harness.ts';

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
