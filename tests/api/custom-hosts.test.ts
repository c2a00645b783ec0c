import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_TEXTS } from '../../server/public-profile/texts.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { linkCounts } from '../support/counts.ts';
import { customDomainFor } from '../support/domains.ts';
import { addLink, addVcard, createOwner, createSignedInOwner, setPlan } from '../support/factories.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import { buildTestApp, TEST_ORIGIN, trpcMutate, uploadTestPhoto, type TestApp } from '../support/harness.ts';
import { addTeam, addTeamCard, createTeam, organizationCall } from '../support/teams.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Custom domains (customDomain, docs/decisions/017-hosts-classified-exactly.md): a verified domain is a
// fourth kind of host. It serves only its account's card at `/`, its cards at /vcard/{id}, their .vcf and
// pictures, its photos and short links, named at the domain; every other account's card, code and photo
// is the 404 page there, and nothing of the app is served. Removed, or past its owner's Business plan, it
// sends each of those to the same address on the main one (302). Caddy's on-demand TLS asks
// /api/domains/tls-ask which names the server answers.

const CARD_DOMAIN = 'cards.test';
const MAIN_HOST = new URL(TEST_ORIGIN).host;
const { unavailableTitle } = PAGE_TEXTS.en;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN });
});

afterAll(async () => {
  await t?.close();
});

function onHost(host: string, url = '/', method: 'GET' | 'HEAD' | 'POST' = 'GET') {
  return t.app.inject({ method, url, headers: { host, 'user-agent': IPHONE_SAFARI } });
}

function expectNotFoundPage(response: Awaited<ReturnType<typeof onHost>>, what: string) {
  expect(response.statusCode, what).toBe(404);
  expect(response.body, what).toContain(unavailableTitle);
  expect(response.body, what).not.toContain('<script');
  expect(response.body, what).not.toContain('id="root"');
  expect(response.headers['set-cookie'], what).toBeUndefined();
}

const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]*)">/.exec(body)?.[1];
const ogUrlOf = (body: string) => /<meta property="og:url" content="([^"]*)">/.exec(body)?.[1];

/** A Business account with a primary card, a second card, a QR code and a verified domain. */
async function businessWithDomain(fields: Parameters<typeof customDomainFor>[2] = {}) {
  const owner = await createOwner(t.db, { plan: 'business' });
  const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace' });
  const otherCardId = await addVcard(t.db, owner.id, { name: 'Ada at Work' });
  const link = await addLink(t.db, owner.id, { kind: 'qr', url: 'https://example.com/flyer' });
  const domain = await customDomainFor(t, owner.id, fields);
  return { ...owner, vcardId, otherCardId, link, domain };
}

function tlsAsk(domain?: string, host = MAIN_HOST) {
  const query = domain === undefined ? '' : `?domain=${encodeURIComponent(domain)}`;
  return t.app.inject({ method: 'GET', url: `/api/domains/tls-ask${query}`, headers: { host } });
}

