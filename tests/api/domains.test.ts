import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, checkDueDomains, type DomainItem } from '../../server/domains/service.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import {
  CUSTOM_DOMAINS_PER_ACCOUNT_MAX,
  DOMAIN_CLAIM_DAYS,
  DOMAIN_DAILY_CHECK_HOURS,
  DOMAIN_LOST_GRACE_DAYS,
  DOMAIN_PENDING_FREQUENT_DAYS,
  verificationRecordName,
  verificationRecordValue,
} from '../../src/domains.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { addDomainAs, fakeTxtRecords, insertDomain, uniqueDomain } from '../support/domains.ts';
import { createOwner, createSignedInOwner, setPlan } from '../support/factories.ts';
import {
  buildMailingTestApp,
  depsOf,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type MailingTestApp,
} from '../support/harness.ts';
import { addTeam, addTeamOfFour } from '../support/teams.ts';

// Custom domains: added by a Business account (or its team's owner and admins), proved by a TXT
// record at _tapcard-verify.{domain} that the app's injected resolver answers here, checked again by the
// schedule's rounds; a verified domain whose record disappears is marked lost and its owner told once.

const CARD_DOMAIN = 'cards.tapcard.test';
const HOUR_MS = 60 * 60 * 1000;

let t: MailingTestApp;
const dns = fakeTxtRecords();
let deps: AppDeps;

beforeAll(async () => {
  t = await buildMailingTestApp({ cardDomain: CARD_DOMAIN }, { resolveTxt: dns.resolveTxt });
  deps = { ...(await depsOf(t)), resolveTxt: dns.resolveTxt };
});

afterAll(async () => {
  await t?.close();
});

async function listed(cookie: string, owner: 'user' | 'team' = 'user') {
  return trpcData<DomainItem[]>(await trpcQuery(t.app, 'domains.list', cookie, { owner }));
}

async function rowsOf(userId: string) {
  return t.db.selectFrom('custom_domains').selectAll().where('user_id', '=', userId).execute();
}

/** "Check now", as if the last check were long ago (one a domain per DOMAIN_CHECK_INTERVAL_SECONDS). */
async function checkNow(cookie: string, id: string, owner: 'user' | 'team' = 'user') {
  await t.db.updateTable('custom_domains').set({ last_checked_at: null }).where('id', '=', id).execute();
  return trpcData<DomainItem>(await trpcMutate(t.app, 'domains.check', cookie, { owner, id }));
}

/** Makes the domain due for its daily check, as if it were last checked more than a day ago. */
async function makeDue(id: string) {
  await t.db
    .updateTable('custom_domains')
    .set({ last_checked_at: new Date(Date.now() - (DOMAIN_DAILY_CHECK_HOURS + 1) * HOUR_MS) })
    .where('id', '=', id)
    .execute();
}

