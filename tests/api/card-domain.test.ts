import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLink,
  addVcard,
  createOwner,
  createSignedInOwner,
  endTrial,
  setPlan,
} from '../support/factories.ts';
import { buildTestApp, TEST_ORIGIN, trpcData, trpcQuery, type TestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Card subdomains (issue 13 item 4, customSubdomain): with CARD_DOMAIN set, `{username}.{CARD_DOMAIN}`
// serves the same public page for Pro and Business (canonical link and og:url: the main address), with
// its .vcf and short links; a Free account's subdomain leads to the main address; unknown and reserved
// names, and everything but reading a card, answer not-found there.

const CARD_DOMAIN = 'cards.test';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN });
});

afterAll(async () => {
  await t?.close();
});

function onHost(host: string, url = '/', method: 'GET' | 'HEAD' | 'POST' = 'GET', app: TestApp = t) {
  return app.app.inject({ method, url, headers: { host, 'user-agent': IPHONE_SAFARI } });
}

/** An owner on a plan with a vCard and a QR code. */
async function ownerWithCard(plan: 'free' | 'pro' | 'business') {
  const owner = await createOwner(t.db, { plan });
  const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace' });
  const link = await addLink(t.db, owner.id, { kind: 'qr', url: 'https://example.com/flyer' });
  return { ...owner, vcardId, link };
}

const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]*)">/.exec(body)?.[1];
const ogUrlOf = (body: string) => /<meta property="og:url" content="([^"]*)">/.exec(body)?.[1];

