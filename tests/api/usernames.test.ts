import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp } from '../../server/cleanup/service.ts';
import { isUniqueViolation } from '../../server/lib/db-errors.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { ADDRESS_HOLD_DAYS, HELD_USERNAMES_MAX, USERNAME_CHANGES_PER_DAY } from '../../src/username.ts';
import {
  addVcard,
  cardStepInput,
  createOwner,
  createSignedInOwner,
  freeUsername,
  holdUsernames,
  setPlan,
} from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';

// docs/decisions/011-addresses-that-never-break.md, docs/decisions/012-sign-in-email-never-public.md and
// docs/decisions/013-pause-never-delete.md: a username stays with its account (old addresses redirect, nobody
// else can claim them), a deleted account's names are blocked for the hold and then freed by the clean-up,
// reserved names, a custom name kept after a downgrade, and the sign-in e-mail kept off public pages.

const DAY_MS = 24 * 60 * 60 * 1000;
const UNAVAILABLE_TITLE = 'Profile Temporarily Unavailable';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mutate = (path: string, cookie: string, input?: unknown) => trpcMutate(t.app, path, cookie, input);
const query = (path: string, cookie: string, input?: unknown) => trpcQuery(t.app, path, cookie, input);
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A paid-plan username, different in every call. */
const customName = (base: string) => `${base}-${randomBytes(3).toString('hex')}`;

/** /dashboard/profile's save: the name, the username and no photo, from the profile as it is now. */
const saveProfile = async (cookie: string, username: string, name = 'Grace Hopper') => {
  const { version } = trpcData<{ version: number }>(await query('profile.me', cookie));
  return mutate('profile.updateDetails', cookie, { name, username, photo: null, baseVersion: version });
};

const availability = async (cookie: string, username: string) =>
  trpcData<{ status: string; problem: string | null }>(
    await query('profile.checkUsername', cookie, { username }),
  );

