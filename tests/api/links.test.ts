import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import type { PlanId } from '../../src/plans.ts';
import { PLANS } from '../../src/plans.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';

// QR codes and profile links (spec sections 2, 4 and 5): plan limits on every create,
// also under concurrent requests; only http(s) destinations; reorder all-or-nothing; nobody reaching
// another person's links; the vCard's own QR code left to its vCard.

let t: TestApp;
let changes: ReturnType<typeof createLocalChangeBus>;
const heard: Change[] = [];

beforeAll(async () => {
  changes = createLocalChangeBus();
  changes.subscribe((change) => heard.push(change));
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
  await changes?.close();
});

const mutate = (path: string, cookie: string, input?: unknown) => trpcMutate(t.app, path, cookie, input);
const query = (path: string, cookie: string, input?: unknown) => trpcQuery(t.app, path, cookie, input);

interface LinkItem {
  id: string;
  code: string;
  title: string;
  url: string;
  icon: string | null;
  scanCount: number;
  clickCount: number;
  vcardId: string | null;
  shortUrl: string;
  qrUrl: string;
  version: number;
}
interface LinkList {
  items: LinkItem[];
  used: number;
  limit: number;
}

/** A signed-in person on `plan` who has not made a card yet. */
const userOn = (plan: PlanId) => createSignedInOwner(t, { plan, username: null });

const qrCode = (index = 0) => ({
  title: `Menu ${index}`,
  url: `https://cafe.example/menu/${index}`,
  icon: '',
});
const profileLink = (index = 0) => ({ title: `Link ${index}`, url: `https://ana.example/${index}` });

async function createQrCode(cookie: string, index = 0): Promise<LinkItem> {
  const response = await mutate('links.createQrCode', cookie, qrCode(index));
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<LinkItem>(response);
}

async function createProfileLink(cookie: string, index = 0): Promise<LinkItem> {
  const response = await mutate('links.createProfileLink', cookie, profileLink(index));
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<LinkItem>(response);
}

const qrCodes = async (cookie: string) => trpcData<LinkList>(await query('links.qrCodes', cookie));
const profileLinks = async (cookie: string) => trpcData<LinkList>(await query('links.profileLinks', cookie));

function storedLinks(userId: string) {
  return t.db
    .selectFrom('links')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('order_index')
    .orderBy('created_at')
    .execute();
}

/** The vCard of a new card, with the QR code the vCard manages; returns that link. */
async function vcardQrCode(cookie: string): Promise<LinkItem> {
  const response = await mutate('vcards.create', cookie, { ...emptyVcardForm(), name: 'Ana López' });
  expect(response.statusCode, response.body).toBe(200);
  const managed = (await qrCodes(cookie)).items.find((item) => item.vcardId !== null);
  if (!managed) throw new Error('the vCard has no QR code');
  return managed;
}

function expectLimitReached(response: LightMyRequestResponse, resource: string, limit: number) {
  expect(response.statusCode).toBe(403);
  expect(trpcError(response).data).toMatchObject({
    reason: 'limit_reached',
    meta: { resource, limit },
  });
}

