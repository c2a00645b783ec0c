import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import type { LinkView } from '../../server/links/service.ts';
import { linkCounts } from '../support/counts.ts';
import { addLink, addVcard, createSignedInOwner, giveLinkCode, setPlan } from '../support/factories.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  trpcData,
  trpcError,
  trpcMutate,
  type TestApp,
} from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Chosen short-link codes (issue 13 item 4, customLinks): `/l/{your-code}` for Pro and Business, with the
// rules and reservations of usernames, unique in any case against every code (random ones included),
// found in any case; a changed code keeps its old codes leading to the same link (printed cards).

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

let codeCounter = 0;
/** A code nobody has chosen yet in this file's database. */
const freshCode = (base = 'menu') => `${base}-${Date.now().toString(36)}-${(codeCounter += 1)}`;

async function createQrCode(cookie: string, fields: { url?: string; code?: string } = {}) {
  return trpcMutate(t.app, 'links.createQrCode', cookie, {
    title: 'Flyer',
    url: fields.url ?? 'https://example.com/flyer',
    icon: '',
    ...(fields.code === undefined ? {} : { code: fields.code }),
  });
}

const chooseCode = (cookie: string, id: string, code: string) =>
  trpcMutate(t.app, 'links.chooseCode', cookie, { id, code });

const follow = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': IPHONE_SAFARI } });

