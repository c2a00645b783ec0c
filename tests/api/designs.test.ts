import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TEXTS } from '../../server/leads/texts.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { DEFAULT_LEAD_FORM } from '../../src/schemas/lead.ts';
import {
  addVcard,
  buyPlan,
  createOwner,
  createSignedInOwner,
  designInput,
  setTrialEnd,
  versionOf,
} from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcError,
  trpcMutate,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Card designs (customBranding) and the ad-free footer (adFree): what a plan
// shows on the public page, what a downgrade keeps, the preview, the fonts, and the bad inputs.

const DAY = 24 * 60 * 60 * 1000;
const FOOTER = 'Made with Tapcard';

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

function page(path: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': IPHONE_SAFARI } });
}

async function designedOwner(plan: 'pro' | 'business' = 'pro') {
  const owner = await createSignedInOwner(t, { plan });
  const vcardId = await addVcard(t.db, owner.userId);
  const logo = await uploadTestPhoto(t.app, owner.cookie);
  const cover = await uploadTestPhoto(t.app, owner.cookie);
  const input = designInput(vcardId, {
    layout: 'left',
    font: 'lora',
    buttonStyle: 'outline',
    cover: 'image',
    coverImage: cover,
    logo,
  });
  const saved = await trpcMutate(t.app, 'designs.save', owner.cookie, input);
  expect(saved.statusCode).toBe(200);
  return { ...owner, vcardId, logo, cover, input };
}

const savedDesign = async (vcardId: string) =>
  (await t.db.selectFrom('vcards').select('design').where('id', '=', vcardId).executeTakeFirstOrThrow())
    .design;

