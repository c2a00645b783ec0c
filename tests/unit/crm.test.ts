import { describe, expect, it } from 'vitest';
import { hubSpotConnector } from '../../server/crm/hubspot/connector.ts';
import { retryAfterSeconds } from '../../server/crm/http.ts';
import { salesforceConnector } from '../../server/crm/salesforce/connector.ts';
import { tokenSeal } from '../../server/crm/sealing.ts';
import { crmValues } from '../../server/crm/sync.ts';
import { defaultCrmMapping, SPLIT_NAME } from '../../src/crm.ts';

// The CRM connectors' pure parts: the token seal, what a lead's fields become in each CRM, and a 429's wait.

const app = {
  clientId: 'id',
  clientSecret: 'secret',
  apiBase: 'https://crm.test',
  appBase: 'https://crm.test',
};
const lead = { name: 'Ada King Lovelace', email: 'ada@example.com', phone: null, company: ' ', note: 'Hi' };

describe('the token seal', () => {
  it('opens what it sealed, each time sealed anew, and nothing sealed under another secret or changed', () => {
    const seal = tokenSeal('a'.repeat(40));
    const first = seal.seal('refresh-123');
    expect(first).not.toContain('refresh-123');
    expect(seal.seal('refresh-123')).not.toBe(first);
    expect(seal.open(first)).toBe('refresh-123');
    expect(tokenSeal('b'.repeat(40)).open(first)).toBeNull();
    const [version, iv, text, tag] = first.split('.');
    const changed = Buffer.from(text ?? '', 'base64url');
    changed[0] = (changed[0] ?? 0) ^ 1;
    expect(seal.open([version, iv, changed.toString('base64url'), tag].join('.'))).toBeNull();
    expect(seal.open('plain-token')).toBeNull();
  });
});

describe("a lead's values in the CRM", () => {
  it('split the name at its last space, leave out blank and unmapped fields, and name the owner', () => {
    expect(crmValues(hubSpotConnector(app), { ...defaultCrmMapping('hubspot'), ownerId: '7' }, lead)).toEqual(
      {
        firstname: 'Ada King',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        message: 'Hi',
        hubspot_owner_id: '7',
      },
    );
    expect(
      crmValues(salesforceConnector(app), defaultCrmMapping('salesforce', 'lead'), { ...lead, name: 'Cher' }),
    ).toEqual({
      FirstName: 'Cher',
      Email: 'ada@example.com',
      Description: 'Hi',
    });
    const whole = {
      target: 'contact' as const,
      fields: { name: 'full_name', email: SPLIT_NAME },
      ownerId: null,
    };
    expect(crmValues(hubSpotConnector(app), whole, lead)).toMatchObject({ full_name: 'Ada King Lovelace' });
  });
});

describe("a 429's wait", () => {
  it('is its Retry-After in seconds or as a date, else the fallback', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }), 10)).toBe(7);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(new Headers({ 'retry-after': inAMinute }), 10)).toBeGreaterThanOrEqual(58);
    expect(retryAfterSeconds(new Headers(), 10)).toBe(10);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), 10)).toBe(10);
  });
});