describe('a verified custom domain', () => {
  it("serves its account's card at /, named at the domain, and its other cards, .vcf, picture and short links", async () => {
    const owner = await businessWithDomain();
    const page = await onHost(owner.domain);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).not.toContain('<script');
    expect(canonicalOf(page.body)).toBe(`https://${owner.domain}/`);
    expect(ogUrlOf(page.body)).toBe(`https://${owner.domain}/`);
    expect(page.body).toContain(`https://${owner.domain}/vcard/${owner.vcardId}/og`);
    // the main address's page still names the main address
    const main = await onHost(MAIN_HOST, `/${owner.username}`);
    expect(canonicalOf(main.body)).toBe(`${TEST_ORIGIN}/${owner.username}`);

    const other = await onHost(owner.domain, `/vcard/${owner.otherCardId}`);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('Ada at Work');
    expect(canonicalOf(other.body)).toBe(`https://${owner.domain}/vcard/${owner.otherCardId}`);

    const vcf = await onHost(owner.domain, `/vcard/${owner.vcardId}/contact.vcf`);
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toContain('FN:Ada Lovelace');
    expect((await onHost(owner.domain, `/vcard/${owner.otherCardId}/og.jpg`)).statusCode).toBe(200);
    const short = await onHost(owner.domain, `/l/${owner.link.code}?qr`);
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe('https://example.com/flyer');
    await vi.waitFor(async () => expect((await linkCounts(t.db, owner.link.id)).scans).toBe(1), {
      timeout: 10_000,
    });
  });

  it("keeps a card's own QR code on the domain: it leads to the card's page there, counted", async () => {
    const owner = await businessWithDomain();
    const cardCode = await addLink(t.db, owner.id, {
      kind: 'qr',
      vcard_id: owner.vcardId,
      url: `${TEST_ORIGIN}/vcard/${owner.vcardId}`,
    });
    const onDomain = await onHost(owner.domain, `/l/${cardCode.code}?qr`);
    expect(onDomain.statusCode).toBe(302);
    // a path: the browser stays on the scheme, host and port it came to
    expect(onDomain.headers.location).toBe(`/vcard/${owner.vcardId}`);
    const page = await onHost(owner.domain, onDomain.headers.location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Lovelace');
    // on the main address it leads to the main one
    expect((await onHost(MAIN_HOST, `/l/${cardCode.code}`)).headers.location).toBe(
      `${TEST_ORIGIN}/vcard/${owner.vcardId}`,
    );
    await vi.waitFor(async () => expect((await linkCounts(t.db, cardCode.id)).scans).toBe(1), {
      timeout: 10_000,
    });
  });

  it('is served while its record is lost (the owner is told; the domain keeps working)', async () => {
    const owner = await businessWithDomain({ status: 'lost' });
    expect((await onHost(owner.domain)).statusCode).toBe(200);
  });

  it('answers the same card in every spelling of its host, and refuses every other one', async () => {
    const owner = await businessWithDomain();
    const page = await onHost(owner.domain);
    for (const host of [
      owner.domain.toUpperCase(),
      `${owner.domain}.`,
      `${owner.domain}:443`,
      `${owner.domain.toUpperCase()}.:8443`,
      `${owner.domain}:`,
    ]) {
      const response = await onHost(host);
      expect(response.statusCode, host).toBe(200);
      expect(response.headers.etag, host).toBe(page.headers.etag);
      expect((await onHost(host, `/l/${owner.link.code}`)).statusCode, host).toBe(302);
    }
    for (const host of [
      `x.${owner.domain}`,
      `WWW.${owner.domain.toUpperCase()}.:443`,
      `${owner.domain}.${owner.domain}`,
      `.${owner.domain}`,
      `x..${owner.domain}`,
      `${owner.domain}..`,
      `${owner.domain}:abc`,
      `${owner.domain}:443:443`,
    ]) {
      for (const url of ['/', `/l/${owner.link.code}`, `/vcard/${owner.vcardId}/contact.vcf`]) {
        expectNotFoundPage(await onHost(host, url), `${host}${url}`);
      }
    }
    // counted on each spelling of the host, nowhere else
    await vi.waitFor(async () => expect((await linkCounts(t.db, owner.link.id)).clicks).toBe(5), {
      timeout: 10_000,
    });
  });

  it('serves an internationalised domain by its xn-- name, in any case', async () => {
    const owner = await createOwner(t.db, { plan: 'business' });
    await addVcard(t.db, owner.id, { name: 'Café Owner' });
    const domain = await customDomainFor(t, owner.id, { domain: `xn--caf-dma-${owner.id.slice(0, 6)}.test` });
    expect((await onHost(domain)).statusCode).toBe(200);
    expect((await onHost(domain.toUpperCase())).statusCode).toBe(200);
    expectNotFoundPage(await onHost(`xn--x.${domain}`), 'a deeper xn-- label');
  });

  it("answers 404 for every other account's card, code and photo, on the domain and on a card subdomain", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const ownPhoto = await uploadTestPhoto(t.app, owner.cookie);
    await addVcard(t.db, owner.userId, { photo: ownPhoto });
    const domain = await customDomainFor(t, owner.userId);
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const strangerPhoto = await uploadTestPhoto(t.app, stranger.cookie);
    const strangerCard = await addVcard(t.db, stranger.userId, { photo: strangerPhoto });
    const strangerLink = await addLink(t.db, stranger.userId, { kind: 'qr', url: 'https://example.com/x' });
    await customDomainFor(t, stranger.userId);

    for (const host of [domain, `${owner.username}.${CARD_DOMAIN}`]) {
      expect((await onHost(host, ownPhoto)).statusCode, host).toBe(200);
      for (const url of [
        `/vcard/${strangerCard}/contact.vcf`,
        `/vcard/${strangerCard}/og.jpg`,
        `/l/${strangerLink.code}`,
        `/${stranger.username}`,
      ]) {
        const response = await onHost(host, url);
        expect(response.statusCode, `${host}${url}`).toBe(404);
        expect(response.body, `${host}${url}`).not.toContain('<script');
      }
      expect((await onHost(host, strangerPhoto)).statusCode, `${host} photo`).toBe(404);
    }
    expectNotFoundPage(await onHost(domain, `/vcard/${strangerCard}`), 'another card page');
    expect((await linkCounts(t.db, strangerLink.id)).clicks).toBe(0);
  });

  it('serves nothing of the app there', async () => {
    const owner = await businessWithDomain();
    for (const url of [
      '/dashboard',
      '/login',
      '/onboarding',
      '/api/trpc/profile.me',
      '/api/auth/get-session',
      '/api/domains/tls-ask?domain=' + owner.domain,
      `/${owner.username}`,
      `/user/${owner.username}`,
      '/health',
      '/metrics',
      '/assets/index-test1234.js',
      '/index.html',
      '/robots.txt',
      '/vcard/not-a-card',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await onHost(owner.domain, url, method);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body, url).not.toContain('id="root"');
      }
    }
    for (const url of ['/', `/l/${owner.link.code}`, '/api/auth/sign-out']) {
      expect([403, 404], url).toContain((await onHost(owner.domain, url, 'POST')).statusCode);
    }
  });

  it("of a person who has not chosen a username yet serves their cards' pages, and nothing at /", async () => {
    const owner = await createOwner(t.db, { plan: 'business' });
    await t.db.updateTable('profiles').set({ username: null }).where('id', '=', owner.id).execute();
    const vcardId = await addVcard(t.db, owner.id, { name: 'Nameless Ada' });
    const domain = await customDomainFor(t, owner.id);
    expectNotFoundPage(await onHost(domain), 'the root of a domain with no public card');
    const card = await onHost(domain, `/vcard/${vcardId}`);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('Nameless Ada');
  });

  it('is the main address while it is only pending: nothing of the account is served there', async () => {
    const owner = await businessWithDomain({ status: 'pending' });
    const response = await onHost(owner.domain);
    expect(response.body).not.toContain('Ada Lovelace');
  });
});

