import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUp } from '../../server/cleanup/service.ts';
import { unusedLinkCode } from '../../server/lib/link-codes.ts';
import type { LinkView } from '../../server/links/service.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import { ADDRESS_HOLD_DAYS, HELD_LINK_CODES_MAX, LINK_CODE_CHANGES_PER_DAY } from '../../src/username.ts';
import { linkCounts } from '../support/counts.ts';
import {
  addLink,
  addVcard,
  createSignedInOwner,
  giveLinkCode,
  holdLinkCodes,
  setPlan,
} from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  TEST_ORIGIN,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Chosen short-link codes (customLinks): `/l/{your-code}` for Pro and Business, with the
// rules and reservations of usernames, unique in any case against every code (random ones included),
// found in any case; a changed code keeps its old codes leading to the same link (printed cards). A deleted
// link's or account's codes are held by nobody else for ADDRESS_HOLD_DAYS, then freed by the clean-up; and
// taking new codes is bounded per day and in all (docs/decisions/016-chosen-codes-are-held.md).

const DAY_MS = 24 * 60 * 60 * 1000;

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

  it('refuses codes that read as other words (xn--… and every ??-- code) with their message; a code the link has keeps working', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie));
    const before = await linkRows(owner.userId);
    // xn--pple-43d is shown as "аpple" with a Cyrillic а
    for (const code of ['xn--pple-43d', 'XN--80AK6AA92E', 'ab--menu', '12--34']) {
      const response = await chooseCode(owner.cookie, link.id, code);
      expect(response.statusCode, code).toBe(400);
      expect(trpcError(response).data.fieldErrors, code).toEqual([
        { path: 'code', message: M.linkCodeLookalike },
      ]);
      const create = await createQrCode(owner.cookie, { code });
      expect(trpcError(create).data.fieldErrors, code).toEqual([
        { path: 'code', message: M.linkCodeLookalike },
      ]);
    }
    // hyphens elsewhere are fine
    expect((await chooseCode(owner.cookie, link.id, freshCode('a-b--c'))).statusCode).toBe(200);
    expect(await linkRows(owner.userId)).toHaveLength(before.length);

    // a code given before the rule keeps leading to its link and is still shown
    const kept = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/kept' });
    await giveLinkCode(t.db, kept.id, 'xn--menu-kept');
    expect((await follow('/l/XN--MENU-KEPT?qr')).headers.location).toBe('https://example.com/kept');
    const list = trpcData<{ items: LinkView[] }>(await trpcQuery(t.app, 'links.qrCodes', owner.cookie));
    expect(list.items.find((item) => item.id === kept.id)?.code).toBe('xn--menu-kept');
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

/** The moment `days` days after `from` (the clean-up's clock, moved by the test). */
const daysAfter = (from: number, days: number) => new Date(from + days * DAY_MS);

/** Whether /l/{code}?qr answers the not-found page (a scan of a printed code), in the visitor's language. */
async function expectNotFound(code: string) {
  const response = await follow(`/l/${code}?qr`);
  expect(response.statusCode, code).toBe(404);
  expect(response.headers.location, code).toBeUndefined();
  expect(response.body, code).toContain('Link Not Found');
}

/** Whether another account can neither choose `code` for its link nor create a QR code with it. */
async function expectUnclaimable(cookie: string, linkId: string, code: string) {
  const chosen = await chooseCode(cookie, linkId, code);
  expect(chosen.statusCode, code).toBe(409);
  expect(trpcError(chosen).data.reason, code).toBe('link_code_taken');
  const created = await createQrCode(cookie, { code });
  expect(created.statusCode, code).toBe(409);
  expect(trpcError(created).data.reason, code).toBe('link_code_taken');
}