describe('QR codes', () => {
  it('creates a QR code with a short code, its short URL and the URL its image encodes', async () => {
    const { cookie, userId } = await userOn('free');
    const created = await createQrCode(cookie);
    expect(created).toMatchObject({
      title: 'Menu 0',
      url: 'https://cafe.example/menu/0',
      icon: null,
      scanCount: 0,
      clickCount: 0,
      vcardId: null,
      shortUrl: `${t.config.publicUrl}/l/${created.code}`,
      qrUrl: `${t.config.publicUrl}/l/${created.code}?qr`,
    });
    expect(created.code).toMatch(/^[0-9A-Za-z]{7,}$/);
    const [row] = await storedLinks(userId);
    expect(row).toMatchObject({ id: created.id, kind: 'qr', code: created.code, vcard_id: null });
  });

  it('lists the newest first, with the plan limit and how much of it is used', async () => {
    const { cookie } = await userOn('pro');
    const first = await createQrCode(cookie, 1);
    const second = await createQrCode(cookie, 2);
    const list = await qrCodes(cookie);
    expect(list.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(list).toMatchObject({ used: 2, limit: PLANS.pro.limits.qrCodes });
  });

  it('blocks the free plan at one QR code; the vCard’s own QR code does not count', async () => {
    const { cookie, userId } = await userOn('free');
    const managed = await vcardQrCode(cookie);
    expect(await qrCodes(cookie)).toMatchObject({ used: 0, limit: PLANS.free.limits.qrCodes });
    await createQrCode(cookie);
    expectLimitReached(
      await mutate('links.createQrCode', cookie, qrCode(2)),
      'qrCodes',
      PLANS.free.limits.qrCodes,
    );
    const list = await qrCodes(cookie);
    expect(list).toMatchObject({ used: 1, limit: PLANS.free.limits.qrCodes });
    expect(list.items).toHaveLength(2);
    expect(list.items.map((item) => item.id)).toContain(managed.id);
    expect((await storedLinks(userId)).filter((row) => row.vcard_id === null)).toHaveLength(1);
  });

  it('lets Pro create up to its limit and no more, even when the creates arrive at once', async () => {
    const { cookie, userId } = await userOn('pro');
    const limit = PLANS.pro.limits.qrCodes;
    const responses = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) => mutate('links.createQrCode', cookie, qrCode(index))),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(limit);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expectLimitReached(refused, 'qrCodes', limit);
    }
    expect(await storedLinks(userId)).toHaveLength(limit);
  });

  it('lets Business create beyond the Pro limit', async () => {
    const { cookie } = await userOn('business');
    const count = PLANS.pro.limits.qrCodes + 2;
    for (let index = 0; index < count; index += 1) await createQrCode(cookie, index);
    expect(await qrCodes(cookie)).toMatchObject({ used: count, limit: -1 });
  });

  it('changes the title, destination and icon, and keeps the code', async () => {
    const { cookie, userId } = await userOn('free');
    const created = await createQrCode(cookie);
    const response = await mutate('links.updateQrCode', cookie, {
      id: created.id,
      title: '  Winter menu ',
      url: 'https://cafe.example/winter',
      icon: '☕',
      baseVersion: created.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(trpcData<LinkItem>(response)).toMatchObject({
      id: created.id,
      code: created.code,
      title: 'Winter menu',
      url: 'https://cafe.example/winter',
      icon: '☕',
      qrUrl: created.qrUrl,
    });
    const [row] = await storedLinks(userId);
    expect(row).toMatchObject({
      code: created.code,
      title: 'Winter menu',
      url: 'https://cafe.example/winter',
    });
  });

  it('deletes a QR code, which makes room for another on the free plan', async () => {
    const { cookie, userId } = await userOn('free');
    const created = await createQrCode(cookie);
    expect((await mutate('links.delete', cookie, { id: created.id })).statusCode).toBe(200);
    expect(await storedLinks(userId)).toEqual([]);
    await createQrCode(cookie, 1);
  });

  it('leaves the vCard’s own QR code to its vCard: no edit, no delete', async () => {
    const { cookie, userId } = await userOn('free');
    const managed = await vcardQrCode(cookie);
    const before = await storedLinks(userId);
    const attempts = [
      await mutate('links.delete', cookie, { id: managed.id }),
      await mutate('links.updateQrCode', cookie, {
        ...qrCode(),
        id: managed.id,
        baseVersion: managed.version,
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(409);
      expect(trpcError(response).data.reason).toBe('link_managed_by_vcard');
    }
    expect(await storedLinks(userId)).toEqual(before);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)', M.urlScheme],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>', M.urlScheme],
    ['an ftp: URL', 'ftp://files.example/menu.pdf', M.urlScheme],
    ['a file: URL', 'file:///etc/passwd', M.urlScheme],
    ['text that is not a URL', 'cafe menu', M.linkUrlInvalid],
  ])('refuses %s on create and on edit, and stores nothing', async (_case, url, message) => {
    const { cookie, userId } = await userOn('pro');
    const created = await mutate('links.createQrCode', cookie, { ...qrCode(), url });
    expect(created.statusCode).toBe(400);
    expect(trpcError(created).data).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path: 'url', message }],
    });
    expect(await storedLinks(userId)).toEqual([]);

    const existing = await createQrCode(cookie);
    const before = await storedLinks(userId);
    const edited = await mutate('links.updateQrCode', cookie, {
      ...qrCode(),
      id: existing.id,
      url,
      baseVersion: existing.version,
    });
    expect(edited.statusCode).toBe(400);
    expect(trpcError(edited).data.fieldErrors).toEqual([{ path: 'url', message }]);
    expect(await storedLinks(userId)).toEqual(before);
  });

  it('refuses a blank title and a long icon with their messages', async () => {
    const { cookie, userId } = await userOn('pro');
    const response = await mutate('links.createQrCode', cookie, {
      title: ' ',
      url: 'https://cafe.example',
      icon: 'x'.repeat(51),
    });
    expect(trpcError(response).data.fieldErrors).toEqual([
      { path: 'title', message: M.linkTitleRequired },
      { path: 'icon', message: M.linkIconTooLong },
    ]);
    expect(await storedLinks(userId)).toEqual([]);
  });
});