describe("a team's custom domain", () => {
  it('lists the published team cards at /, each on the domain, and serves those cards only', async () => {
    const owner = await createOwner(t.db, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [{ userId: owner.id, role: 'owner' }], { name: 'Acme <Crew>' });
    const grace = await addTeamCard(t.db, teamId, { name: 'Grace Hopper', card: { position: 'Admiral' } });
    const paused = await addTeamCard(t.db, teamId, { name: 'Paused Person' });
    await t.db
      .updateTable('vcards')
      .set({ paused_at: new Date() })
      .where('id', '=', paused.vcardId)
      .execute();
    const domain = await customDomainFor(t, grace.accountId);
    const stranger = await businessWithDomain();

    const page = await onHost(domain);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Acme &lt;Crew&gt;: our cards');
    expect(page.body).toContain(`href="/vcard/${grace.vcardId}"`);
    expect(page.body).toContain('Grace Hopper · Admiral');
    expect(page.body).not.toContain('Paused Person');
    expect(page.body).not.toContain('<script');
    expect(canonicalOf(page.body)).toBe(`https://${domain}/`);
    const es = await t.app.inject({ url: '/', headers: { host: domain, 'accept-language': 'es' } });
    expect(es.body).toContain('Acme &lt;Crew&gt;: nuestras tarjetas');

    const card = await onHost(domain, `/vcard/${grace.vcardId}`);
    expect(card.statusCode).toBe(200);
    expect(canonicalOf(card.body)).toBe(`https://${domain}/vcard/${grace.vcardId}`);
    const graceCode = await onHost(domain, `/l/${grace.code}`);
    expect(graceCode.statusCode).toBe(302);
    expect(graceCode.headers.location).toBe(`/vcard/${grace.vcardId}`);
    expect((await onHost(domain, `/vcard/${paused.vcardId}`)).body).not.toContain('Paused Person');
    expectNotFoundPage(await onHost(domain, `/vcard/${stranger.vcardId}`), 'a stranger card');
    expect((await onHost(domain, `/l/${stranger.link.code}`)).statusCode).toBe(404);
  });
});