describe('verifying a domain', () => {
  it('shows the record to add, and turns verified only when the TXT record holds the token', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const domain = uniqueDomain();
    const added = await addDomainAs(t.app, owner.cookie, domain);
    expect(added).toMatchObject({
      domain,
      status: 'pending',
      recordName: `_tapcard-verify.${domain}`,
      lastCheckedAt: null,
      lastCheckError: null,
      verifiedAt: null,
    });
    expect(added.recordValue).toMatch(/^tapcard-verify=[\w-]{20,}$/);
    expect(await listed(owner.cookie)).toEqual([added]);

    // no record, another value, no answer: still pending, with the reason
    expect(await checkNow(owner.cookie, added.id)).toMatchObject({
      status: 'pending',
      lastCheckError: 'record_missing',
    });
    dns.set(added.recordName, 'tapcard-verify=someone-elses-token', 'v=spf1 -all');
    expect(await checkNow(owner.cookie, added.id)).toMatchObject({
      status: 'pending',
      lastCheckError: 'record_mismatch',
    });
    dns.fail(added.recordName);
    const failed = await checkNow(owner.cookie, added.id);
    expect(failed).toMatchObject({ status: 'pending', lastCheckError: 'lookup_failed' });
    expect(failed.lastCheckedAt).toBeInstanceOf(Date);

    // among other TXT records, the right one
    dns.set(added.recordName, 'v=spf1 -all', added.recordValue);
    const verified = await checkNow(owner.cookie, added.id);
    expect(verified).toMatchObject({ status: 'verified', lastCheckError: null });
    expect(verified.verifiedAt).toBeInstanceOf(Date);

    // "Check now" at most once in a while per domain
    const again = await trpcMutate(t.app, 'domains.check', owner.cookie, { owner: 'user', id: added.id });
    expect(trpcError(again).data.reason).toBe('rate_limited');
  });

  it('is found by the rounds while pending (the first days), and once a day after', async () => {
    const owner = await createOwner(t.db, { plan: 'business' });
    const fresh = await insertDomain(t.db, owner.id, { lastCheckedAt: new Date() });
    const old = await insertDomain(t.db, owner.id, { lastCheckedAt: new Date() });
    const addedBefore = new Date(Date.now() - (DOMAIN_PENDING_FREQUENT_DAYS * 24 + 1) * HOUR_MS);
    await sql`update custom_domains set created_at = ${addedBefore} where id = ${old.id}`.execute(t.db);
    dns.set(verificationRecordName(fresh.domain), verificationRecordValue(fresh.token));
    dns.set(verificationRecordName(old.domain), verificationRecordValue(old.token));
    await checkDueDomains(deps);
    const rows = await rowsOf(owner.id);
    expect(rows.find((row) => row.id === fresh.id)?.status).toBe('verified');
    // checked within the day: not due yet
    expect(rows.find((row) => row.id === old.id)?.status).toBe('pending');
    await makeDue(old.id);
    await checkDueDomains(deps);
    expect((await rowsOf(owner.id)).find((row) => row.id === old.id)?.status).toBe('verified');
  });

  it('is marked lost at the daily round when its record is removed, its owner told once, and verified again when it is back', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Vera Verified' });
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const added = await addDomainAs(t.app, owner.cookie, uniqueDomain());
    dns.set(added.recordName, added.recordValue);
    const verified = await checkNow(owner.cookie, added.id);

    dns.clear(added.recordName);
    // within the day, nothing is looked at
    await checkDueDomains(deps);
    expect((await listed(owner.cookie))[0]?.status).toBe('verified');
    await makeDue(added.id);
    await checkDueDomains(deps);
    const [lost] = await listed(owner.cookie);
    expect(lost).toMatchObject({ status: 'lost', lastCheckError: 'record_missing' });
    // the first verification is kept
    expect(lost?.verifiedAt).toEqual(verified.verifiedAt);
    const mail = await t.mail.waitFor((message) => message.body.includes(added.domain));
    expect(mail.to).toEqual([owner.email]);
    expect(mail.subject).toContain('El registro DNS');
    expect(mail.body).toContain(added.recordValue);

    // the next day's round finds it still gone: no second e-mail
    await makeDue(added.id);
    await checkDueDomains(deps);
    expect((await listed(owner.cookie))[0]?.status).toBe('lost');
    expect(t.mail.messages.filter((message) => message.body.includes(added.domain))).toHaveLength(1);

    dns.set(added.recordName, added.recordValue);
    await makeDue(added.id);
    await checkDueDomains(deps);
    expect((await listed(owner.cookie))[0]).toMatchObject({ status: 'verified', lastCheckError: null });
  });

  it(`releases a domain lost for ${DOMAIN_LOST_GRACE_DAYS} days, tells its owner, and lets the name's new holder prove it`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olivia Old' });
    const added = await addDomainAs(t.app, owner.cookie, uniqueDomain());
    dns.set(added.recordName, added.recordValue);
    await checkNow(owner.cookie, added.id);
    dns.clear(added.recordName);
    await checkNow(owner.cookie, added.id);
    expect((await listed(owner.cookie))[0]?.status).toBe('lost');

    // within the grace the name stays hers: a new holder cannot add it yet
    const newcomer = await createSignedInOwner(t, { plan: 'business' });
    const early = await trpcMutate(t.app, 'domains.add', newcomer.cookie, { domain: added.domain });
    expect(trpcError(early).data.reason).toBe('domain_claimed');
    await checkDueDomains(deps);
    expect((await listed(owner.cookie))[0]?.status).toBe('lost');

    await sql`update custom_domains set lost_at = now() - make_interval(days => ${DOMAIN_LOST_GRACE_DAYS}, hours => 1)
              where id = ${added.id}`.execute(t.db);
    await checkDueDomains(deps);
    expect(await listed(owner.cookie)).toEqual([]);
    expect((await rowsOf(owner.userId))[0]?.removed_at).toBeInstanceOf(Date);
    const mail = await t.mail.waitFor(
      (message) => message.body.includes(added.domain) && message.subject.includes('released'),
    );
    expect(mail.to).toEqual([owner.email]);
    // the name's new holder adds it and proves it: it is theirs
    const claim = await addDomainAs(t.app, newcomer.cookie, added.domain);
    dns.set(claim.recordName, claim.recordValue);
    expect((await checkNow(newcomer.cookie, claim.id)).status).toBe('verified');
  });

  it("tells a team's owner when the team's domain is lost", async () => {
    const { owner, admin } = await addTeamOfFour(t);
    const added = await addDomainAs(t.app, admin.cookie, uniqueDomain(), 'team');
    dns.set(added.recordName, added.recordValue);
    expect((await checkNow(admin.cookie, added.id, 'team')).status).toBe('verified');
    dns.set(added.recordName, 'tapcard-verify=old');
    await makeDue(added.id);
    await checkDueDomains(deps);
    expect((await listed(admin.cookie, 'team'))[0]).toMatchObject({
      status: 'lost',
      lastCheckError: 'record_mismatch',
    });
    const mail = await t.mail.waitFor((message) => message.body.includes(added.domain));
    expect(mail.to).toEqual([owner.email]);
    expect(mail.body).toContain('of your team Fixture Team');
  });
});

