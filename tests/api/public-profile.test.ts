import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { PLANS } from '../../src/plans.ts';
import { createLocalChangeBus, createPostgresChangeBus, type Change } from '../../server/lib/changes.ts';
import { createLocalStorage } from '../../server/media/storage.ts';
import { qrSvg } from '../../server/public-profile/qr.ts';
import { createViewRecorder } from '../../server/public-profile/views.ts';
import { restoreSpillFiles, spillFiles, temporaryDir, unreachableDatabase } from '../support/count-spill.ts';
import { viewCount as viewsOf } from '../support/counts.ts';
import {
  addLink,
  addVcard,
  createOwner,
  createSignedInOwner,
  forgetfulVisitors,
  versionOf,
  visitFacts,
} from '../support/factories.ts';
import { buildTestApp, TEST_ORIGIN, trpcData, trpcMutate, type TestApp } from '../support/harness.ts';
import { itWithVobject, readWithVobject } from '../support/vobject.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { needsPostgres } from '../support/postgres.ts';

// The public pages: the card as HTML, availability, language, views, the cache and the .vcf.

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let changes: ReturnType<typeof createLocalChangeBus>;

beforeAll(async () => {
  changes = createLocalChangeBus();
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
  await changes?.close();
});

async function storePhoto(app: TestApp): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.jpg`;
  const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  await createLocalStorage(app.config.mediaDir).put(key, jpeg, 'image/jpeg');
  return `/media/${key}`;
}

function get(url: string, headers: Record<string, string> = {}, app: TestApp = t) {
  return app.app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE_SAFARI, ...headers } });
}

function metaContent(body: string, name: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${name.replace(/[:]/g, '\\:')}" content="([^"]*)">`);
  return pattern.exec(body)?.[1];
}

const viewCount = (userId: string, db: Kysely<Database> = t.db) => viewsOf(db, userId);