async function profileOf(userId: string) {
  return t.db
    .selectFrom('profiles')
    .select(['username', 'name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('a rename', () => {
  it('keeps the old address: /{old} and /user/{old} answer 308 to the current one, with the query', async () => {
    const old = customName('grace-hopper');
    const current = customName('admiral-grace');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: old });
    await addVcard(t.db, owner.userId, { name: 'Grace Hopper' });
    expect((await get(`/${old}`)).statusCode).toBe(200); // now in the page cache

    expect((await saveProfile(owner.cookie, current)).statusCode).toBe(200);

    const plain = await get(`/${old}`);
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toBe(`/${current}`);
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get(`/${old}?qr`)).headers.location).toBe(`/${current}?qr`);
    const byUser = await get(`/user/${old}?utm_source=card`);
    expect(byUser.statusCode).toBe(308);
    expect(byUser.headers.location).toBe(`/user/${current}?utm_source=card`);
    // capitals first go to the lowercase address, query and all
    expect((await get(`/${old.toUpperCase()}?qr`)).headers.location).toBe(`/${old}?qr`);

    const page = await get(`/${current}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Grace Hopper</h1>');
  });

  it('keeps the old name from every other account: the check, card creation and a profile save refuse it', async () => {
    const old = customName('ada');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: old });
    expect((await saveProfile(owner.cookie, customName('ada-lovelace'))).statusCode).toBe(200);

    const newcomer = await createSignedInOwner(t, { plan: 'business', username: null });
    expect(await availability(newcomer.cookie, old)).toEqual({ status: 'taken', problem: null });
    const created = await mutate('profile.createCard', newcomer.cookie, cardStepInput({ username: old }));
    expect(created.statusCode).toBe(409);
    expect(trpcError(created).data.reason).toBe('username_taken');
    expect((await profileOf(newcomer.userId)).username).toBeNull();
    expect(
      await t.db.selectFrom('vcards').select('id').where('user_id', '=', newcomer.userId).execute(),
    ).toEqual([]);

    const renamer = await createSignedInOwner(t, { plan: 'pro' });
    const saved = await saveProfile(renamer.cookie, old, 'Not Ada');
    expect(saved.statusCode).toBe(409);
    expect(trpcError(saved).data.reason).toBe('username_taken');
    expect(await profileOf(renamer.userId)).toEqual({ username: renamer.username, name: expect.any(String) });
    expect((await profileOf(renamer.userId)).name).not.toBe('Not Ada');

    // the database itself refuses it, whatever its case
    const write = t.db
      .updateTable('profiles')
      .set({ username: old.toUpperCase() })
      .where('id', '=', renamer.userId)
      .execute();
    await expect(write).rejects.toSatisfy((error) => isUniqueViolation(error, 'usernames_pkey'));
  });

  it('gives a name asked for by two accounts at the same moment to one of them', async () => {
    const wanted = customName('same-moment');
    const first = await createSignedInOwner(t, { plan: 'pro' });
    const second = await createSignedInOwner(t, { plan: 'pro' });
    const answers = await Promise.all([
      saveProfile(first.cookie, wanted),
      saveProfile(second.cookie, wanted),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect((await profileOf(winner.userId)).username).toBe(wanted);
    expect((await profileOf(loser.userId)).username).toBe(loser.username);

    // nor can a name be taken while its owner renames away from it
    const next = customName('moved-on');
    const answersWhileRenaming = await Promise.all([
      saveProfile(winner.cookie, next),
      saveProfile(loser.cookie, wanted),
    ]);
    expect(answersWhileRenaming.map((answer) => answer.statusCode)).toEqual([200, 409]);
    expect((await get(`/${wanted}`)).headers.location).toBe(`/${next}`);
  });

  it('lets the owner take a held name back, and lists held names with where they lead', async () => {
    const first = customName('first');
    const second = customName('second');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: first });
    await addVcard(t.db, owner.userId);
    expect(trpcData(await query('profile.heldUsernames', owner.cookie))).toEqual({
      current: first,
      held: [],
      card_subdomain_urls: null,
    });

    expect((await saveProfile(owner.cookie, second)).statusCode).toBe(200);
    expect(trpcData(await query('profile.heldUsernames', owner.cookie))).toEqual({
      current: second,
      held: [first],
      card_subdomain_urls: null,
    });
    expect(await availability(owner.cookie, first)).toEqual({ status: 'available', problem: null });

    expect((await saveProfile(owner.cookie, first)).statusCode).toBe(200);
    expect((await get(`/${first}`)).statusCode).toBe(200);
    expect((await get(`/${second}`)).headers.location).toBe(`/${first}`);
    expect(trpcData(await query('profile.heldUsernames', owner.cookie))).toEqual({
      current: first,
      held: [second],
      card_subdomain_urls: null,
    });
  });
});

describe('a deleted account', () => {
  it(`blocks its usernames for ${ADDRESS_HOLD_DAYS} days, then the clean-up frees them`, async () => {
    const deps = await depsOf(t);
    const held = customName('printed');
    const current = customName('renamed');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: held });
    await addVcard(t.db, owner.userId);
    expect((await saveProfile(owner.cookie, current)).statusCode).toBe(200);
    expect((await get(`/${current}`)).statusCode).toBe(200);

    const deletion = await mutate('account.delete', owner.cookie, {
      confirmation: DELETE_CONFIRMATION_WORDS.en,
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const deletedAt = Date.now();

    // the old addresses show nobody's card and lead nowhere
    for (const url of [`/${current}`, `/${held}`, `/user/${held}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(UNAVAILABLE_TITLE);
    }
    const newcomer = await createSignedInOwner(t, { plan: 'pro', username: null });
    expect(await availability(newcomer.cookie, current)).toMatchObject({ status: 'taken' });
    expect(await availability(newcomer.cookie, held)).toMatchObject({ status: 'taken' });
    const refused = await mutate('profile.createCard', newcomer.cookie, cardStepInput({ username: current }));
    expect(trpcError(refused).data.reason).toBe('username_taken');

    const almost = new Date(deletedAt + (ADDRESS_HOLD_DAYS - 1) * DAY_MS);
    expect((await cleanUp(deps, { dryRun: false, now: almost })).expiredUsernameHolds).toBe(0);
    expect(await availability(newcomer.cookie, held)).toMatchObject({ status: 'taken' });

    const after = new Date(deletedAt + ADDRESS_HOLD_DAYS * DAY_MS + 60_000);
    expect((await cleanUp(deps, { dryRun: true, now: after })).expiredUsernameHolds).toBe(2);
    expect((await cleanUp(deps, { dryRun: false, now: after })).expiredUsernameHolds).toBe(2);
    expect(await availability(newcomer.cookie, held)).toEqual({ status: 'available', problem: null });
    const claimed = await mutate(
      'profile.createCard',
      newcomer.cookie,
      cardStepInput({ name: 'Someone New', username: current }),
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await get(`/${current}`)).body).toContain('<h1>Someone New</h1>');
  });
});