function expectDesigned(body: string, logo: string, cover: string) {
  expect(body).toContain(`<img class="logo" src="${logo}"`);
  expect(body).toContain(`<img class="banner" src="${cover}"`);
  // the font from this server, never from another
  expect(body).toMatch(/url\(\/fonts\/[\d.]+\/lora-latin-wght-normal\.woff2\)/);
  expect(body).not.toMatch(/https?:\/\/(?!localhost)[^"')]*\.woff2/);
}

function expectFreeDesign(body: string) {
  expect(body).not.toContain('class="logo"');
  expect(body).not.toContain('class="banner"');
  expect(body).not.toContain('/fonts/');
}

describe('a saved design on the public page', () => {
  it('shows for Pro, without the footer', async () => {
    const owner = await designedOwner();
    const response = await page(`/vcard/${owner.vcardId}`);
    expect(response.statusCode).toBe(200);
    expectDesigned(response.body, owner.logo, owner.cover);
    expect(response.body).not.toContain(FOOTER);
    expect(await savedDesign(owner.vcardId)).toEqual(owner.input.design);
  });

  it('falls back to the free design after a downgrade, keeps the settings, and comes back with a purchase', async () => {
    const owner = await designedOwner();
    // the paid plan is over: back on a running free trial
    await setTrialEnd(t.db, owner.userId, new Date(Date.now() + 5 * DAY));
    changes.publish({ userId: owner.userId, topic: 'cards' });
    const downgraded = await page(`/vcard/${owner.vcardId}`);
    expect(downgraded.statusCode).toBe(200);
    expectFreeDesign(downgraded.body);
    expect(downgraded.body).toContain(FOOTER);
    expect(await savedDesign(owner.vcardId)).toEqual(owner.input.design);
    // and the design screen's writes are refused meanwhile
    const refused = await trpcMutate(t.app, 'designs.save', owner.cookie, owner.input);
    expect(trpcError(refused).data.reason).toBe('plan_required');

    await buyPlan(t, owner.cookie, 'pro');
    const restored = await page(`/vcard/${owner.vcardId}`);
    expectDesigned(restored.body, owner.logo, owner.cover);
    expect(restored.body).not.toContain(FOOTER);
  });
});

describe('the "Made with Tapcard" footer', () => {
  it.each([
    ['free', true],
    ['pro', false],
    ['business', false],
  ] as const)('on a %s page: %s', async (plan, shown) => {
    const owner = await createOwner(t.db, { plan });
    await addVcard(t.db, owner.id);
    const response = await page(`/${owner.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.body.includes(`<footer><a href="/">${FOOTER}</a></footer>`)).toBe(shown);
  });
});

describe('designs.save refuses', () => {
  it.each([
    ['not an image', Buffer.from('not an image'), 415, 'invalid_image'],
    ['larger than 5 MB', Buffer.alloc(6 * 1024 * 1024, 7), 413, 'payload_too_large'],
  ] as const)(
    'a logo that is %s: the upload is refused and nothing is stored',
    async (_what, bytes, status, reason) => {
      const owner = await createSignedInOwner(t, { plan: 'pro' });
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
      const response = await injectFromApp(t.app, {
        method: 'POST',
        url: '/api/media/photos',
        headers: { cookie: owner.cookie },
        payload: form,
      });
      expect(response.statusCode).toBe(status);
      expect((response.json() as { reason: string }).reason).toBe(reason);
      const media = await t.db
        .selectFrom('media')
        .select('key')
        .where('user_id', '=', owner.userId)
        .execute();
      expect(media).toEqual([]);
    },
  );

  it("a logo or cover that is not the owner's upload, and changes nothing", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const other = await createSignedInOwner(t, { plan: 'pro' });
    const othersPhoto = await uploadTestPhoto(t.app, other.cookie);
    const vcardId = await addVcard(t.db, owner.userId);
    for (const design of [{ logo: othersPhoto }, { cover: 'image' as const, coverImage: othersPhoto }]) {
      const response = await trpcMutate(t.app, 'designs.save', owner.cookie, designInput(vcardId, design));
      expect(trpcError(response).data.reason).toBe('validation_failed');
    }
    const badPath = await trpcMutate(
      t.app,
      'designs.save',
      owner.cookie,
      designInput(vcardId, { logo: 'https://elsewhere.example/logo.png' }),
    );
    expect(trpcError(badPath).data.reason).toBe('validation_failed');
    expect(await savedDesign(vcardId)).toBeNull();
  });

  it("another account's vCard (not_found)", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const other = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, other.userId);
    const response = await trpcMutate(t.app, 'designs.save', owner.cookie, designInput(vcardId));
    expect(trpcError(response).data.reason).toBe('not_found');
    expect(await savedDesign(vcardId)).toBeNull();
  });
});

describe('a logo and cover no card uses any more', () => {
  const mediaOf = async (userId: string) =>
    (await t.db.selectFrom('media').select('key').where('user_id', '=', userId).execute()).map(
      (row) => `/media/${row.key}`,
    );

  it('are deleted when replaced and when their vCard is deleted, and kept while in use', async () => {
    const owner = await designedOwner();
    expect(await mediaOf(owner.userId)).toEqual(expect.arrayContaining([owner.logo, owner.cover]));
    const newLogo = await uploadTestPhoto(t.app, owner.cookie);
    const replaced = await trpcMutate(t.app, 'designs.save', owner.cookie, {
      ...owner.input,
      design: { ...owner.input.design, logo: newLogo },
      baseVersion: await versionOf(t.db, 'vcards', owner.vcardId),
    });
    expect(replaced.statusCode).toBe(200);
    const afterReplace = await mediaOf(owner.userId);
    expect(afterReplace).not.toContain(owner.logo);
    expect(afterReplace).toEqual(expect.arrayContaining([newLogo, owner.cover]));

    const deleted = await trpcMutate(t.app, 'vcards.delete', owner.cookie, { id: owner.vcardId });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await mediaOf(owner.userId);
    expect(afterDelete).not.toContain(newLogo);
    expect(afterDelete).not.toContain(owner.cover);
  });
});

describe('the card preview', () => {
  const preview = (cookie: string, body: object, headers: Record<string, string> = {}) =>
    injectFromApp(t.app, {
      method: 'POST',
      url: '/api/designs/preview',
      headers: { cookie, ...headers },
      payload: body,
    });
  const typedCard = {
    name: 'Ada King',
    company: 'Analytical Engines',
    position: 'Countess',
    // half-typed: shown as empty, the rest of the preview still drawn
    email: 'ada@',
    phone: '',
    website: '',
    photo: null,
    socialLinks: { github: 'https://github.com/ada-king' },
    otherLink: { label: '', url: '' },
  };

  it("renders the owner's card with the unsaved design, gzipped, stored nowhere", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId);
    const input = designInput(vcardId, { layout: 'dark', font: 'inter', cover: 'gradient' });
    const response = await preview(owner.cookie, input, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const body = gunzipSync(response.rawPayload).toString('utf8');
    expect(body).toContain('inter-latin-wght-normal.woff2');
    expect(body).toContain('<div class="banner" aria-hidden="true"></div>');
    expect(response.rawPayload.length).toBeLessThan(body.length / 2);
    expect(await savedDesign(vcardId)).toBeNull();

    const plain = await preview(owner.cookie, input);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it("draws the vCard editor's unsaved fields with the card's saved design", async () => {
    const owner = await designedOwner();
    const response = await preview(owner.cookie, {
      vcardId: owner.vcardId,
      colours: owner.input.colours,
      card: typedCard,
    });
    expect(response.statusCode).toBe(200);
    expectDesigned(response.body, owner.logo, owner.cover);
    expect(response.body).toContain('Ada King');
    expect(response.body).toContain('https://github.com/ada-king');
    expect(response.body).not.toContain('mailto:');
    expect(response.body).not.toContain(FOOTER);
    const saved = await t.db
      .selectFrom('vcards')
      .select(['name', 'email'])
      .where('id', '=', owner.vcardId)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('shows the contact form as set in the form, or as saved when the form sends none or a bad one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId, {
      lead_form: { ...DEFAULT_LEAD_FORM, enabled: true },
    });
    const shareTitle = `<summary>${LEAD_TEXTS.en.shareTitle}</summary>`;
    const shown = async (leadForm?: unknown) => {
      const response = await preview(owner.cookie, {
        ...designInput(vcardId),
        design: undefined,
        card: { ...typedCard, leadForm },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body.includes(shareTitle);
    };
    expect(await shown()).toBe(true);
    expect(await shown({ ...DEFAULT_LEAD_FORM, enabled: false })).toBe(false);
    // asking for no way back is not a form that saves: the saved one shows
    const unreachable = { ...DEFAULT_LEAD_FORM.fields, email: 'hidden', phone: 'hidden' };
    expect(await shown({ ...DEFAULT_LEAD_FORM, enabled: false, fields: unreachable })).toBe(true);
  });

  it("shows a Free card as its page shows it, and refuses a Free account's design", async () => {
    const free = await createSignedInOwner(t, { plan: 'free' });
    const freeCard = await addVcard(t.db, free.userId);
    const card = await preview(free.cookie, {
      ...designInput(freeCard),
      design: undefined,
      card: typedCard,
    });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('Ada King');
    expectFreeDesign(card.body);
    expect(card.body).toContain(FOOTER);

    const refused = await preview(free.cookie, designInput(freeCard));
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { reason: string }).reason).toBe('plan_required');
  });

  it("refuses another account's card and a bad input", async () => {
    const other = await createSignedInOwner(t, { plan: 'pro' });
    const othersCard = await addVcard(t.db, other.userId);
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const someoneElses = await preview(owner.cookie, designInput(othersCard));
    expect(someoneElses.statusCode).toBe(404);

    const ownCard = await addVcard(t.db, owner.userId);
    for (const bad of [
      { ...designInput(ownCard), vcardId: 'nope' },
      { ...designInput(ownCard), colours: { backgroundColour: 'red' } },
      { ...designInput(ownCard), design: { layout: 'sideways' } },
    ]) {
      const refused = await preview(owner.cookie, bad);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { reason: string }).reason).toBe('validation_failed');
    }
    const signedOut = await preview('', designInput(ownCard));
    expect(signedOut.statusCode).toBe(401);
    const foreign = await preview(owner.cookie, designInput(ownCard), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((foreign.json() as { reason: string }).reason).toBe('bad_origin');
  });
});

describe('GET /fonts', () => {
  it('serves the design fonts for a year, and nothing else', async () => {
    const owner = await designedOwner();
    const body = (await page(`/vcard/${owner.vcardId}`)).body;
    const fontPath = /url\((\/fonts\/[^)]+)\)/.exec(body)?.[1] ?? '';
    const font = await t.app.inject({ method: 'GET', url: fontPath });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({ method: 'GET', url: '/fonts/5.3.0/..%2Fpackage.json' });
    expect(other.statusCode).toBe(404);
  });
});