describe('adding a domain', () => {
  it('stores its normal form: trimmed, lowercase, without the trailing dot, an international name in xn-- form', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const name = uniqueDomain();
    expect((await addDomainAs(t.app, owner.cookie, `  ${name.toUpperCase()}. `)).domain).toBe(name);
    const label = `bücher-${name.split('.')[0]}`;
    expect((await addDomainAs(t.app, owner.cookie, `${label}.example`)).domain).toBe(
      `${new URL(`http://${label}.example`).hostname}`,
    );
  });

  it('refuses every bad domain with its translated reason, and stores nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const cases: [string, string][] = [
      ['', M.domainRequired],
      ['   ', M.domainRequired],
      ['https://cards.example.com', M.domainBare],
      ['cards.example.com/ada', M.domainBare],
      ['cards.example.com:8443', M.domainBare],
      ['ada@cards.example.com', M.domainBare],
      ['cards example.com', M.domainBare],
      ['127.0.0.1', M.domainIpAddress],
      ['8.8.8.8.', M.domainIpAddress],
      ['::1', M.domainIpAddress],
      ['[2001:db8::1]', M.domainIpAddress],
      ['localhost', M.domainInvalid],
      ['cards..example.com', M.domainInvalid],
      ['-cards.example.com', M.domainInvalid],
      ['cards_.example.com', M.domainInvalid],
      ['cards.example.com..', M.domainInvalid],
      ['cards.123', M.domainInvalid],
      [`${'a'.repeat(64)}.example.com`, M.domainInvalid],
      [`${'abcdefghi.'.repeat(26)}com`, M.domainTooLong],
      ['cards\u200b.example.com', M.textControlCharacters],
    ];
    for (const [domain, message] of cases) {
      const response = await trpcMutate(t.app, 'domains.add', owner.cookie, { owner: 'user', domain });
      expect(response.statusCode, domain).toBe(400);
      const error = trpcError(response).data;
      expect(error.reason).toBe('validation_failed');
      expect(error.fieldErrors, domain).toEqual([{ path: 'domain', message }]);
    }
    expect(await rowsOf(owner.userId)).toEqual([]);
  });

  it("refuses this server's own names: the main address's host, CARD_DOMAIN and names under them", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (const domain of [CARD_DOMAIN, `ada.${CARD_DOMAIN}`]) {
      const refused = await trpcMutate(t.app, 'domains.add', owner.cookie, { owner: 'user', domain });
      expect(trpcError(refused).data.reason, domain).toBe('domain_reserved');
    }
    // a main address with a domain name (the test app's is localhost, no domain)
    const user = { id: owner.userId, email: owner.email, name: 'Ada' };
    const config = { ...t.config, publicUrl: 'https://app.tapcard.example' };
    for (const domain of ['app.tapcard.example', 'www.app.tapcard.example']) {
      await expect(addDomain({ ...deps, config, user }, { owner: 'user', domain })).rejects.toMatchObject({
        reason: 'domain_reserved',
      });
    }
    expect(await rowsOf(owner.userId)).toEqual([]);
  });

  it("lets claims wait side by side until one is proved, then refuses the name (claimed) and the account's own twice; a removed one is free", async () => {
    const first = await createSignedInOwner(t, { plan: 'business' });
    const squatter = await createSignedInOwner(t, { plan: 'business' });
    const second = await createSignedInOwner(t, { plan: 'business' });
    const domain = uniqueDomain();
    // someone who does not control the name adds it first: it holds nothing
    const squatted = await addDomainAs(t.app, squatter.cookie, domain);
    const added = await addDomainAs(t.app, first.cookie, `${domain.toUpperCase()}.`);
    expect(added.recordValue).not.toBe(squatted.recordValue);
    const twice = await trpcMutate(t.app, 'domains.add', first.cookie, { domain });
    expect(trpcError(twice).data.reason).toBe('domain_already_added');
    expect(await rowsOf(first.userId)).toHaveLength(1);

    // the record of the first's token is found: the name is theirs, and the squatter's claim ends
    dns.set(added.recordName, added.recordValue);
    expect((await checkNow(first.cookie, added.id)).status).toBe('verified');
    expect(await rowsOf(squatter.userId)).toEqual([]);
    expect(await listed(squatter.cookie)).toEqual([]);
    const claimed = await trpcMutate(t.app, 'domains.add', second.cookie, { domain });
    expect(trpcError(claimed).data.reason).toBe('domain_claimed');
    expect(await rowsOf(second.userId)).toEqual([]);

    // verified, then removed: its row stays (it redirects), and another account may take the domain
    await trpcMutate(t.app, 'domains.remove', first.cookie, { id: added.id });
    expect(await listed(first.cookie)).toEqual([]);
    expect((await rowsOf(first.userId))[0]?.removed_at).toBeInstanceOf(Date);
    expect((await addDomainAs(t.app, second.cookie, domain)).status).toBe('pending');
  });

  it(`ends a claim nobody proved within ${DOMAIN_CLAIM_DAYS} days at the schedule's round`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const stale = await addDomainAs(t.app, owner.cookie, uniqueDomain());
    const fresh = await addDomainAs(t.app, owner.cookie, uniqueDomain());
    await sql`update custom_domains set created_at = now() - make_interval(days => ${DOMAIN_CLAIM_DAYS}, hours => 1)
              where id = ${stale.id}`.execute(t.db);
    await checkDueDomains(deps);
    expect((await listed(owner.cookie)).map((item) => item.id)).toEqual([fresh.id]);
  });

  it(`allows ${CUSTOM_DOMAINS_PER_ACCOUNT_MAX} domains per account (limit_reached after)`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    for (let i = 0; i < CUSTOM_DOMAINS_PER_ACCOUNT_MAX; i += 1)
      await addDomainAs(t.app, owner.cookie, uniqueDomain());
    const refused = await trpcMutate(t.app, 'domains.add', owner.cookie, { domain: uniqueDomain() });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'limit_reached',
      meta: { resource: 'custom_domains', limit: CUSTOM_DOMAINS_PER_ACCOUNT_MAX },
    });
    expect(await rowsOf(owner.userId)).toHaveLength(CUSTOM_DOMAINS_PER_ACCOUNT_MAX);
  });

  it('needs the Business plan (plan_required for Free and Pro), whose lapse keeps the list and removal open', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const owner = await createSignedInOwner(t, { plan });
      const refused = await trpcMutate(t.app, 'domains.add', owner.cookie, { domain: uniqueDomain() });
      expect(trpcError(refused).data).toMatchObject({
        reason: 'plan_required',
        meta: { feature: 'customDomain' },
      });
      expect(await rowsOf(owner.userId)).toEqual([]);
    }
    const lapsed = await createSignedInOwner(t, { plan: 'business' });
    const added = await addDomainAs(t.app, lapsed.cookie, uniqueDomain());
    await setPlan(t.db, lapsed.userId, 'pro');
    expect((await listed(lapsed.cookie)).map(({ id }) => id)).toEqual([added.id]);
    await trpcMutate(t.app, 'domains.remove', lapsed.cookie, { id: added.id });
    // never verified: deleted outright
    expect(await rowsOf(lapsed.userId)).toEqual([]);
  });
});