function expectUnavailable(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('Profile Temporarily Unavailable');
  expect(response.body).toContain('<meta name="robots" content="noindex">');
  expect(response.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  expect(response.headers['x-robots-tag']).toBe('noindex');
  expect(response.headers['cache-control']).toBe('no-store');
}

// --- the page ---------------------------------------------------------------------------------------------

describe('the public profile page', () => {
  it('shows the card: photo or initials, name, role, contact actions, Save contact, social links, links, QR', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, {
      social_links: [
        { platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' },
        { platform: 'youtube', url: 'https://www.youtube.com/@ada' },
      ],
      background_color: '#1E3A8A',
      font_color: '#FFFFFF',
      icon_color: '#FDE68A',
    });
    const created = new Date('2026-01-01T00:00:00Z');
    await addLink(t.db, owner.id, { title: 'Third', url: 'https://c.example', order_index: 2 });
    await addLink(t.db, owner.id, {
      title: 'First',
      url: 'https://a.example',
      order_index: 0,
      created_at: created,
    });
    await addLink(t.db, owner.id, {
      title: 'Second',
      url: 'https://b.example',
      order_index: 0,
      created_at: new Date(created.getTime() + 1000),
    });
    // the vCard's own QR link is not a profile link
    await addLink(t.db, owner.id, { title: 'Managed', url: 'https://m.example', vcard_id: vcardId });

    const response = await get(`/${owner.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = response.body;
    expect(body).toContain('<h1>Ada Lovelace</h1>');
    expect(body).toContain('Engineer at Analytical Engines');
    expect(body).toContain('<div class="avatar" aria-hidden="true">AL</div>');
    expect(body).toContain('href="tel:+442079460000"');
    expect(body).toContain('href="mailto:ada@example.com"');
    expect(body).toContain('href="https://ada.example.com"');
    expect(body).toContain(`<a class="save" href="/vcard/${vcardId}/contact.vcf" download>`);
    expect(body).toContain('aria-label="LinkedIn"');
    expect(body).toContain('aria-label="YouTube"');
    const order = ['First', 'Second', 'Third'].map((title) => body.indexOf(`>${title}</a>`));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).not.toContain('Managed');
    expect(body).toContain(await qrSvg(`${TEST_ORIGIN}/${owner.username}`));
    expect(body).toContain('--bg:#1E3A8A;--fg:#FFFFFF;--icon:#FDE68A');
    // its icon named in the page, so no browser asks for a /favicon.ico of its own
    expect(body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // landmarks (a Pro page has no 'Made with Tapcard' footer: tests/api/designs.test.ts), and no client
    // JavaScript at all
    expect(body).toMatch(/<main>[\s\S]*<\/main><\/body>/);
    expect(body).not.toMatch(/<script/i);
  });

  it('shows the new social profiles by name, the labelled link by its label, and the name parts as microdata', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id, {
      name: 'María José García López',
      given_name: 'María José',
      family_name: 'García López',
      social_links: [
        { platform: 'github', url: 'https://github.com/mariajose' },
        { platform: 'mastodon', url: 'https://mastodon.social/@mariajose' },
        { platform: 'threads', url: 'https://www.threads.com/@mariajose' },
        { platform: 'telegram', url: 'https://t.me/mariajose' },
        { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
        { platform: 'other', url: 'https://maria.example/trabajos', label: 'Portafolio <b>' },
      ],
    });
    const body = (await get(`/${owner.username}`)).body;
    for (const name of ['GitHub', 'Mastodon', 'Threads', 'Telegram', 'WhatsApp']) {
      expect(body).toContain(`aria-label="${name}"`);
    }
    expect(body).toContain(
      '<a href="https://wa.me/34600123456" rel="me nofollow ugc" aria-label="WhatsApp" title="WhatsApp">',
    );
    expect(body).toContain('aria-label="Portafolio &lt;b&gt;"');
    expect(body).toContain('<h1>María José García López</h1>');
    expect(body).toContain('<meta itemprop="givenName" content="María José">');
    expect(body).toContain('<meta itemprop="familyName" content="García López">');
  });

  it('is small: HTML with its CSS under 30 KB, even with every field and many links', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id, {
      name: 'Maximiliano Alejandro de la Fuente y Rodríguez',
      position: 'Senior Vice President of International Business Development',
      company: 'Compañía Internacional de Tarjetas Digitales, S.A.',
      photo: await storePhoto(t),
      social_links: ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube'].map((platform) => ({
        platform,
        url: `https://${platform}.example.com/maximiliano-alejandro`,
      })),
    });
    for (let index = 0; index < 20; index++) {
      await addLink(t.db, owner.id, {
        title: `A rather long link title number ${index}`,
        url: `https://example.com/${index}`,
        order_index: index,
      });
    }
    const response = await get(`/${owner.username}`);
    expect(response.statusCode).toBe(200);
    expect(Buffer.byteLength(response.body)).toBeLessThan(30 * 1024);
  });

  it('escapes every piece of user text and never links anything but http(s)', async () => {
    const owner = await createOwner(t.db, { name: '<script>alert(1)</script>' });
    await addVcard(t.db, owner.id, {
      name: '<script>alert(1)</script>',
      position: '"><img src=x onerror=alert(1)>',
      company: "O'Brien & <b>Sons</b>",
      website: 'javascript:alert(1)',
      email: 'x@example.com" onclick="alert(1)',
      phone: '"><svg onload=alert(1)>',
      social_links: [
        { platform: 'linkedin', url: 'javascript:alert(2)' },
        { platform: '"><script>alert(3)</script>', url: 'https://ok.example' },
      ],
      background_color: 'red;}</style><script>alert(4)</script>',
    });
    await addLink(t.db, owner.id, { title: '<img src=x onerror=alert(5)>', url: 'javascript:alert(5)' });
    await addLink(t.db, owner.id, { title: 'Data', url: 'data:text/html,<script>alert(6)</script>' });

    const response = await get(`/${owner.username}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/<img src=x/i);
    expect(body).not.toMatch(/<svg onload/i);
    expect(body).not.toMatch(/<b>Sons/);
    expect(body).not.toMatch(/href="(?:javascript|data):/i);
    expect(body).not.toContain('onclick="');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('O&#39;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;');
    // a bad colour never reaches the CSS: the default is used
    expect(body).toContain('--bg:#00C2FF');
    // the website and the bad links are simply left out
    expect(body).not.toContain('>Website<');
    expect(body).not.toContain('Data</a>');
  });

  it('reads the default colours so that text stays readable (white on light cyan is replaced)', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id, {
      background_color: '#00C2FF',
      font_color: '#FFFFFF',
      icon_color: '#FFFFFF',
    });
    const response = await get(`/${owner.username}`);
    expect(response.body).toContain('--bg:#00C2FF;--fg:#000000;--icon:#000000');
  });

  it('shows the primary vCard at /{username}, or the oldest when none is chosen', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id, { name: 'Oldest Card', created_at: new Date(Date.now() - DAY) });
    const newer = await addVcard(t.db, owner.id, { name: 'Newer Card' });
    expect((await get(`/${owner.username}`)).body).toContain('<h1>Oldest Card</h1>');

    await t.db.updateTable('profiles').set({ primary_vcard_id: newer }).where('id', '=', owner.id).execute();
    changes.publish({ userId: owner.id, topic: 'cards' });
    expect((await get(`/${owner.username}`)).body).toContain('<h1>Newer Card</h1>');
  });

  it('serves /user/{username} and /vcard/{id}, each with the QR code of its own URL', async () => {
    const owner = await createOwner(t.db);
    const first = await addVcard(t.db, owner.id, {
      name: 'First Card',
      created_at: new Date(Date.now() - DAY),
    });
    const second = await addVcard(t.db, owner.id, { name: 'Second Card' });

    const byUser = await get(`/user/${owner.username}`);
    expect(byUser.statusCode).toBe(200);
    expect(byUser.body).toContain('<h1>First Card</h1>');
    expect(byUser.body).toContain(await qrSvg(`${TEST_ORIGIN}/user/${owner.username}`));
    expect(byUser.body).not.toContain(await qrSvg(`${TEST_ORIGIN}/${owner.username}`));

    const byVcard = await get(`/vcard/${second}`);
    expect(byVcard.statusCode).toBe(200);
    expect(byVcard.body).toContain('<h1>Second Card</h1>');
    expect(byVcard.body).toContain(await qrSvg(`${TEST_ORIGIN}/vcard/${second}`));
    expect(byVcard.body).toContain(`href="/vcard/${second}/contact.vcf"`);
    expect((await get(`/vcard/${first}`)).body).toContain('<h1>First Card</h1>');
  });

  it('sends Open Graph and Twitter tags with a raster image of the exact size', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, { photo: await storePhoto(t) });
    const response = await get(`/${owner.username}`);
    const body = response.body;
    expect(metaContent(body, 'og:type')).toBe('profile');
    expect(metaContent(body, 'og:title')).toBe('Ada Lovelace');
    expect(metaContent(body, 'og:description')).toBe('Engineer at Analytical Engines');
    expect(metaContent(body, 'og:url')).toBe(`${TEST_ORIGIN}/${owner.username}`);
    expect(metaContent(body, 'twitter:card')).toBe('summary');
    const image = metaContent(body, 'og:image') ?? '';
    expect(image.startsWith(`${TEST_ORIGIN}/vcard/${vcardId}/og.jpg?v=`)).toBe(true);
    expect(metaContent(body, 'twitter:image')).toBe(image);
    const width = Number(metaContent(body, 'og:image:width'));
    const height = Number(metaContent(body, 'og:image:height'));

    const picture = await get(image.slice(TEST_ORIGIN.length));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(picture.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'jpeg',
      width,
      height,
    });
    expect(body).toMatch(/<img class="avatar" src="\/media\/[0-9a-f]{32}\.jpg" alt="Photo of Ada Lovelace"/);
  });

  it('draws a picture of the same size for a card without a photo', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id);
    const picture = await get(`/vcard/${vcardId}/og.jpg`);
    expect(picture.statusCode).toBe(200);
    const metadata = await sharp(picture.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 600, 600]);
  });

  it('sends the page gzipped to browsers that accept it', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id);
    const plain = await get(`/${owner.username}`);
    const zipped = await get(`/${owner.username}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    // the cache keeps the gzip bytes only: a client without gzip gets them unzipped, whole
    const plainAgain = await get(`/${owner.username}`);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body).toBe(plain.body);
    expect(Number(plainAgain.headers['content-length'])).toBe(plainAgain.rawPayload.length);
  });

  it('answers from the warm cache with the same security headers as every other answer, and HEAD without a body', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id);
    const cold = await get(`/${owner.username}`);
    const warm = await get(`/${owner.username}`, { 'accept-encoding': 'gzip' });
    const head = await t.app.inject({ method: 'HEAD', url: `/${owner.username}` });
    const other = await t.app.inject({ method: 'GET', url: '/health' });
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ]) {
      expect(warm.headers[name], name).toBe(other.headers[name]);
      expect(cold.headers[name], name).toBe(other.headers[name]);
    }
    expect(warm.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(warm.headers['content-length'])).toBe(warm.rawPayload.length);
    expect(warm.headers['content-language']).toBe('en');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(cold.body));
  });

  it('lets browsers and CDNs store the page only if they ask again each time (304 with the ETag)', async () => {
    const owner = await createOwner(t.db);
    await addVcard(t.db, owner.id);
    const first = await get(`/${owner.username}`);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    const again = await get(`/${owner.username}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

// --- routing ----------------------------------------------------------------------------------------------

describe('routing', () => {
  it("leaves the client's pages, reserved names and other paths to the client", async () => {
    for (const url of ['/', '/login', '/dashboard', '/onboarding', '/privacy']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of ['/admin', '/api', '/favicon.gif', '/robots.txt', '/a', '/-bad-', '/no_underscores']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await get('/health')).json()).toMatchObject({ status: 'ok' });
    expect((await get('/assets/index-test1234.js')).statusCode).toBe(200);
    expect((await get('/api/nothing')).json()).toMatchObject({ reason: 'not_found' });
  });

  it('sends a username with capitals to its lowercase page', async () => {
    const response = await get('/Some-Name');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/some-name');
  });
});

// --- availability -----------------------------------------------------------------------------------------

describe('availability (spec section 4)', () => {
  it('shows a free profile while its trial runs, and the unavailable page (403) once it has ended', async () => {
    const running = await createOwner(t.db, { plan: 'free', trialStart: new Date(Date.now() - 13 * DAY) });
    await addVcard(t.db, running.id);
    expect((await get(`/${running.username}`)).statusCode).toBe(200);

    const ended = await createOwner(t.db, { plan: 'free', trialStart: new Date(Date.now() - 15 * DAY) });
    const vcardId = await addVcard(t.db, ended.id);
    expectUnavailable(await get(`/${ended.username}`), 403);
    expectUnavailable(await get(`/user/${ended.username}`), 403);
    expectUnavailable(await get(`/vcard/${vcardId}`), 403);
    expectUnavailable(await get(`/vcard/${vcardId}/contact.vcf`), 403);
    expect((await get(`/vcard/${vcardId}/og.jpg`)).statusCode).toBe(403);
  });

  it('shows a paid profile with a future or no subscription end, not one with a past end', async () => {
    const future = await createOwner(t.db, { plan: 'pro', subscriptionEnd: new Date(Date.now() + DAY) });
    await addVcard(t.db, future.id);
    expect((await get(`/${future.username}`)).statusCode).toBe(200);

    const past = await createOwner(t.db, {
      plan: 'business',
      subscriptionEnd: new Date(Date.now() - DAY),
      trialStart: new Date(Date.now() - 30 * DAY),
    });
    await addVcard(t.db, past.id);
    expectUnavailable(await get(`/${past.username}`), 403);
    // a paid plan that ended while the free trial still runs is on the trial's free rules: online
    const duringTrial = await createOwner(t.db, {
      plan: 'business',
      subscriptionEnd: new Date(Date.now() - DAY),
    });
    await addVcard(t.db, duringTrial.id);
    expect((await get(`/${duringTrial.username}`)).statusCode).toBe(200);
  });

  it('answers an unknown username or vCard with the unavailable page and 404', async () => {
    expectUnavailable(await get('/nobody-has-this-name'), 404);
    expectUnavailable(await get('/user/nobody-has-this-name'), 404);
    expectUnavailable(await get(`/vcard/${randomUUID()}`), 404);
    expectUnavailable(await get('/vcard/not-a-uuid'), 404);
    expectUnavailable(await get(`/vcard/${randomUUID()}/contact.vcf`), 404);
  });

  it('answers 503 with the unavailable page when the profile cannot be loaded', async () => {
    const broken = await buildTestApp();
    try {
      await broken.db.destroy();
      const response = await get('/someone-else', {}, broken);
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('Profile Temporarily Unavailable');
      expect(response.headers['retry-after']).toBe('30');
    } finally {
      await broken.close();
    }
  });
});

// --- language ---------------------------------------------------------------------------------------------

describe('language', () => {
  it("speaks the visitor's language (Accept-Language), else the owner's", async () => {
    const owner = await createOwner(t.db, { language: 'es' });
    await addVcard(t.db, owner.id);

    const spanish = await get(`/${owner.username}`, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(spanish.body).toContain('Guardar contacto');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers.vary).toContain('accept-language');

    const english = await get(`/${owner.username}`, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.body).toContain('Save contact');
    expect(english.headers['content-language']).toBe('en');

    const englishOwner = await createOwner(t.db, { language: 'en' });
    await addVcard(t.db, englishOwner.id);
    const visitor = await get(`/${englishOwner.username}`, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(visitor.body).toContain('Guardar contacto');
    expect(visitor.body).toContain('Engineer en Analytical Engines');
  });

  it("shows the unavailable page in the visitor's language too", async () => {
    const response = await get('/nobody-at-all', { 'accept-language': 'es' });
    expect(response.body).toContain('Perfil temporalmente no disponible');
    expect(response.headers['content-language']).toBe('es');
  });
});

// --- views ------------------------------------------------------------------------------------------------

describe('view counting', () => {
  it('counts one view per GET of an available page, and nothing for HEAD, bots, link previews or the .vcf', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id);
    await get(`/${owner.username}`);
    await get(`/vcard/${vcardId}`);

    await t.app.inject({
      method: 'HEAD',
      url: `/${owner.username}`,
      headers: { 'user-agent': IPHONE_SAFARI },
    });
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'WhatsApp/2.23.20.0 A',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ]) {
      const response = await get(`/${owner.username}`, { 'user-agent': agent });
      expect(response.statusCode).toBe(200);
    }
    await get(`/${owner.username}`, { 'sec-purpose': 'prefetch' });
    await get(`/vcard/${vcardId}/contact.vcf`);
    await get(`/vcard/${vcardId}/og.jpg`);

    await vi.waitFor(async () => expect(await viewCount(owner.id)).toBe(2), { timeout: 5_000 });
    const rows = await t.db
      .selectFrom('profile_views')
      .select('vcard_id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(new Set(rows.map((row) => row.vcard_id))).toEqual(new Set([vcardId]));
    // and no more arrive later
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await viewCount(owner.id)).toBe(2);
  });

  it('counts nothing for an unavailable profile', async () => {
    const owner = await createOwner(t.db, { plan: 'free', trialStart: new Date(Date.now() - 30 * DAY) });
    await addVcard(t.db, owner.id);
    await get(`/${owner.username}`);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await viewCount(owner.id)).toBe(0);
  });

  it('writes the queued views when the app closes', async () => {
    const bus = createLocalChangeBus();
    const heard: Change[] = [];
    bus.subscribe((change) => heard.push(change));
    const app = await buildTestApp({}, { changes: bus });
    try {
      const owner = await createOwner(app.db);
      await addVcard(app.db, owner.id);
      await get(`/${owner.username}`, {}, app);
      expect(heard).toEqual([]);
      await app.app.close();
      // a 'views' notice is published after the rows were written
      expect(heard).toEqual([{ userId: owner.id, topic: 'views' }]);
    } finally {
      await app.close();
    }
  });

  it('writes views in batches, and keeps what the database did not take until it is written once', async () => {
    const owner = await createOwner(t.db);
    const logs = pino({ level: 'silent' });
    const recorder = createViewRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, {
      flushDelayMs: 60_000,
      batchSize: 3,
    });
    const view = { ...visitFacts(), userId: owner.id, vcardId: null };
    for (let index = 0; index < 7; index++) recorder.record(view);
    await recorder.flush();
    expect(await viewCount(owner.id)).toBe(7);

    // the database away at close: the views go to the spill file, and the next start writes them
    const spillDir = temporaryDir();
    const logger = pino({ level: 'silent' });
    const errors = vi.spyOn(logger, 'error');
    const unreachable = unreachableDatabase();
    const failing = createViewRecorder(unreachable, createLocalChangeBus(), logger, forgetfulVisitors, {
      spillDir,
      closeRetryMs: 200,
    });
    for (let index = 0; index < 3; index++) failing.record(view);
    await failing.flush();
    await unreachable.destroy();
    expect(errors).toHaveBeenCalledOnce();
    expect(failing.queue.totals).toMatchObject({ counted: 3, spilled: 3, dropped: 0 });
    const spilled = spillFiles(spillDir);

    const next = createViewRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, { spillDir });
    await vi.waitFor(async () => expect(await viewCount(owner.id)).toBe(10), { timeout: 10_000 });
    await next.flush();
    // the same file replayed again (a crash before it was deleted): its batch is known, nothing counts twice
    restoreSpillFiles(spillDir, spilled);
    const again = createViewRecorder(t.db, createLocalChangeBus(), logs, forgetfulVisitors, { spillDir });
    await vi.waitFor(() => expect(spillFiles(spillDir).size).toBe(0), { timeout: 10_000 });
    expect(again.queue.totals).toMatchObject({ replayed: 3, written: 0 });
    await again.flush();
    expect(await viewCount(owner.id)).toBe(10);
  });
});

// --- cache ------------------------------------------------------------------------------------------------

describe('the page cache', () => {
  it("keeps the page until the owner's change notice, then shows the change", async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, { name: 'Before Change' });
    expect((await get(`/${owner.username}`)).body).toContain('Before Change');
    expect((await get(`/vcard/${vcardId}/contact.vcf`)).body).toContain('FN:Before Change');

    await t.db.updateTable('vcards').set({ name: 'After Change' }).where('id', '=', vcardId).execute();
    await addLink(t.db, owner.id, { title: 'New link', url: 'https://new.example' });
    // nobody announced it: still the cached page
    expect((await get(`/${owner.username}`)).body).toContain('Before Change');
    // someone else's change does not drop it either
    changes.publish({ userId: randomUUID(), topic: 'cards' });
    expect((await get(`/${owner.username}`)).body).toContain('Before Change');

    changes.publish({ userId: owner.id, topic: 'cards' });
    const page = (await get(`/${owner.username}`)).body;
    expect(page).toContain('After Change');
    expect(page).toContain('New link');
    expect((await get(`/vcard/${vcardId}/contact.vcf`)).body).toContain('FN:After Change');
  });

  it('drops everything when the change bus says notices may have been missed', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, { name: 'Before Reset' });
    expect((await get(`/${owner.username}`)).body).toContain('Before Reset');
    await t.db.updateTable('vcards').set({ name: 'After Reset' }).where('id', '=', vcardId).execute();
    changes.reset();
    expect((await get(`/${owner.username}`)).body).toContain('After Reset');
  });
});

describe('the page cache across processes (Postgres)', needsPostgres(), () => {
  it('is dropped in every process on a change notice from any of them', async () => {
    const first = await buildTestApp();
    const second = await buildTestApp({ database: first.config.database });
    const publisher = await createPostgresChangeBus(
      (first.config.database as { url: string }).url,
      pino({ level: 'silent' }),
    );
    try {
      const owner = await createOwner(first.db);
      const vcardId = await addVcard(first.db, owner.id, { name: 'Shared Before' });
      for (const app of [first, second]) {
        expect((await get(`/${owner.username}`, {}, app)).body).toContain('Shared Before');
      }
      await first.db.updateTable('vcards').set({ name: 'Shared After' }).where('id', '=', vcardId).execute();
      publisher.publish({ userId: owner.id, topic: 'cards' });
      for (const app of [first, second]) {
        await vi.waitFor(
          async () => expect((await get(`/${owner.username}`, {}, app)).body).toContain('Shared After'),
          { timeout: 5_000 },
        );
      }
    } finally {
      await publisher.close();
      await second.close();
      await first.close();
    }
  });
});

// --- .vcf -------------------------------------------------------------------------------------------------

describe('Save contact (.vcf)', () => {
  it('downloads the card as a vCard named after the person, with the photo embedded', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, {
      name: 'José Núñez',
      company: 'ACME, Inc.',
      position: 'Jefe de Ventas, Iberia',
      website: 'https://example.com/?ids=1,2',
      photo: await storePhoto(t),
      social_links: [
        { platform: 'linkedin', url: 'https://www.linkedin.com/in/jose' },
        { platform: 'twitter', url: 'javascript:alert(1)' },
      ],
    });
    const response = await get(`/vcard/${vcardId}/contact.vcf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Jose Nunez.vcf"; filename*=UTF-8''Jos%C3%A9%20N%C3%BA%C3%B1ez.vcf`,
    );
    expect(response.rawPayload.subarray(0, 3)).not.toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const card = new ICAL.Component(ICAL.parse(response.body));
    expect(card.getFirstPropertyValue('fn')).toBe('José Núñez');
    expect(card.getFirstPropertyValue('org')).toBe('ACME, Inc.');
    expect(card.getFirstPropertyValue('title')).toBe('Jefe de Ventas, Iberia');
    expect(card.getFirstPropertyValue('email')).toBe('ada@example.com');
    expect(card.getFirstPropertyValue('uid')).toBe(`urn:uuid:${vcardId}`);
    const unfolded = response.body.replace(/\r\n /g, '');
    expect(unfolded).toContain('URL;TYPE=WORK:https://example.com/?ids=1%2C2\r\n');
    expect(unfolded).toContain('X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/jose\r\n');
    expect(unfolded).not.toContain('javascript:');
    const photo = /PHOTO;ENCODING=b;TYPE=JPEG:([A-Za-z0-9+/=]+)\r\n/.exec(unfolded)?.[1] ?? '';
    const metadata = await sharp(Buffer.from(photo, 'base64')).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.width).toBe(metadata.height);
  });

  itWithVobject(
    'a company card: department, both phones and the address on the page and in the .vcf',
    async () => {
      const owner = await createOwner(t.db);
      const vcardId = await addVcard(t.db, owner.id, {
        department: 'Ventas',
        work_phone: '+34 955 000 111',
        address: JSON.stringify({
          street: 'Calle Sierpes 12',
          city: 'Sevilla',
          region: 'Andalucía',
          postalCode: '41004',
          country: 'España',
        }),
      });
      const page = (await get(`/vcard/${vcardId}`)).body;
      expect(page).toContain('Engineer, Ventas at Analytical Engines');
      expect(page).toContain('href="tel:+442079460000"><span class="dot">');
      expect(page).toContain('Call mobile</a>');
      expect(page).toContain('href="tel:+34955000111"');
      expect(page).toContain('Call work</a>');
      expect(page).toContain(
        '<address>Calle Sierpes 12<br>41004 Sevilla, Andalucía<br>España</address>' +
          '<a href="https://www.openstreetmap.org/search?query=Calle%20Sierpes%2012%2C%2041004%20Sevilla%2C%20Andaluc%C3%ADa%2C%20Espa%C3%B1a" rel="nofollow noopener">Open in maps</a>',
      );

      const properties = readWithVobject((await get(`/vcard/${vcardId}/contact.vcf`)).body)[0] ?? [];
      const all = (name: string) => properties.filter(([key]) => key === name).map(([, value]) => value);
      expect(all('org')).toEqual([['Analytical Engines', 'Ventas']]);
      expect(all('tel')).toEqual(['+44 20 7946 0000', '+34 955 000 111']);
      expect(all('adr')).toEqual([['', '', 'Calle Sierpes 12', 'Sevilla', 'Andalucía', '41004', 'España']]);
    },
  );

  itWithVobject('keeps a card stored before the text rule whole: one vCard, its text intact', async () => {
    const owner = await createOwner(t.db);
    // rows written before src/text.ts refused control and invisible characters
    const name = 'Ana\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Injected \u202Efdp.exe; a,b\\c';
    const vcardId = await addVcard(t.db, owner.id, {
      name,
      company: 'ACME;\nEND:VCARD',
      website: 'https://ada.example.com/a,b;c\r\nEND:VCARD',
      social_links: [{ platform: 'linkedin\r\nX', url: 'https://www.linkedin.com/in/ana,lee' }],
    });
    const response = await get(`/vcard/${vcardId}/contact.vcf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).not.toMatch(/[\u202e\r\n]|%E2%80%AE/i);
    const read = name.replace(/\r\n/g, '\n');
    expect(new ICAL.Component(ICAL.parse(response.body)).getFirstPropertyValue('fn')).toBe(read);
    const cards = readWithVobject(response.body);
    expect(cards).toHaveLength(1);
    const properties = cards[0] ?? [];
    expect(properties.filter(([key]) => key === 'fn').map(([, value]) => value)).toEqual([read]);
    expect(properties.filter(([key]) => key === 'url').map(([, value]) => value)).toEqual([
      'https://ada.example.com/a%2Cb%3BcEND:VCARD',
      'https://www.linkedin.com/in/ana%2Clee',
    ]);
  });

  it('files the contact under the saved family name, with the social profiles and the live profile links', async () => {
    const owner = await createOwner(t.db, { plan: 'free', language: 'en' });
    const vcardId = await addVcard(t.db, owner.id, {
      name: 'María José García López',
      given_name: 'María José',
      family_name: 'García López',
      website: 'https://www.linkedin.com/in/maría-núñez-güell?ref=tarjeta,qr;v=2',
      social_links: [
        { platform: 'github', url: 'https://github.com/mariajose' },
        { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
        { platform: 'other', url: 'https://maría.example/portafolio', label: 'Portafolio' },
      ],
    });
    const created = Date.now();
    // the links page's order, not the order they were made in; over the free plan's limit: paused
    const limit = PLANS.free.limits.links;
    for (let index = 0; index <= limit; index += 1) {
      await addLink(t.db, owner.id, {
        title: `Link ${limit - index}`,
        url: `https://links.example/${limit - index}`,
        order_index: limit - index,
        created_at: new Date(created + index * 1000),
      });
    }
    await addLink(t.db, owner.id, { title: 'Managed', url: 'https://m.example', vcard_id: vcardId });

    const body = (await get(`/vcard/${vcardId}/contact.vcf`)).body;
    const card = new ICAL.Component(ICAL.parse(body));
    expect(card.getFirstPropertyValue('n')).toEqual(['García López', 'María José', '', '', '']);
    const unfolded = body.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'URL;TYPE=WORK:https://www.linkedin.com/in/maría-núñez-güell?ref=tarjeta%2Cqr%3Bv=2\r\n',
    );
    expect(unfolded).toContain('X-SOCIALPROFILE;TYPE=github:https://github.com/mariajose\r\n');
    expect(unfolded).toContain('X-SOCIALPROFILE;TYPE=whatsapp:https://wa.me/34600123456\r\n');
    const labelled = [...unfolded.matchAll(/^(item\d+)\.URL:(.*)\r\n\1\.X-ABLabel:(.*)$/gm)].map(
      ([, , url, label]) => [url, label],
    );
    expect(labelled).toEqual([
      ['https://maría.example/portafolio', 'Portafolio'],
      ...Array.from({ length: limit }, (_, index) => [`https://links.example/${index}`, `Link ${index}`]),
    ]);
    expect(unfolded).not.toContain('Managed');
  });

  itWithVobject('gives vobject the same name parts, profiles and labelled links', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, {
      name: 'María José García López',
      given_name: 'María José',
      family_name: 'García López',
      social_links: [{ platform: 'mastodon', url: 'https://mastodon.social/@mariajose' }],
    });
    await addLink(t.db, owner.id, { title: 'Agenda, citas', url: 'https://agenda.example/maría' });
    const properties = readWithVobject((await get(`/vcard/${vcardId}/contact.vcf`)).body)[0] ?? [];
    const all = (name: string) => properties.filter(([key]) => key === name).map(([, value]) => value);
    expect(all('n')).toEqual([['García López', 'María José', '', '', '']]);
    expect(all('x-socialprofile')).toEqual(['https://mastodon.social/@mariajose']);
    expect(all('x-ablabel')).toEqual(['Agenda, citas']);
    expect(all('url')).toContain('https://agenda.example/maría');
  });

  it("suggests the name parts in the owner's language for a card saved without them", async () => {
    const spanish = await createOwner(t.db, { language: 'es' });
    const english = await createOwner(t.db, { language: 'en' });
    const name = 'Juan García López';
    const [inSpanish, inEnglish] = await Promise.all([
      addVcard(t.db, spanish.id, { name }),
      addVcard(t.db, english.id, { name }),
    ]);
    const n = async (vcardId: string) =>
      new ICAL.Component(ICAL.parse((await get(`/vcard/${vcardId}/contact.vcf`)).body)).getFirstPropertyValue(
        'n',
      );
    expect(await n(inSpanish)).toEqual(['García López', 'Juan', '', '', '']);
    expect(await n(inEnglish)).toEqual(['López', 'Juan García', '', '', '']);
  });

  it('is made again when a profile link is added, renamed, reordered or deleted', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId, { name: 'Link Owner' });
    const labels = async () => {
      const body = (await get(`/vcard/${vcardId}/contact.vcf`)).body.replace(/\r\n /g, '');
      return [...body.matchAll(/^item\d+\.X-ABLabel:(.*)$/gm)].map(([, label]) => label?.trim());
    };
    expect(await labels()).toEqual([]);
    const create = (title: string) =>
      trpcMutate(t.app, 'links.createProfileLink', owner.cookie, {
        title,
        url: `https://x.example/${title}`,
      });
    const first = trpcData<{ id: string }>(await create('First'));
    const second = trpcData<{ id: string }>(await create('Second'));
    expect(await labels()).toEqual(['First', 'Second']);

    const rename = await trpcMutate(t.app, 'links.updateProfileLink', owner.cookie, {
      id: first.id,
      title: 'Renamed',
      url: 'https://x.example/renamed',
      baseVersion: await versionOf(t.db, 'links', first.id),
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await labels()).toEqual(['Renamed', 'Second']);

    const reorder = await trpcMutate(t.app, 'links.reorderProfileLinks', owner.cookie, {
      ids: [second.id, first.id],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(await labels()).toEqual(['Second', 'Renamed']);

    expect((await trpcMutate(t.app, 'links.delete', owner.cookie, { id: second.id })).statusCode).toBe(200);
    expect(await labels()).toEqual(['Renamed']);
  });

  it('names a file with nothing to keep "contact"', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id, { name: '"/\\' });
    const response = await get(`/vcard/${vcardId}/contact.vcf`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="contact.vcf"; filename*=UTF-8''contact.vcf`,
    );
  });
});