describe('reserved names', () => {
  it.each(['demo', 'health', 'media', 'assets', 'billing', 'dev'])(
    'refuses %s with its message and stores nothing',
    async (username) => {
      const owner = await createSignedInOwner(t, { plan: 'business' });
      const response = await saveProfile(owner.cookie, username, 'Changed Name');
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).data).toMatchObject({
        reason: 'validation_failed',
        meta: { field: 'username', message: M.usernameReserved },
      });
      expect(await profileOf(owner.userId)).toEqual({ username: owner.username, name: expect.any(String) });
      expect((await profileOf(owner.userId)).name).not.toBe('Changed Name');
    },
  );

  it('serves the demo card at /demo, though nobody may choose the name', async () => {
    const demo = await createOwner(t.db, { username: 'demo', plan: 'business' });
    await addVcard(t.db, demo.id, { name: 'Alex Rivera' });
    const page = await get('/demo');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Alex Rivera</h1>');
  });
});

describe('names that read as other words', () => {
  // xn--pple-43d is shown as "аpple" with a Cyrillic а; the other ??-- prefixes are reserved for the same use
  const LOOKALIKES = ['xn--pple-43d', 'xn--80ak6aa92e', 'ab--cd', '12--grace'];

  it.each(LOOKALIKES)(
    'refuses %s on a save, a new card and the check, with its message; nothing is stored',
    async (username) => {
      const owner = await createSignedInOwner(t, { plan: 'business' });
      const saved = await saveProfile(owner.cookie, username, 'Changed Name');
      expect(saved.statusCode).toBe(400);
      expect(trpcError(saved).data).toMatchObject({
        reason: 'validation_failed',
        meta: { field: 'username', message: M.usernameLookalike },
      });
      expect(await profileOf(owner.userId)).toEqual({ username: owner.username, name: expect.any(String) });
      expect((await profileOf(owner.userId)).name).not.toBe('Changed Name');
      expect(await availability(owner.cookie, username)).toEqual({
        status: 'invalid',
        problem: M.usernameLookalike,
      });

      const newcomer = await createSignedInOwner(t, { plan: 'pro', username: null });
      const created = await mutate('profile.createCard', newcomer.cookie, cardStepInput({ username }));
      expect(trpcError(created).data.meta).toMatchObject({ field: 'username', message: M.usernameLookalike });
      expect((await profileOf(newcomer.userId)).username).toBeNull();
      expect(
        await t.db.selectFrom('usernames').select('username').where('username', '=', username).execute(),
      ).toEqual([]);
    },
  );

  it('keeps one the account has had since before the rule: its page, a save with it and the check', async () => {
    const kept = `xn--${randomBytes(3).toString('hex')}-grace`;
    const owner = await createSignedInOwner(t, { plan: 'pro', username: kept });
    await addVcard(t.db, owner.userId, { name: 'Grace Hopper' });
    expect((await get(`/${kept}`)).statusCode).toBe(200);
    expect(await availability(owner.cookie, kept)).toEqual({ status: 'available', problem: null });
    const saved = await saveProfile(owner.cookie, kept, 'Grace B. Hopper');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profileOf(owner.userId)).toEqual({ username: kept, name: 'Grace B. Hopper' });
  });
});