describe('{username}.{CARD_DOMAIN}', () => {
  it('serves the Pro card page, whose canonical link and og:url are the main address', async () => {
    for (const plan of ['pro', 'business'] as const) {
      const owner = await ownerWithCard(plan);
      const response = await onHost(`${owner.username}.${CARD_DOMAIN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Ada Lovelace');
      expect(canonicalOf(response.body)).toBe(`${TEST_ORIGIN}/${owner.username}`);
      expect(ogUrlOf(response.body)).toBe(`${TEST_ORIGIN}/${owner.username}`);
      // the same page as the main address, which names itself the same way
      const main = await onHost(new URL(TEST_ORIGIN).host, `/${owner.username}`);
      expect(canonicalOf(main.body)).toBe(`${TEST_ORIGIN}/${owner.username}`);
      expect(main.headers.etag).toBe(response.headers.etag);
      // the card page's protections go with it: no script, no cookie
      expect(response.body).not.toContain('<script');
      expect(response.headers['content-security-policy']).toBe(main.headers['content-security-policy']);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers in any case and with a port, as browsers send the Host header', async () => {
    const owner = await ownerWithCard('pro');
    expect((await onHost(`${owner.username.toUpperCase()}.CARDS.test`)).statusCode).toBe(200);
    expect((await onHost(`${owner.username}.${CARD_DOMAIN}:3000`)).statusCode).toBe(200);
  });

  it('serves the .vcf, the preview picture and short links there too', async () => {
    const owner = await ownerWithCard('pro');
    const host = `${owner.username}.${CARD_DOMAIN}`;
    const vcf = await onHost(host, `/vcard/${owner.vcardId}/contact.vcf`);
    expect(vcf.statusCode).toBe(200);
    expect(vcf.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(vcf.body).toContain('FN:Ada Lovelace');
    expect((await onHost(host, `/vcard/${owner.vcardId}/og.jpg`)).statusCode).toBe(200);
    const short = await onHost(host, `/l/${owner.link.code}?qr`);
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe('https://example.com/flyer');
    // the page's .vcf link is relative: it stays on the subdomain
    const page = await onHost(host);
    expect(page.body).toContain(`href="/vcard/${owner.vcardId}/contact.vcf"`);
  });

  it("sends a Free account's subdomain, and a paid plan's that ended, to the main address", async () => {
    const free = await ownerWithCard('free');
    const response = await onHost(`${free.username}.${CARD_DOMAIN}`, '/?qr');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${TEST_ORIGIN}/${free.username}?qr`);
    expect(response.headers['cache-control']).toBe('no-store');

    const ended = await ownerWithCard('pro');
    await setPlan(t.db, ended.id, 'pro', new Date(Date.now() - 60_000));
    // its free trial still runs: the card is online on the main address only
    const endedRedirect = await onHost(`${ended.username}.${CARD_DOMAIN}`);
    expect(endedRedirect.statusCode).toBe(302);
    expect(endedRedirect.headers.location).toBe(`${TEST_ORIGIN}/${ended.username}`);
    // with the trial over too, the card is offline: the main address says so
    const endedAfterTrial = await ownerWithCard('pro');
    await endTrial(t.db, endedAfterTrial.id);
    await setPlan(t.db, endedAfterTrial.id, 'pro', new Date(Date.now() - 60_000));
    const offline = await onHost(`${endedAfterTrial.username}.${CARD_DOMAIN}`);
    expect(offline.statusCode).toBe(403);
  });

  it('answers not-found for unknown and reserved names, and a label no username can have', async () => {
    for (const label of ['nobody-here-42', 'www', 'app', 'api', 'admin', 'dashboard', 'l', '-x-', 'a_b']) {
      const response = await onHost(`${label}.${CARD_DOMAIN}`);
      expect(response.statusCode, label).toBe(404);
      expect(response.headers['content-type'], label).toMatch(/^text\/html/);
      expect(response.body, label).not.toContain('<script');
    }
  });

  it('serves nothing else on a card host: no client, API, sign-in or writes', async () => {
    const owner = await ownerWithCard('pro');
    const host = `${owner.username}.${CARD_DOMAIN}`;
    for (const url of [
      '/dashboard',
      '/auth',
      '/api/trpc/billing.status',
      '/api/auth/get-session',
      `/${owner.username}`,
      '/health',
      '/billing/demo/checkout',
    ]) {
      const response = await onHost(host, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<script');
    }
    // a write from a card host is refused before any route (the origin check's 403 or the guard's 404)
    for (const url of ['/api/auth/sign-out', '/']) {
      expect([403, 404], url).toContain((await onHost(host, url, 'POST')).statusCode);
    }
  });

  it('leaves the main address as it was: its home page is the client, its cards where they were', async () => {
    const owner = await ownerWithCard('pro');
    const home = await onHost(new URL(TEST_ORIGIN).host);
    expect(home.statusCode).toBe(200);
    expect(home.body).not.toContain('Ada Lovelace');
    expect((await onHost(new URL(TEST_ORIGIN).host, `/${owner.username}`)).statusCode).toBe(200);
  });
});

describe('CARD_DOMAIN and the public address', () => {
  it("gives the dashboard the card's subdomain address, with the public URL's scheme and port", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const me = trpcData<{ card_subdomain_url: string | null }>(
      await trpcQuery(t.app, 'profile.me', owner.cookie),
    );
    expect(me.card_subdomain_url).toBe(`http://${owner.username}.${CARD_DOMAIN}:3000`);
    const unnamed = await createSignedInOwner(t, { plan: 'pro', username: null });
    const none = trpcData<{ card_subdomain_url: string | null }>(
      await trpcQuery(t.app, 'profile.me', unnamed.cookie),
    );
    expect(none.card_subdomain_url).toBeNull();
  });

  it('keeps PUBLIC_URL the app when it is itself a subdomain of CARD_DOMAIN', async () => {
    const app = await buildTestApp({ cardDomain: CARD_DOMAIN, publicUrl: `http://app.${CARD_DOMAIN}` });
    try {
      const home = await onHost(`app.${CARD_DOMAIN}`, '/', 'GET', app);
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<div id="root"');
      expect((await onHost(`app.${CARD_DOMAIN}`, '/api/auth/get-session', 'GET', app)).statusCode).toBe(200);
      expect((await onHost(`www.${CARD_DOMAIN}`, '/', 'GET', app)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves no card subdomains without CARD_DOMAIN', async () => {
    const app = await buildTestApp();
    try {
      const owner = await createOwner(app.db, { plan: 'pro' });
      await addVcard(app.db, owner.id);
      const response = await onHost(`${owner.username}.${CARD_DOMAIN}`, '/', 'GET', app);
      expect(response.body).not.toContain('Ada Lovelace');
    } finally {
      await app.close();
    }
  });
});
