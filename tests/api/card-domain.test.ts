import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_TEXTS } from '../../server/public-profile/texts.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import { linkCounts } from '../support/counts.ts';
import {
  addLink,
  addVcard,
  createOwner,
  createSignedInOwner,
  designInput,
  endTrial,
  giveLinkCode,
  setPlan,
} from '../support/factories.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  trpcData,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Card subdomains (customSubdomain): with CARD_DOMAIN set, `{username}.{CARD_DOMAIN}`
// serves the same public page for Pro and Business (canonical link and og:url: the main address), with
// its .vcf and short links; a Free account's subdomain leads to the main address; unknown and reserved
// names, and everything but reading a card, answer not-found there.
// docs/decisions/017-hosts-classified-exactly.md: every spelling of a host is resolved or refused, a card
// host serves only its own account's cards, photos and short links (and the fonts and icons its page needs),
// and a renamed username's old subdomain leads to the new one while the name is held.

const CARD_DOMAIN = 'cards.test';
const METRICS_TOKEN = 'metrics-token-'.padEnd(40, 'x');
const MAIN_HOST = new URL(TEST_ORIGIN).host;
const { unavailableTitle, linkNotFoundTitle } = PAGE_TEXTS.en;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN, metricsToken: METRICS_TOKEN });
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

function onHost(host: string, url = '/', method: Method = 'GET', app: TestApp = t) {
  return app.app.inject({ method, url, headers: { host, 'user-agent': IPHONE_SAFARI } });
}