describe('a custom domain removed, or past its plan', () => {
  it('sends its card, cards, .vcf and short links to the same address on the main one (302)', async () => {
    const removed = await businessWithDomain({ removed: true });
    const lapsed = await businessWithDomain();
    await setPlan(t.db, lapsed.id, 'business', new Date(Date.now() - 60_000));
    const downgraded = await createOwner(t.db, { plan: 'pro' });
    await addVcard(t.db, downgraded.id);
    const proDomain = await customDomainFor(t, downgraded.id);
    for (const owner of [removed, lapsed]) {
      for (const [url, location] of [
        ['/?qr', `${TEST_ORIGIN}/${owner.username}?qr`],
        [`/vcard/${owner.otherCardId}`, `${TEST_ORIGIN}/vcard/${owner.otherCardId}`],
        [`/vcard/${owner.vcardId}/contact.vcf`, `${TEST_ORIGIN}/vcard/${owner.vcardId}/contact.vcf`],
        [`/l/${owner.link.code}?qr`, `${TEST_ORIGIN}/l/${owner.link.code}?qr`],
      ] as const) {
        const response = await onHost(`${owner.domain.toUpperCase()}.`, url);
        expect(response.statusCode, `${owner.domain}${url}`).toBe(302);
        expect(response.headers.location, `${owner.domain}${url}`).toBe(location);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // not counted on the way: the main address counts the scan
      expect((await linkCounts(t.db, owner.link.id)).scans).toBe(0);
      // another account's things are still unknown there
      expectNotFoundPage(
        await onHost(
          owner.domain,
          `/vcard/${removed.vcardId === owner.vcardId ? lapsed.vcardId : removed.vcardId}/contact.vcf`,
        ),
        'another card',
      );
      expect((await onHost(owner.domain, '/dashboard')).statusCode).toBe(404);
    }
    const pro = await onHost(proDomain);
    expect(pro.statusCode).toBe(302);
    expect(pro.headers.location).toBe(`${TEST_ORIGIN}/${downgraded.username}`);
  });

  it('leads to the domain that took its place once another account verifies it', async () => {
    const first = await businessWithDomain({ removed: true });
    const second = await createOwner(t.db, { plan: 'business' });
    await addVcard(t.db, second.id, { name: 'Second Owner' });
    await customDomainFor(t, second.id, { domain: first.domain });
    const response = await onHost(first.domain);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Second Owner');
  });
});

describe('a custom domain whose account was deleted', () => {
  it("answers the not-found page on every path, never the app under the customer's name", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
    const team = await createTeam(t.app, owner.cookie, { name: 'Gone Corp', slug: 'gone-corp' });
    const card = await addTeamCard(t.db, team.id, { name: 'Grace Hopper' });
    const teamDomain = await customDomainFor(t, card.accountId);
    const person = await createSignedInOwner(t, { plan: 'business' });
    await addVcard(t.db, person.userId, { name: 'Ada Lovelace' });
    const personalDomain = await customDomainFor(t, person.userId);
    expect((await onHost(teamDomain)).statusCode).toBe(200);
    expect((await onHost(personalDomain)).statusCode).toBe(200);

    const deletion = await organizationCall(t.app, owner.cookie, 'delete', { organizationId: team.id });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const erasure = await trpcMutate(t.app, 'account.delete', person.cookie, {
      language: 'en',
      confirmation: DELETE_CONFIRMATION_WORDS.en,
    });
    expect(erasure.statusCode, erasure.body).toBe(200);
    // the index hears both deletions
    await vi.waitFor(async () => expect((await onHost(teamDomain)).statusCode).toBe(404), { timeout: 5_000 });
    await vi.waitFor(async () => expect((await onHost(personalDomain)).statusCode).toBe(404), {
      timeout: 5_000,
    });
    for (const domain of [teamDomain, personalDomain, `x.${teamDomain}`]) {
      for (const url of ['/', '/auth', '/dashboard', '/api/auth/get-session', `/l/${card.code}`, '/health']) {
        expectNotFoundPage(await onHost(domain, url), `${domain}${url}`);
      }
    }
    expect((await tlsAsk(teamDomain)).statusCode).toBe(403);

    // another account that proves the name serves it as its own
    const newcomer = await businessWithDomain({ domain: teamDomain });
    const page = await onHost(teamDomain);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Lovelace');
    expect(newcomer.domain).toBe(teamDomain);
  });
});

