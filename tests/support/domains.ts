import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';

// Custom domains arranged directly in the table (what server/domains/ writes once a TXT record is found),
// then read by the app's in-process index at once, as a 'domains' notice would have it do.

export interface CustomDomainFields {
  /** Lowercase ASCII, no trailing dot; a fresh one under example.test by default. */
  domain?: string;
  status?: 'pending' | 'verified' | 'lost';
  /** Removed by its owner: the server still answers it, with a redirect. */
  removed?: boolean;
}

let made = 0;

/** A custom domain of `userId`'s, verified unless told otherwise; returns its name. */
export async function customDomainFor(
  t: Pick<TestApp, 'app' | 'db'>,
  userId: string,
  fields: CustomDomainFields = {},
): Promise<string> {
  made += 1;
  const domain = fields.domain ?? `cards-${made}-${randomBytes(3).toString('hex')}.example.test`;
  const status = fields.status ?? 'verified';
  const now = new Date();
  await t.db
    .insertInto('custom_domains')
    .values({
      user_id: userId,
      domain,
      token: randomBytes(16).toString('hex'),
      status,
      verified_at: status === 'pending' ? null : now,
      last_checked_at: now,
      removed_at: fields.removed ? now : null,
    })
    .execute();
  await t.app.customDomains.reload();
  return domain;
}