describe('profile links', () => {
  it('adds links at the end of the list, with the plan limit', async () => {
    const { cookie } = await userOn('free');
    const added = [await createProfileLink(cookie, 0), await createProfileLink(cookie, 1)];
    const list = await profileLinks(cookie);
    expect(list.items.map((item) => item.id)).toEqual(added.map((item) => item.id));
    expect(list).toMatchObject({ used: 2, limit: PLANS.free.limits.links });
    // a profile link is not a QR code, and the reverse
    expect((await qrCodes(cookie)).items).toEqual([]);
  });

  it('caps the free plan at five links, also when the adds arrive at once', async () => {
    const { cookie, userId } = await userOn('free');
    const limit = PLANS.free.limits.links;
    const responses = await Promise.all(
      Array.from({ length: limit + 4 }, (_, index) =>
        mutate('links.createProfileLink', cookie, profileLink(index)),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(limit);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expectLimitReached(refused, 'links', limit);
    }
    const rows = await storedLinks(userId);
    expect(rows).toHaveLength(limit);
    // each add went to the end: the order has no gaps and no ties
    expect(rows.map((row) => row.order_index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('does not cap Pro', async () => {
    const { cookie } = await userOn('pro');
    for (let index = 0; index <= PLANS.free.limits.links; index += 1) await createProfileLink(cookie, index);
    expect(await profileLinks(cookie)).toMatchObject({ used: PLANS.free.limits.links + 1, limit: -1 });
  });

  it.each([
    ['no title', { title: '' }, [{ path: 'title', message: M.linkTitleAndUrlRequired }]],
    ['no URL', { url: ' ' }, [{ path: 'url', message: M.linkTitleAndUrlRequired }]],
    [
      'a javascript: URL',
      { url: 'javascript:alert(document.cookie)' },
      [{ path: 'url', message: M.urlScheme }],
    ],
    ['a data: URL', { url: 'data:text/html,x' }, [{ path: 'url', message: M.urlScheme }]],
    ['a tel: URL', { url: 'tel:+34600000000' }, [{ path: 'url', message: M.urlScheme }]],
  ])('refuses %s and stores nothing', async (_case, overrides, fieldErrors) => {
    const { cookie, userId } = await userOn('free');
    const response = await mutate('links.createProfileLink', cookie, { ...profileLink(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data).toMatchObject({ reason: 'validation_failed', fieldErrors });
    expect(await storedLinks(userId)).toEqual([]);
  });

  it('edits the title and URL; the short code and its counts stay, and the short link follows at once', async () => {
    const { cookie, userId } = await userOn('free');
    const link = await createProfileLink(cookie, 0);
    await t.db.updateTable('links').set({ click_count: 12 }).where('id', '=', link.id).execute();
    // the short link is read into the cache before the edit
    expect((await t.app.inject({ method: 'GET', url: `/l/${link.code}` })).headers.location).toBe(link.url);
    heard.length = 0;

    const response = await mutate('links.updateProfileLink', cookie, {
      id: link.id,
      title: '  My shop ',
      url: 'https://shop.example/new',
      baseVersion: link.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(trpcData<LinkItem>(response)).toMatchObject({
      id: link.id,
      code: link.code,
      title: 'My shop',
      url: 'https://shop.example/new',
      clickCount: 12,
      shortUrl: link.shortUrl,
    });
    // other tabs hear about it (live updates) and the caches drop the old destination
    expect(heard).toEqual([{ userId, topic: 'links' }]);
    expect((await t.app.inject({ method: 'GET', url: `/l/${link.code}` })).headers.location).toBe(
      'https://shop.example/new',
    );
    expect((await profileLinks(cookie)).items.map((item) => [item.title, item.clickCount])).toEqual([
      ['My shop', 12],
    ]);
  });

  it.each([
    ['no title', { title: '' }, [{ path: 'title', message: M.linkTitleAndUrlRequired }]],
    ['no URL', { url: '' }, [{ path: 'url', message: M.linkTitleAndUrlRequired }]],
    ['text that is not a URL', { url: 'my shop' }, [{ path: 'url', message: M.linkUrlInvalid }]],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, [{ path: 'url', message: M.urlScheme }]],
    ['a long title', { title: 'x'.repeat(101) }, [{ path: 'title', message: M.linkTitleTooLong }]],
  ])('refuses an edit with %s and changes nothing', async (_case, overrides, fieldErrors) => {
    const { cookie, userId } = await userOn('free');
    const link = await createProfileLink(cookie, 0);
    const before = await storedLinks(userId);
    const response = await mutate('links.updateProfileLink', cookie, {
      id: link.id,
      ...profileLink(5),
      ...overrides,
      baseVersion: link.version,
    });
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data).toMatchObject({ reason: 'validation_failed', fieldErrors });
    expect(await storedLinks(userId)).toEqual(before);
  });

  it('does not edit a QR code as a profile link', async () => {
    const { cookie, userId } = await userOn('pro');
    const qr = await createQrCode(cookie);
    const before = await storedLinks(userId);
    const response = await mutate('links.updateProfileLink', cookie, {
      id: qr.id,
      ...profileLink(3),
      baseVersion: qr.version,
    });
    expect(trpcError(response).data.reason).toBe('not_found');
    expect(await storedLinks(userId)).toEqual(before);
  });

  it('reorders: order_index follows the list, and the list comes back in that order', async () => {
    const { cookie, userId } = await userOn('free');
    const [a, b, c, d] = [
      await createProfileLink(cookie, 0),
      await createProfileLink(cookie, 1),
      await createProfileLink(cookie, 2),
      await createProfileLink(cookie, 3),
    ].map((item) => item.id);
    const order = [c, a, d, b];
    const response = await mutate('links.reorderProfileLinks', cookie, { ids: order });
    expect(response.statusCode, response.body).toBe(200);
    expect((await profileLinks(cookie)).items.map((item) => item.id)).toEqual(order);
    const rows = await storedLinks(userId);
    expect(rows.map((row) => [row.id, row.order_index])).toEqual(order.map((id, index) => [id, index]));
  });

  it('refuses a reorder with a missing, unknown, repeated or foreign id, and changes nothing', async () => {
    const owner = await userOn('free');
    const ids = [
      await createProfileLink(owner.cookie, 0),
      await createProfileLink(owner.cookie, 1),
      await createProfileLink(owner.cookie, 2),
    ].map((item) => item.id);
    const [a, b, c] = ids as [string, string, string];
    const other = await userOn('free');
    const foreign = (await createProfileLink(other.cookie)).id;
    const qr = (await createQrCode(owner.cookie)).id;
    const before = await storedLinks(owner.userId);

    const attempts: [string[], number][] = [
      [[c, a], 404], // one missing
      [[c, a, b, foreign], 404], // someone else's added
      [[c, a, foreign], 404], // someone else's instead of one's own
      [[c, a, b, qr], 404], // a QR code is not a profile link
      [[c, a, b, '6f1c1c64-0000-4000-8000-000000000000'], 404], // no such link
      [[c, a, a, b], 400], // one twice
      [[], 404],
    ];
    for (const [order, status] of attempts) {
      const response = await mutate('links.reorderProfileLinks', owner.cookie, { ids: order });
      expect(response.statusCode, JSON.stringify(order)).toBe(status);
    }
    expect(await storedLinks(owner.userId)).toEqual(before);
    expect((await storedLinks(other.userId)).map((row) => row.order_index)).toEqual([0]);
  });
});

describe('someone else’s links', () => {
  it('cannot be seen, edited, deleted or reordered through any procedure', async () => {
    const owner = await userOn('pro');
    const ownerQr = await createQrCode(owner.cookie);
    const ownerLink = await createProfileLink(owner.cookie);
    const managed = await vcardQrCode(owner.cookie);
    const before = await storedLinks(owner.userId);

    const intruder = await userOn('pro');
    await createProfileLink(intruder.cookie);
    // lists show only one's own links, and counts only one's own usage
    const theirQrCodes = await qrCodes(intruder.cookie);
    expect(theirQrCodes).toMatchObject({ items: [], used: 0 });
    const theirLinks = await profileLinks(intruder.cookie);
    expect(theirLinks.items.map((item) => item.id)).not.toContain(ownerLink.id);
    expect(theirLinks.used).toBe(1);

    const attempts = [
      await mutate('links.updateQrCode', intruder.cookie, { ...qrCode(9), id: ownerQr.id, baseVersion: 1 }),
      await mutate('links.updateQrCode', intruder.cookie, { ...qrCode(9), id: managed.id, baseVersion: 1 }),
      await mutate('links.updateProfileLink', intruder.cookie, {
        ...profileLink(9),
        id: ownerLink.id,
        baseVersion: 1,
      }),
      await mutate('links.delete', intruder.cookie, { id: ownerQr.id }),
      await mutate('links.delete', intruder.cookie, { id: ownerLink.id }),
      await mutate('links.delete', intruder.cookie, { id: managed.id }),
      await mutate('links.reorderProfileLinks', intruder.cookie, { ids: [ownerLink.id] }),
    ];
    for (const response of attempts) {
      // the same answer as for a link that does not exist: nothing tells whose it is
      expect(response.statusCode).toBe(404);
      expect(trpcError(response).data.reason).toBe('not_found');
    }
    expect(await storedLinks(owner.userId)).toEqual(before);
  });

  it('needs a session for every procedure', async () => {
    const responses = [
      await query('links.qrCodes', ''),
      await query('links.profileLinks', ''),
      await mutate('links.createQrCode', '', qrCode()),
      await mutate('links.createProfileLink', '', profileLink()),
      await mutate('links.updateProfileLink', '', {
        ...profileLink(),
        id: '6f1c1c64-0000-4000-8000-000000000000',
        baseVersion: 1,
      }),
      await mutate('links.reorderProfileLinks', '', { ids: [] }),
      await mutate('links.delete', '', { id: '6f1c1c64-0000-4000-8000-000000000000' }),
    ];
    for (const response of responses) expect(response.statusCode).toBe(401);
  });
});