describe('the bounds on holding usernames', () => {
  /** The usernames the account holds, to show nothing changed. */
  async function heldBy(userId: string) {
    const rows = await t.db
      .selectFrom('usernames')
      .select('username')
      .where('user_id', '=', userId)
      .orderBy('username')
      .execute();
    return rows.map((row) => row.username);
  }

  it(`refuses a rename to a new name beyond ${USERNAME_CHANGES_PER_DAY} in 24 hours with its reason; nothing is stored; switching back is not counted`, async () => {
    // the first username (the card step's) is no rename
    const first = customName('first');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: first });
    for (let rename = 1; rename <= USERNAME_CHANGES_PER_DAY; rename += 1) {
      const response = await saveProfile(owner.cookie, customName(`rename-${rename}`));
      expect(response.statusCode, response.body).toBe(200);
    }
    const current = (await profileOf(owner.userId)).username;
    const held = await heldBy(owner.userId);

    const refused = await saveProfile(owner.cookie, customName('one-more'), 'Not Saved');
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'username_change_limit',
      meta: { limit: USERNAME_CHANGES_PER_DAY },
    });
    expect(await profileOf(owner.userId)).toEqual({ username: current, name: expect.any(String) });
    expect((await profileOf(owner.userId)).name).not.toBe('Not Saved');
    expect(await heldBy(owner.userId)).toEqual(held);

    // an earlier name is no new one: taking it back is not counted
    expect((await saveProfile(owner.cookie, first)).statusCode).toBe(200);
    expect((await get(`/${current}`)).headers.location).toBe(`/${first}`);

    // 24 hours later the renames of yesterday no longer count
    await sql`update usernames set created_at = created_at - interval '25 hours'
              where user_id = ${owner.userId}`.execute(t.db);
    expect((await saveProfile(owner.cookie, customName('next-day'))).statusCode).toBe(200);
  });

  it('lets one of two renames asked for at once at the limit through', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    for (let rename = 1; rename < USERNAME_CHANGES_PER_DAY; rename += 1) {
      expect((await saveProfile(owner.cookie, customName(`before-${rename}`))).statusCode).toBe(200);
    }
    const wanted = [customName('race-a'), customName('race-b')];
    const answers = await Promise.all(wanted.map((username) => saveProfile(owner.cookie, username)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    const held = await heldBy(owner.userId);
    expect(held.filter((username) => wanted.includes(username))).toHaveLength(1);
    expect(held).toHaveLength(USERNAME_CHANGES_PER_DAY + 1);
  });

  it(`refuses a new name when the account holds ${HELD_USERNAMES_MAX}; an earlier one can still be taken back`, async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const [earlier] = await holdUsernames(
      t.db,
      owner.userId,
      HELD_USERNAMES_MAX - 1,
      new Date(Date.now() - 30 * DAY_MS),
    );
    const held = await heldBy(owner.userId);
    expect(held).toHaveLength(HELD_USERNAMES_MAX);

    const refused = await saveProfile(owner.cookie, customName('twenty-first'));
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).data).toMatchObject({
      reason: 'held_usernames_limit',
      meta: { limit: HELD_USERNAMES_MAX },
    });
    expect((await profileOf(owner.userId)).username).toBe(owner.username);
    expect(await heldBy(owner.userId)).toEqual(held);

    expect((await saveProfile(owner.cookie, earlier ?? '')).statusCode).toBe(200);
    expect((await profileOf(owner.userId)).username).toBe(earlier);
  });
});

describe('a custom username kept after a downgrade', () => {
  it('saves the other fields without changing it; a new name follows the free rule', async () => {
    const kept = customName('grace');
    const owner = await createSignedInOwner(t, { plan: 'pro', username: kept });
    await setPlan(t.db, owner.userId, 'free');

    expect(await availability(owner.cookie, kept)).toEqual({ status: 'available', problem: null });
    const saved = await saveProfile(owner.cookie, kept, 'Grace B. Hopper');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profileOf(owner.userId)).toEqual({ username: kept, name: 'Grace B. Hopper' });

    const custom = await saveProfile(owner.cookie, customName('other'), 'Another Name');
    expect(custom.statusCode).toBe(400);
    expect(trpcError(custom).data.meta).toMatchObject({ field: 'username', message: M.usernameDigits });
    expect(await profileOf(owner.userId)).toEqual({ username: kept, name: 'Grace B. Hopper' });

    const numeric = freeUsername();
    expect((await saveProfile(owner.cookie, numeric)).statusCode).toBe(200);
    expect((await get(`/${kept}`)).headers.location).toBe(`/${numeric}`);
  });

  it('creates a card with it on the card step', async () => {
    const kept = customName('kept');
    const owner = await createSignedInOwner(t, { plan: 'business', username: kept });
    await setPlan(t.db, owner.userId, 'free');
    const created = await mutate('profile.createCard', owner.cookie, cardStepInput({ username: kept }));
    expect(created.statusCode, created.body).toBe(200);
    expect((await profileOf(owner.userId)).username).toBe(kept);
  });
});

describe('the sign-in e-mail', () => {
  const signInEmail = () => `signin-${randomBytes(4).toString('hex')}@example.com`;

  it('is not on the page of a profile without a vCard, nor in its Open Graph tags', async () => {
    const email = signInEmail();
    const owner = await createOwner(t.db, { email, name: 'No Card Yet' });
    const page = await get(`/${owner.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No Card Yet');
    expect(page.body).not.toContain(email);
  });

  it('is not on the page, the vCard page or the .vcf of a card that has no e-mail', async () => {
    const email = signInEmail();
    const owner = await createOwner(t.db, { email });
    const vcardId = await addVcard(t.db, owner.id, { email: null });
    for (const url of [`/${owner.username}`, `/vcard/${vcardId}`, `/vcard/${vcardId}/contact.vcf`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(email);
    }
  });

  it('is shown when it was typed into the card', async () => {
    const email = signInEmail();
    const owner = await createOwner(t.db, { email });
    const vcardId = await addVcard(t.db, owner.id, { email });
    expect((await get(`/${owner.username}`)).body).toContain(`mailto:${email}`);
    expect((await get(`/vcard/${vcardId}/contact.vcf`)).body).toContain(email);
  });
});