async function linkRows(userId: string) {
  return t.db
    .selectFrom('links')
    .select(['id', 'code', 'chosen_code'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function heldCodes(userId: string) {
  const rows = await t.db
    .selectFrom('link_codes')
    .innerJoin('links', 'links.id', 'link_codes.link_id')
    .select('link_codes.code')
    .where('links.user_id', '=', userId)
    .orderBy('link_codes.code')
    .execute();
  return rows.map((row) => row.code);
}

describe('choosing a code', () => {
  it('creates a QR code with a chosen code (in lowercase) that its short URL and QR code use', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const code = freshCode('Spring-Menu');
    const response = await createQrCode(owner.cookie, { code });
    expect(response.statusCode).toBe(200);
    const link = trpcData<LinkView>(response);
    expect(link.code).toBe(code.toLowerCase());
    expect(link.chosen).toBe(true);
    expect(link.shortUrl).toBe(`${TEST_ORIGIN}/l/${code.toLowerCase()}`);
    expect(link.qrUrl).toBe(`${TEST_ORIGIN}/l/${code.toLowerCase()}?qr`);

    // found in any case: what is printed may be typed in capitals
    for (const written of [code.toLowerCase(), code.toUpperCase(), code]) {
      const follow302 = await follow(`/l/${written}`);
      expect(follow302.statusCode).toBe(302);
      expect(follow302.headers.location).toBe('https://example.com/flyer');
    }
  });

  it('changes the code of a QR code; the old codes (random and chosen) still lead to it and count on it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie));
    const randomCode = link.code;
    const first = freshCode('first');
    const second = freshCode('second');

    const changed = await chooseCode(owner.cookie, link.id, first);
    expect(changed.statusCode).toBe(200);
    expect(trpcData<LinkView>(changed).shortUrl).toBe(`${TEST_ORIGIN}/l/${first}`);
    const again = await chooseCode(owner.cookie, link.id, second);
    expect(trpcData<LinkView>(again).code).toBe(second);
    expect(await heldCodes(owner.userId)).toEqual([first, second].sort());

    for (const code of [randomCode, first, second]) {
      const response = await follow(`/l/${code}?qr`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/flyer');
    }
    await vi.waitFor(
      async () => expect(await linkCounts(t.db, link.id)).toEqual({ scans: 3, clicks: 0, events: 3 }),
      { timeout: 5_000 },
    );

    // a code the link had before comes back to it
    const back = await chooseCode(owner.cookie, link.id, first);
    expect(back.statusCode).toBe(200);
    expect(trpcData<LinkView>(back).code).toBe(first);
  });

  it('changes the code of a profile link, and the public page links to the chosen one', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const created = await trpcMutate(t.app, 'links.createProfileLink', owner.cookie, {
      title: 'Portfolio',
      url: 'https://example.com/portfolio',
    });
    const link = trpcData<LinkView>(created);
    const code = freshCode('portfolio');
    expect((await chooseCode(owner.cookie, link.id, code)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/${owner.username}` });
    expect(page.body).toContain(`${TEST_ORIGIN}/l/${code}`);
    expect(page.body).not.toContain(`/l/${link.code}"`);
  });

  it('refuses a code another link holds, in any case, and one it held before; nothing is stored', async () => {
    const holder = await createSignedInOwner(t, { plan: 'pro' });
    const code = freshCode('taken');
    const held = trpcData<LinkView>(await createQrCode(holder.cookie, { code }));
    const old = freshCode('old');
    await chooseCode(holder.cookie, held.id, old);
    await chooseCode(holder.cookie, held.id, freshCode('newer'));

    const other = await createSignedInOwner(t, { plan: 'pro' });
    const otherLink = trpcData<LinkView>(await createQrCode(other.cookie));
    const before = { links: await linkRows(other.userId), codes: await heldCodes(other.userId) };
    for (const attempt of [code, code.toUpperCase(), old]) {
      const response = await chooseCode(other.cookie, otherLink.id, attempt);
      expect(response.statusCode).toBe(409);
      expect(trpcError(response).data.reason).toBe('link_code_taken');
      // at creation too
      const create = await createQrCode(other.cookie, { code: attempt });
      expect(create.statusCode).toBe(409);
      expect(trpcError(create).data.reason).toBe('link_code_taken');
    }
    expect({ links: await linkRows(other.userId), codes: await heldCodes(other.userId) }).toEqual(before);
  });

  it('refuses reserved codes and bad characters with their message; nothing is stored', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie));
    const before = await linkRows(owner.userId);
    const cases: [string, string][] = [
      ['admin', M.linkCodeReserved],
      ['API', M.linkCodeReserved],
      ['dashboard', M.linkCodeReserved],
      ['my code', M.linkCodeFormat],
      ['café', M.linkCodeFormat],
      ['-menu', M.linkCodeFormat],
      ['menu-', M.linkCodeFormat],
      ['ab', M.linkCodeFormat],
      ['a'.repeat(31), M.linkCodeFormat],
      ['menu/x', M.linkCodeFormat],
      ['menu\u200b', M.textControlCharacters],
      ['', M.linkCodeRequired],
    ];
    for (const [code, message] of cases) {
      const response = await chooseCode(owner.cookie, link.id, code);
      expect(response.statusCode, code).toBe(400);
      expect(trpcError(response).data.fieldErrors, code).toEqual([{ path: 'code', message }]);
    }
    const create = await createQrCode(owner.cookie, { code: 'admin' });
    expect(create.statusCode).toBe(400);
    expect(trpcError(create).data.fieldErrors).toEqual([{ path: 'code', message: M.linkCodeReserved }]);
    expect(await linkRows(owner.userId)).toEqual(before);
    expect(await heldCodes(owner.userId)).toEqual([]);
  });

  it("refuses another person's link and a vCard's own QR code", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie));
    const stranger = await createSignedInOwner(t, { plan: 'pro' });
    const response = await chooseCode(stranger.cookie, link.id, freshCode());
    expect(trpcError(response).data.reason).toBe('not_found');

    const vcardId = await addVcard(t.db, owner.userId);
    const own = await addLink(t.db, owner.userId, { kind: 'qr', vcard_id: vcardId });
    const managed = await chooseCode(owner.cookie, own.id, freshCode());
    expect(trpcError(managed).data.reason).toBe('link_managed_by_vcard');
    expect(await heldCodes(owner.userId)).toEqual([]);
  });
});

