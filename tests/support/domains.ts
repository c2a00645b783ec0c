import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TxtResolver } from '../../server/domains/dns.ts';
import type { DomainItem } from '../../server/domains/service.ts';
import type { DomainStatus } from '../../src/domains.ts';
import { trpcData, trpcMutate, type TestApp } from './harness.ts';

// Custom domains in tests: a DNS that answers what the test says (the app's injected TXT resolver), and
// domains made through the procedure or written straight into the database (what server/domains/ writes
// once a TXT record is found).

/** TXT records by name, as a test sets them; a name can also fail (no answer) or be unset (none). */
export interface FakeTxtRecords {
  resolveTxt: TxtResolver;
  /** The records of `name` from now on; [] or none: no TXT record. */
  set(name: string, ...values: string[]): void;
  /** `name` gets no answer (a server failure, a timeout). */
  fail(name: string): void;
  clear(name: string): void;
}

export function fakeTxtRecords(): FakeTxtRecords {
  const records = new Map<string, string[] | 'fail'>();
  return {
    resolveTxt: (name) => {
      const answer = records.get(name);
      if (answer === 'fail') return Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
      if (!answer) return Promise.reject(Object.assign(new Error('no data'), { code: 'ENODATA' }));
      return Promise.resolve(answer.map((value) => [value]));
    },
    set: (name, ...values) => void records.set(name, values),
    fail: (name) => void records.set(name, 'fail'),
    clear: (name) => void records.delete(name),
  };
}

let counter = 0;

/** A domain name no other test of the run has. */
export function uniqueDomain(): string {
  counter += 1;
  return `cards-${counter}-${randomBytes(3).toString('hex')}.example.org`;
}

/** Adds a domain through domains.add (as the signed-in person, for `owner`); throws if refused. */
export async function addDomainAs(
  app: FastifyInstance,
  cookie: string,
  domain: string,
  owner: 'user' | 'team' = 'user',
): Promise<DomainItem> {
  return trpcData<DomainItem>(await trpcMutate(app, 'domains.add', cookie, { owner, domain }));
}

/** A domain row written straight into the database (for an account of any plan, in any state). */
export async function insertDomain(
  db: Kysely<Database>,
  userId: string,
  fields: {
    domain?: string;
    status?: DomainStatus;
    verifiedAt?: Date | null;
    lastCheckedAt?: Date | null;
    /** Removed by its owner: the server still answers it, with a redirect. */
    removed?: boolean;
  } = {},
): Promise<{ id: string; domain: string; token: string }> {
  const domain = fields.domain ?? uniqueDomain();
  const token = randomBytes(18).toString('base64url');
  const status = fields.status ?? 'pending';
  const row = await db
    .insertInto('custom_domains')
    .values({
      user_id: userId,
      domain,
      token,
      status,
      verified_at: fields.verifiedAt ?? (status === 'pending' ? null : new Date()),
      last_checked_at: fields.lastCheckedAt ?? null,
      removed_at: fields.removed ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, domain, token };
}

/**
 * A custom domain of `userId`'s, verified unless told otherwise, then read by the app's in-process index at
 * once, as a 'domains' notice would have it do; returns its name.
 */
export async function customDomainFor(
  t: Pick<TestApp, 'app' | 'db'>,
  userId: string,
  fields: { domain?: string; status?: DomainStatus; removed?: boolean } = {},
): Promise<string> {
  const { domain } = await insertDomain(t.db, userId, {
    ...fields,
    status: fields.status ?? 'verified',
    lastCheckedAt: new Date(),
  });
  await t.app.customDomains.reload();
  return domain;
}