/** The 404 page of a card host, and nothing of the app: no client, no script, no cookie. */
function expectNotFoundPage(
  response: Awaited<ReturnType<typeof onHost>>,
  what: string,
  title: string = unavailableTitle,
) {
  expect(response.statusCode, what).toBe(404);
  expect(response.headers['content-type'], what).toMatch(/^text\/html/);
  expect(response.body, what).toContain(title);
  expect(response.body, what).not.toContain('<script');
  expect(response.body, what).not.toContain('id="root"');
  expect(response.headers['set-cookie'], what).toBeUndefined();
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

  it('answers the same card in every spelling of its host: any case, a trailing dot, a port', async () => {
    const owner = await ownerWithCard('pro');
    const page = await onHost(`${owner.username}.${CARD_DOMAIN}`);
    expect(page.statusCode).toBe(200);
    for (const host of [
      `${owner.username.toUpperCase()}.CARDS.test`,
      `${owner.username}.${CARD_DOMAIN}.`,
      `${owner.username}.${CARD_DOMAIN}:3000`,
      `${owner.username.toUpperCase()}.${CARD_DOMAIN.toUpperCase()}.:8443`,
      `${owner.username}.${CARD_DOMAIN}:`,
    ]) {
      const response = await onHost(host);
      expect(response.statusCode, host).toBe(200);
      expect(response.headers.etag, host).toBe(page.headers.etag);
      const short = await onHost(host, `/l/${owner.link.code}`);
      expect(short.statusCode, host).toBe(302);
      expect(short.headers.location, host).toBe('https://example.com/flyer');
    }
  });

  it('refuses every other spelling under CARD_DOMAIN with the 404 page, and serves none of the app there', async () => {
    const owner = await ownerWithCard('pro');
    const name = owner.username;
    // a name chosen before it was reserved, and an IDNA A-label from before such names were refused (shown
    // decoded by browsers, as аpple with a Cyrillic а): neither is a card host
    const reserved = await createOwner(t.db, { plan: 'pro', username: 'www' });
    await addVcard(t.db, reserved.id);
    const lookalike = await createOwner(t.db, { plan: 'pro', username: 'xn--pple-43d' });
    await addVcard(t.db, lookalike.id);
    for (const host of [
      // a deeper label
      `x.${name}.${CARD_DOMAIN}`,
      `X.${name.toUpperCase()}.${CARD_DOMAIN}.:3000`,
      `${name}.${name}.${CARD_DOMAIN}`,
      // the bare card domain
      CARD_DOMAIN,
      `${CARD_DOMAIN}.`,
      `${CARD_DOMAIN.toUpperCase()}:3000`,
      // empty labels
      `.${CARD_DOMAIN}`,
      `${name}..${CARD_DOMAIN}`,
      `${name}.${CARD_DOMAIN}..`,
      // ports that are no port
      `${name}.${CARD_DOMAIN}:abc`,
      `${name}.${CARD_DOMAIN}:3000:3000`,
      // reserved, malformed and encoded labels
      `www.${CARD_DOMAIN}`,
      `WWW.${CARD_DOMAIN}.`,
      `api.${CARD_DOMAIN}`,
      `-${name}.${CARD_DOMAIN}`,
      `${name}_x.${CARD_DOMAIN}`,
      `xn--pple-43d.${CARD_DOMAIN}`,
      `XN--PPLE-43D.${CARD_DOMAIN}.:3000`,
      `[::1].${CARD_DOMAIN}`,
    ]) {
      for (const url of ['/', `/l/${owner.link.code}`, `/vcard/${owner.vcardId}/contact.vcf`]) {
        expectNotFoundPage(await onHost(host, url), `${host}${url}`);
      }
      for (const url of ['/dashboard', '/api/auth/get-session', '/health', '/assets/index-test1234.js']) {
        const response = await onHost(host, url);
        expect(response.statusCode, `${host}${url}`).toBe(404);
        expect(response.body, `${host}${url}`).not.toContain('<script');
      }
    }
    // the short link was followed only where it may be: nowhere above
    expect((await linkCounts(t.db, owner.link.id)).clicks).toBe(0);
  });

  it('keeps every host outside CARD_DOMAIN the main address', async () => {
    for (const host of [MAIN_HOST, 'localhost', '127.0.0.1:3000', '[::1]:3000', `evil${CARD_DOMAIN}`]) {
      const home = await onHost(host);
      expect(home.statusCode, host).toBe(200);
      expect(home.body, host).toContain('<div id="root"');
      expect((await onHost(host, '/health')).statusCode, host).toBe(200);
    }
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

  it('serves nothing else on a card host: no client, API, sign-in, health, metrics or writes', async () => {
    const owner = await ownerWithCard('pro');
    const host = `${owner.username}.${CARD_DOMAIN}`;
    const appUrls = [
      '/dashboard',
      '/dashboard/account',
      '/auth',
      '/login',
      '/onboarding',
      '/privacy',
      '/api/trpc/billing.status',
      '/api/trpc/profile.me',
      '/api/auth/get-session',
      '/api/auth/ok',
      `/${owner.username}`,
      `/user/${owner.username}`,
      `/vcard/${owner.vcardId}`,
      '/health',
      '/health/ready',
      '/metrics',
      '/dev/mail',
      '/billing/demo/checkout',
      '/assets/index-test1234.js',
      '/index.html',
      '/robots.txt',
      // paths a card host serves, for files it does not have
      '/fonts/0.0.0/missing.woff2',
      '/media/0123456789abcdef0123456789abcdef.jpg',
      '/vcard/not-a-card/contact.vcf',
      '/l/no-such-code',
    ];
    for (const url of appUrls) {
      // each of them answers on the main address
      if (url.startsWith('/assets/') || url === '/health') {
        expect((await onHost(MAIN_HOST, url)).statusCode, url).toBe(200);
      }
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await onHost(host, url, method);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body, url).not.toContain('<script');
        expect(response.body, url).not.toContain('id="root"');
      }
    }
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.body).not.toContain('tapcard_');
    // a write from a card host is refused before any route (the origin check's 403 or the guard's 404)
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS'] as const) {
      for (const url of [
        '/api/auth/sign-out',
        '/api/trpc/profile.setLanguage',
        '/',
        `/l/${owner.link.code}`,
      ]) {
        expect([403, 404], `${method} ${url}`).toContain((await onHost(host, url, method)).statusCode);
      }
    }
    expect((await linkCounts(t.db, owner.link.id)).clicks).toBe(0);
  });

  it('serves the fonts, icons and photos its page links to', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId, { photo: await uploadTestPhoto(t.app, owner.cookie) });
    const input = designInput(vcardId, {
      layout: 'left',
      font: 'lora',
      cover: 'image',
      coverImage: await uploadTestPhoto(t.app, owner.cookie),
      logo: await uploadTestPhoto(t.app, owner.cookie),
    });
    expect((await trpcMutate(t.app, 'designs.save', owner.cookie, input)).statusCode).toBe(200);
    const host = `${owner.username}.${CARD_DOMAIN}`;
    const page = await onHost(host);
    expect(page.statusCode).toBe(200);
    // every address on this host the page names: the .vcf, the photos, the fonts, the icons, the home link
    const addresses = [
      ...[...page.body.matchAll(/(?:href|src)="(\/[^"/][^"]*|\/)"/g)].map((match) => match[1] ?? ''),
      ...[...page.body.matchAll(/url\((\/[^)]+)\)/g)].map((match) => match[1] ?? ''),
    ];
    expect(addresses).toEqual(
      expect.arrayContaining([
        '/favicon.svg',
        '/apple-touch-icon.png',
        `/vcard/${vcardId}/contact.vcf`,
        input.design.logo,
        input.design.coverImage,
        expect.stringMatching(/^\/fonts\/[\d.]+\/lora-latin-wght-normal\.woff2$/),
      ]),
    );
    for (const address of new Set([...addresses, '/favicon.ico'])) {
      const response = await onHost(host, address);
      expect(response.statusCode, address).toBe(200);
      expect(response.body, address).not.toContain('id="root"');
    }
    const font = addresses.find((address) => address.startsWith('/fonts/')) ?? '';
    const served = await onHost(host, font);
    expect(served.headers['content-type']).toBe('font/woff2');
    expect(served.rawPayload).toEqual((await onHost(MAIN_HOST, font)).rawPayload);
    expect((await onHost(host, '/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('leaves the main address as it was: its home page is the client, its cards where they were', async () => {
    const owner = await ownerWithCard('pro');
    const home = await onHost(new URL(TEST_ORIGIN).host);
    expect(home.statusCode).toBe(200);
    expect(home.body).not.toContain('Ada Lovelace');
    expect((await onHost(new URL(TEST_ORIGIN).host, `/${owner.username}`)).statusCode).toBe(200);
  });
});