describe("a team's domains", () => {
  it('are handled by its owner and admins, not its members, on the team account', async () => {
    const { teamId, owner, admin, member } = await addTeamOfFour(t);
    const added = await addDomainAs(t.app, admin.cookie, uniqueDomain(), 'team');
    const team = await t.db
      .selectFrom('teams')
      .select('account_id')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect((await rowsOf(team.account_id ?? '')).map(({ id }) => id)).toEqual([added.id]);
    expect((await listed(owner.cookie, 'team')).map(({ id }) => id)).toEqual([added.id]);
    expect(await listed(admin.cookie, 'user')).toEqual([]);

    for (const response of [
      await trpcQuery(t.app, 'domains.list', member.cookie, { owner: 'team' }),
      await trpcMutate(t.app, 'domains.add', member.cookie, { owner: 'team', domain: uniqueDomain() }),
      await trpcMutate(t.app, 'domains.check', member.cookie, { owner: 'team', id: added.id }),
      await trpcMutate(t.app, 'domains.remove', member.cookie, { owner: 'team', id: added.id }),
    ]) {
      expect(trpcError(response).data.reason).toBe('team_role_required');
    }
    expect(await listed(owner.cookie, 'team')).toHaveLength(1);
  });

  it("needs the team owner's Business plan", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const admin = await createSignedInOwner(t, { plan: 'business' });
    await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: admin.userId, role: 'admin' },
    ]);
    const refused = await trpcMutate(t.app, 'domains.add', admin.cookie, {
      owner: 'team',
      domain: uniqueDomain(),
    });
    expect(trpcError(refused).data.reason).toBe('plan_required');
  });
});

describe("another account's domain", () => {
  it('reads as not found to check or remove, and is not listed', async () => {
    const holder = await createSignedInOwner(t, { plan: 'business' });
    const other = await createSignedInOwner(t, { plan: 'business' });
    const added = await addDomainAs(t.app, holder.cookie, uniqueDomain());
    for (const path of ['domains.check', 'domains.remove']) {
      const response = await trpcMutate(t.app, path, other.cookie, { id: added.id });
      expect(trpcError(response).data.reason, path).toBe('not_found');
    }
    expect(await listed(other.cookie)).toEqual([]);
    expect(await rowsOf(holder.userId)).toHaveLength(1);
  });
});