describe('the codes of a deleted link or account', () => {
  it.each(['link', 'account'] as const)(
    `a deleted %s's codes, current and earlier, lead nowhere and are nobody else's for ${ADDRESS_HOLD_DAYS} days; then the clean-up frees them`,
    async (deleted) => {
      const deps = await depsOf(t);
      const owner = await createSignedInOwner(t, { plan: 'pro' });
      const earlier = freshCode('Spring-Menu');
      const link = trpcData<LinkView>(await createQrCode(owner.cookie, { code: earlier }));
      const current = freshCode('summer-menu');
      expect((await chooseCode(owner.cookie, link.id, current)).statusCode).toBe(200);
      // now in the short-link cache, which the deletion must empty
      expect((await follow(`/l/${current}?qr`)).statusCode).toBe(302);

      const deletion =
        deleted === 'link'
          ? await trpcMutate(t.app, 'links.delete', owner.cookie, { id: link.id })
          : await trpcMutate(t.app, 'account.delete', owner.cookie, {
              confirmation: DELETE_CONFIRMATION_WORDS.en,
            });
      expect(deletion.statusCode, deletion.body).toBe(200);
      const deletedAt = Date.now();

      const codes = [earlier.toLowerCase(), current];
      for (const code of [...codes, earlier, current.toUpperCase()]) await expectNotFound(code);
      const other = await createSignedInOwner(t, { plan: 'business' });
      const otherLink = trpcData<LinkView>(await createQrCode(other.cookie));
      const unclaimable = [earlier, earlier.toLowerCase(), earlier.toUpperCase(), current];
      for (const code of unclaimable) await expectUnclaimable(other.cookie, otherLink.id, code);
      expect(await heldCodes(other.userId)).toEqual([]);

      const almost = await cleanUp(deps, { dryRun: false, now: daysAfter(deletedAt, ADDRESS_HOLD_DAYS - 1) });
      expect(almost.expiredLinkCodeHolds).toBe(0);
      for (const code of unclaimable) await expectUnclaimable(other.cookie, otherLink.id, code);
      await expectNotFound(current);

      const after = daysAfter(deletedAt, ADDRESS_HOLD_DAYS + 1 / 24);
      expect(
        (await cleanUp(deps, { dryRun: false, now: after })).expiredLinkCodeHolds,
      ).toBeGreaterThanOrEqual(2);
      expect(await t.db.selectFrom('link_codes').select('code').where('code', 'in', codes).execute()).toEqual(
        [],
      );
      // free again, in any case, and it now leads to the new holder's destination
      const claimed = await chooseCode(other.cookie, otherLink.id, earlier.toUpperCase());
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(trpcData<LinkView>(claimed).code).toBe(earlier.toLowerCase());
      const scanned = await follow(`/l/${earlier}?qr`);
      expect(scanned.statusCode).toBe(302);
      expect(scanned.headers.location).toBe('https://example.com/flyer');
      expect(trpcData<LinkView>(await createQrCode(other.cookie, { code: current })).code).toBe(current);
    },
  );

  it("keeps the moment a link was deleted when its account goes later, and keeps its account's codes off other accounts", async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const gone = trpcData<LinkView>(await createQrCode(owner.cookie, { code: freshCode('first-gone') }));
    await trpcMutate(t.app, 'links.delete', owner.cookie, { id: gone.id });
    const heldRow = () =>
      t.db
        .selectFrom('link_codes')
        .select(['link_id', 'user_id', 'released_at'])
        .where('code', '=', gone.code)
        .executeTakeFirstOrThrow();
    const released = await heldRow();
    expect(released).toEqual({ link_id: null, user_id: owner.userId, released_at: expect.any(Date) });

    // the database itself refuses to give the code to another account's link, whoever writes it
    const stranger = await createSignedInOwner(t, { plan: 'pro' });
    const strangerLink = await addLink(t.db, stranger.userId, { kind: 'qr' });
    const move = t.db
      .updateTable('link_codes')
      .set({ link_id: strangerLink.id })
      .where('code', '=', gone.code)
      .execute();
    await expect(move).rejects.toMatchObject({ constraint: 'link_codes_pkey' });

    await trpcMutate(t.app, 'account.delete', owner.cookie, { confirmation: DELETE_CONFIRMATION_WORDS.en });
    expect(await heldRow()).toEqual({ link_id: null, user_id: null, released_at: released.released_at });
  });

  it('lets the owner give a code of its own deleted link to another of its links', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const code = freshCode('reprinted');
    const gone = trpcData<LinkView>(await createQrCode(owner.cookie, { code }));
    await trpcMutate(t.app, 'links.delete', owner.cookie, { id: gone.id });
    await expectNotFound(code);

    const successor = trpcData<LinkView>(
      await createQrCode(owner.cookie, { url: 'https://example.com/new' }),
    );
    const taken = await chooseCode(owner.cookie, successor.id, code.toUpperCase());
    expect(taken.statusCode, taken.body).toBe(200);
    expect(trpcData<LinkView>(taken).code).toBe(code);
    expect((await follow(`/l/${code}?qr`)).headers.location).toBe('https://example.com/new');
    expect(
      await t.db
        .selectFrom('link_codes')
        .select(['link_id', 'released_at'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow(),
    ).toEqual({ link_id: successor.id, released_at: null });
  });

  it('never hands out a held code as a random one, in any case', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const held = `held${randomBytes(4).toString('hex')}`;
    await t.db
      .insertInto('link_codes')
      .values({ code: held, link_id: null, user_id: owner.userId, released_at: new Date() })
      .execute();
    const candidates = [held.toUpperCase(), 'Fr3shC0de'];
    const tried: string[] = [];
    const random = await unusedLinkCode(t.db, () => {
      const candidate = candidates[tried.length] ?? 'unexpected';
      tried.push(candidate);
      return candidate;
    });
    expect(random).toBe('Fr3shC0de');
    expect(tried).toEqual(candidates);
  });
});