describe("another account's things on a card host", () => {
  /** A signed-in Pro owner with a card showing a photo, another photo, a QR code and a chosen code. */
  async function ownerWithEverything() {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const photo = await uploadTestPhoto(t.app, owner.cookie);
    const otherPhoto = await uploadTestPhoto(t.app, owner.cookie);
    const vcardId = await addVcard(t.db, owner.userId, { name: 'Ada Lovelace', photo });
    const secondVcardId = await addVcard(t.db, owner.userId, { name: 'Ada Second' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/own' });
    const chosen = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/chosen' });
    const code = `menu-${randomBytes(4).toString('hex')}`;
    await giveLinkCode(t.db, chosen.id, code);
    return {
      ...owner,
      host: `${owner.username}.${CARD_DOMAIN}`,
      photo,
      otherPhoto,
      vcardId,
      secondVcardId,
      link,
      chosen,
      code,
    };
  }

  it("answers 404 for another account's short links, card ids and photo keys, and counts nothing", async () => {
    const paula = await ownerWithEverything();
    const bob = await ownerWithEverything();
    // one of Bob's cards is offline: on Paula's host it is unknown, not unavailable
    const tina = await createOwner(t.db, {
      plan: 'free',
      trialStart: new Date(Date.now() - 30 * 86_400_000),
    });
    const tinaVcard = await addVcard(t.db, tina.id);
    const tinaLink = await addLink(t.db, tina.id, { kind: 'qr' });
    for (const [url, title] of [
      [`/l/${bob.link.code}`, linkNotFoundTitle],
      [`/l/${bob.link.code}?qr`, linkNotFoundTitle],
      [`/l/${bob.code}`, linkNotFoundTitle],
      [`/l/${bob.code.toUpperCase()}`, linkNotFoundTitle],
      [`/l/${tinaLink.code}`, linkNotFoundTitle],
      [`/vcard/${bob.vcardId}/contact.vcf`, unavailableTitle],
      [`/vcard/${bob.vcardId.toUpperCase()}/contact.vcf`, unavailableTitle],
      [`/vcard/${bob.vcardId}/og.jpg`, unavailableTitle],
      [`/vcard/${tinaVcard}/contact.vcf`, unavailableTitle],
    ] as const) {
      expectNotFoundPage(await onHost(paula.host, url), url, title);
      expect((await onHost(paula.host, url, 'HEAD')).statusCode, url).toBe(404);
    }
    for (const photo of [bob.photo, bob.otherPhoto]) {
      const response = await onHost(paula.host, photo);
      expect(response.statusCode, photo).toBe(404);
      expect(response.headers['content-type'], photo).not.toMatch(/^image\//);
    }
    // on the main address and on Bob's own host, all of it is Bob's to serve
    for (const host of [MAIN_HOST, bob.host]) {
      expect((await onHost(host, `/l/${bob.link.code}`)).statusCode, host).toBe(302);
      expect((await onHost(host, `/vcard/${bob.vcardId}/contact.vcf`)).statusCode, host).toBe(200);
      expect((await onHost(host, bob.otherPhoto)).statusCode, host).toBe(200);
    }
    // the follows on Paula's host were never counted: Bob's link holds the two above and nothing more
    await vi.waitFor(async () => expect((await linkCounts(t.db, bob.link.id)).clicks).toBe(2), {
      timeout: 5_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await linkCounts(t.db, bob.link.id)).toEqual({ scans: 0, clicks: 2, events: 2 });
    expect(await linkCounts(t.db, bob.chosen.id)).toEqual({ scans: 0, clicks: 0, events: 0 });
  });

  it('serves its own short links, cards and photos', async () => {
    const paula = await ownerWithEverything();
    const own = await onHost(paula.host, `/l/${paula.link.code}?qr`);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('https://example.com/own');
    const chosen = await onHost(paula.host, `/l/${paula.code.toUpperCase()}`);
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('https://example.com/chosen');
    for (const vcardId of [paula.vcardId, paula.secondVcardId]) {
      const vcf = await onHost(paula.host, `/vcard/${vcardId}/contact.vcf`);
      expect(vcf.statusCode).toBe(200);
      expect(vcf.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect((await onHost(paula.host, `/vcard/${vcardId}/og.jpg`)).headers['content-type']).toBe(
        'image/jpeg',
      );
    }
    // the photo its page shows, and another of its uploads
    for (const photo of [paula.photo, paula.otherPhoto]) {
      const response = await onHost(paula.host, photo);
      expect(response.statusCode, photo).toBe(200);
      expect(response.headers['content-type'], photo).toBe('image/jpeg');
    }
    await vi.waitFor(async () => expect((await linkCounts(t.db, paula.link.id)).scans).toBe(1), {
      timeout: 5_000,
    });
    await vi.waitFor(async () => expect((await linkCounts(t.db, paula.chosen.id)).clicks).toBe(1), {
      timeout: 5_000,
    });
  });
});

describe('a renamed username on its subdomain', () => {
  const saveProfile = async (cookie: string, username: string) => {
    const me = await trpcQuery(t.app, 'profile.me', cookie);
    return trpcMutate(t.app, 'profile.updateDetails', cookie, {
      name: 'Grace Hopper',
      username,
      photo: null,
      baseVersion: trpcData<{ version: number }>(me).version,
    });
  };

  it('answers 308 from the old subdomain to the new one, path and query kept, until the account is deleted', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const old = owner.username ?? '';
    const vcardId = await addVcard(t.db, owner.userId, { name: 'Grace Hopper' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/flyer' });
    // now in the page cache under the old name
    expect((await onHost(`${old}.${CARD_DOMAIN}`)).statusCode).toBe(200);
    const current = `${old}-new`;
    expect((await saveProfile(owner.cookie, current)).statusCode).toBe(200);

    for (const [host, url, location] of [
      [`${old}.${CARD_DOMAIN}`, '/', `http://${current}.${CARD_DOMAIN}/`],
      [`${old}.${CARD_DOMAIN}`, '/?qr', `http://${current}.${CARD_DOMAIN}/?qr`],
      [
        `${old}.${CARD_DOMAIN}:3000`,
        '/?qr&utm_source=card',
        `http://${current}.${CARD_DOMAIN}:3000/?qr&utm_source=card`,
      ],
      [`${old.toUpperCase()}.${CARD_DOMAIN}.:8443`, '/?qr', `http://${current}.${CARD_DOMAIN}:8443/?qr`],
      [`${old}.${CARD_DOMAIN}`, `/l/${link.code}?qr`, `http://${current}.${CARD_DOMAIN}/l/${link.code}?qr`],
      [
        `${old}.${CARD_DOMAIN}`,
        `/vcard/${vcardId}/contact.vcf`,
        `http://${current}.${CARD_DOMAIN}/vcard/${vcardId}/contact.vcf`,
      ],
    ] as const) {
      const response = await onHost(host, url);
      expect(response.statusCode, `${host}${url}`).toBe(308);
      expect(response.headers.location, `${host}${url}`).toBe(location);
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    // the redirect leads to the card; the app is still nowhere on the old host
    const page = await onHost(`${current}.${CARD_DOMAIN}`, '/?qr');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Grace Hopper</h1>');
    for (const url of ['/dashboard', '/api/auth/get-session', `/${old}`]) {
      expect((await onHost(`${old}.${CARD_DOMAIN}`, url)).statusCode, url).toBe(404);
    }
    // the account page lists the old subdomain beside the old path
    const held = trpcData<{
      current: string;
      held: string[];
      card_subdomain_urls: Record<string, string> | null;
    }>(await trpcQuery(t.app, 'profile.heldUsernames', owner.cookie));
    expect(held).toEqual({
      current,
      held: [old],
      card_subdomain_urls: {
        [current]: `http://${current}.${CARD_DOMAIN}:3000`,
        [old]: `http://${old}.${CARD_DOMAIN}:3000`,
      },
    });

    const deletion = await trpcMutate(t.app, 'account.delete', owner.cookie, {
      confirmation: DELETE_CONFIRMATION_WORDS.en,
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    // the held names lead nowhere now, as their paths do
    for (const host of [`${old}.${CARD_DOMAIN}`, `${current}.${CARD_DOMAIN}`]) {
      for (const url of ['/', '/?qr', `/l/${link.code}`]) {
        expectNotFoundPage(await onHost(host, url), `${host}${url}`);
      }
    }
    expect((await onHost(MAIN_HOST, `/${old}`)).statusCode).toBe(404);
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