describe('GET /api/domains/tls-ask', () => {
  it('answers 200 for every host this server answers', async () => {
    const verified = await businessWithDomain();
    const lost = await businessWithDomain({ status: 'lost' });
    const removed = await businessWithDomain({ removed: true });
    const lapsed = await businessWithDomain();
    await setPlan(t.db, lapsed.id, 'business', new Date(Date.now() - 60_000));
    const free = await createOwner(t.db, { plan: 'free' });
    const renamed = await createOwner(t.db, { plan: 'pro' });
    const current = `${renamed.username}-new`;
    await t.db.updateTable('profiles').set({ username: current }).where('id', '=', renamed.id).execute();
    for (const name of [
      new URL(TEST_ORIGIN).hostname,
      verified.domain,
      verified.domain.toUpperCase(),
      lost.domain,
      removed.domain,
      lapsed.domain,
      `${free.username}.${CARD_DOMAIN}`,
      `${renamed.username}.${CARD_DOMAIN}`,
      `${current}.${CARD_DOMAIN}`,
    ]) {
      const response = await tlsAsk(name);
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('answers 403 for everything else, never 404', async () => {
    const verified = await businessWithDomain();
    const pending = await businessWithDomain({ status: 'pending' });
    const deleted = await createOwner(t.db, { plan: 'pro' });
    await t.db.deleteFrom('users').where('id', '=', deleted.id).execute();
    for (const name of [
      pending.domain,
      'unknown.example.test',
      `x.${verified.domain}`,
      `${verified.domain}:443`,
      // served as the main address (health checks), never given a certificate
      'localhost.localdomain',
      '127.0.0.1',
      '[::1]',
      CARD_DOMAIN,
      `www.${CARD_DOMAIN}`,
      `nobody-here-42.${CARD_DOMAIN}`,
      `${deleted.username}.${CARD_DOMAIN}`,
      `x.${verified.username}.${CARD_DOMAIN}`,
      'café.example.test',
      'a b.example.test',
      `${'a'.repeat(254)}.test`,
      '',
    ]) {
      expect((await tlsAsk(name)).statusCode, JSON.stringify(name)).toBe(403);
    }
    expect((await tlsAsk()).statusCode).toBe(403);
    const twice = await t.app.inject({
      method: 'GET',
      url: `/api/domains/tls-ask?domain=${verified.domain}&domain=${verified.domain}`,
      headers: { host: MAIN_HOST },
    });
    expect(twice.statusCode).toBe(403);
  });

  it('is answered on the main address only', async () => {
    const verified = await businessWithDomain();
    expect((await tlsAsk(verified.domain, verified.domain)).statusCode).toBe(404);
    expect((await tlsAsk(verified.domain, `${verified.username}.${CARD_DOMAIN}`)).statusCode).toBe(404);
  });
});

describe('the index of custom domains', () => {
  it("follows the change bus's 'domains' notices", async () => {
    const changes = createLocalChangeBus();
    const other = await buildTestApp({ cardDomain: CARD_DOMAIN }, { changes });
    try {
      const owner = await createOwner(other.db, { plan: 'business' });
      await addVcard(other.db, owner.id);
      const domain = `bus-${owner.id.slice(0, 8)}.example.test`;
      await other.db
        .insertInto('custom_domains')
        .values({ user_id: owner.id, domain, token: 'token', status: 'verified', verified_at: new Date() })
        .execute();
      const ask = () =>
        other.app.inject({
          method: 'GET',
          url: `/api/domains/tls-ask?domain=${domain}`,
          headers: { host: MAIN_HOST },
        });
      expect((await ask()).statusCode).toBe(403);
      changes.publish({ userId: owner.id, topic: 'domains' });
      await vi.waitFor(async () => expect((await ask()).statusCode).toBe(200));
      await other.db.updateTable('custom_domains').set({ verified_at: null, status: 'pending' }).execute();
      changes.reset();
      await vi.waitFor(async () => expect((await ask()).statusCode).toBe(403));
    } finally {
      await other.close();
    }
  });
});