describe('deleting', () => {
  it('a link takes its codes with it (its owner chose to break them), and so does the account', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const code = freshCode('gone');
    const link = trpcData<LinkView>(await createQrCode(owner.cookie, { code }));
    await chooseCode(owner.cookie, link.id, freshCode('gone-too'));
    expect((await trpcMutate(t.app, 'links.delete', owner.cookie, { id: link.id })).statusCode).toBe(200);
    expect(await heldCodes(owner.userId)).toEqual([]);
    expect((await follow(`/l/${code}`)).statusCode).toBe(404);

    const leaving = await createSignedInOwner(t, { plan: 'pro' });
    const kept = trpcData<LinkView>(await createQrCode(leaving.cookie, { code: freshCode('leaving') }));
    await t.db.deleteFrom('users').where('id', '=', leaving.userId).execute();
    expect(
      await t.db.selectFrom('link_codes').select('code').where('link_id', '=', kept.id).execute(),
    ).toEqual([]);
  });
});

describe('a chosen code collides case-insensitively with nothing', () => {
  it("refuses a code equal in lowercase to another link's random code, and allows the link's own", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const mine = trpcData<LinkView>(await createQrCode(owner.cookie));
    // a random code of mixed case, as the generator makes them
    const other = await addLink(t.db, owner.userId, { kind: 'qr', code: 'AbCdEf12' });
    const response = await chooseCode(owner.cookie, mine.id, 'abcdef12');
    expect(response.statusCode).toBe(409);
    expect(trpcError(response).data.reason).toBe('link_code_taken');
    // its own random code in lowercase is the same link: allowed
    const own = await chooseCode(owner.cookie, other.id, 'abcdef12');
    expect(own.statusCode).toBe(200);
    // random codes stay case-sensitive: the exact one and the chosen one lead to the same link
    expect((await follow('/l/AbCdEf12')).headers.location).toBe(
      (await follow('/l/ABCDEF12')).headers.location,
    );
  });

  it('a random code stays case-sensitive: another case of it finds nothing', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr', code: 'QwErTy78' });
    expect((await follow('/l/QwErTy78')).statusCode).toBe(302);
    expect((await follow('/l/qwerty78')).statusCode).toBe(404);
    await giveLinkCode(t.db, link.id, 'qwerty78');
    expect((await follow('/l/QWERTY78')).statusCode).toBe(302);
  });

  it('the database refuses a chosen code that a random code equals in lowercase, whoever writes it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    await addLink(t.db, owner.userId, { kind: 'qr', code: 'ZxCvBn90' });
    const mine = await addLink(t.db, owner.userId, { kind: 'qr' });
    await expect(giveLinkCode(t.db, mine.id, 'zxcvbn90')).rejects.toMatchObject({
      constraint: 'link_codes_pkey',
    });
  });
});

describe('after a downgrade', () => {
  it('a chosen code keeps working and is still shown; choosing a new one needs the plan again', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const code = freshCode('printed');
    const link = trpcData<LinkView>(await createQrCode(owner.cookie, { code }));
    await setPlan(t.db, owner.userId, 'free');

    expect((await follow(`/l/${code}`)).statusCode).toBe(302);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/trpc/links.qrCodes',
      headers: { cookie: owner.cookie },
    });
    expect(trpcData<{ items: LinkView[] }>(list).items[0]?.shortUrl).toBe(`${TEST_ORIGIN}/l/${code}`);

    const refused = await chooseCode(owner.cookie, link.id, freshCode());
    expect(trpcError(refused).data.reason).toBe('plan_required');
    const created = await createQrCode(owner.cookie, { code: freshCode() });
    expect(created.statusCode).toBe(403);
    expect(trpcError(created).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'customLinks', plan: 'pro' },
    });
    expect(await heldCodes(owner.userId)).toEqual([code]);
  });
});