describe('the bounds on holding codes', () => {
  /** The owner's links and the codes its account holds (its deleted links' too), to show nothing changed. */
  async function holdings(userId: string) {
    const codes = await t.db
      .selectFrom('link_codes')
      .select(['code', 'link_id'])
      .where('user_id', '=', userId)
      .orderBy('code')
      .execute();
    return { links: await linkRows(userId), codes };
  }

  it(`refuses a new code beyond ${LINK_CODE_CHANGES_PER_DAY} in 24 hours with its reason; nothing is stored; codes taken back are not counted`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie, { code: freshCode('today') }));
    const earlier = link.code;
    // codes taken today by links deleted since count too: deleting frees no room
    await holdLinkCodes(t.db, owner.userId, LINK_CODE_CHANGES_PER_DAY - 2, {
      takenAt: new Date(),
      releasedAt: new Date(),
    });
    expect((await chooseCode(owner.cookie, link.id, freshCode('last'))).statusCode).toBe(200);

    const before = await holdings(owner.userId);
    const refused = await chooseCode(owner.cookie, link.id, freshCode('one-more'));
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'link_code_change_limit',
      meta: { limit: LINK_CODE_CHANGES_PER_DAY },
    });
    const created = await createQrCode(owner.cookie, { code: freshCode('new-qr') });
    expect(created.statusCode).toBe(429);
    expect(trpcError(created).data.reason).toBe('link_code_change_limit');
    expect(await holdings(owner.userId)).toEqual(before);

    // a code the link had before is not new: it comes back
    const back = await chooseCode(owner.cookie, link.id, earlier);
    expect(back.statusCode, back.body).toBe(200);

    // a day later the codes of yesterday no longer count
    await sql`update link_codes set created_at = created_at - interval '25 hours'
              where user_id = ${owner.userId}`.execute(t.db);
    expect((await chooseCode(owner.cookie, link.id, freshCode('tomorrow'))).statusCode).toBe(200);
  });

  it('lets one of two new codes asked for at once at the limit through', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const first = trpcData<LinkView>(await createQrCode(owner.cookie));
    const second = trpcData<LinkView>(await createQrCode(owner.cookie));
    await holdLinkCodes(t.db, owner.userId, LINK_CODE_CHANGES_PER_DAY - 1, {
      takenAt: new Date(),
      releasedAt: new Date(),
    });
    const answers = await Promise.all([
      chooseCode(owner.cookie, first.id, freshCode('race-a')),
      chooseCode(owner.cookie, second.id, freshCode('race-b')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    const chosen = (await linkRows(owner.userId)).filter((row) => row.chosen_code !== null);
    expect(chosen).toHaveLength(1);
    expect((await holdings(owner.userId)).codes).toHaveLength(LINK_CODE_CHANGES_PER_DAY);
  });

  it(`refuses a new code when the account holds ${HELD_LINK_CODES_MAX}, its deleted links' included; deleting a link frees nothing early`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const link = trpcData<LinkView>(await createQrCode(owner.cookie, { code: freshCode('mine') }));
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    const [heldCode] = await holdLinkCodes(t.db, owner.userId, HELD_LINK_CODES_MAX - 1, {
      takenAt: twoDaysAgo,
      releasedAt: twoDaysAgo,
    });

    const before = await holdings(owner.userId);
    const refused = await chooseCode(owner.cookie, link.id, freshCode('too-many'));
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'held_link_codes_limit',
      meta: { limit: HELD_LINK_CODES_MAX },
    });
    await trpcMutate(t.app, 'links.delete', owner.cookie, { id: link.id });
    const created = await createQrCode(owner.cookie, { code: freshCode('after-delete') });
    expect(trpcError(created).data.reason).toBe('held_link_codes_limit');
    const after = await holdings(owner.userId);
    expect(after.codes.map((row) => row.code)).toEqual(before.codes.map((row) => row.code));
    expect(after.links).toEqual([]);

    // a code the account holds is no new one
    const successor = trpcData<LinkView>(await createQrCode(owner.cookie));
    expect((await chooseCode(owner.cookie, successor.id, heldCode ?? '')).statusCode).toBe(200);
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
