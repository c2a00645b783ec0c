import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import { DELETE_CONFIRMATION_WORDS } from '../../src/schemas/auth.ts';
import {
  buildTestApp,
  cookieFrom,
  injectFromApp,
  signIn,
  signUp,
  TEST_PASSWORD,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { secretOfTotpUri, totpCode } from '../support/totp.ts';
import { versionOf } from '../support/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mutate = (path: string, cookie: string, input?: unknown) => trpcMutate(t.app, path, cookie, input);
const query = (path: string, cookie: string) => trpcQuery(t.app, path, cookie);
const authPost = (path: string, payload: object, cookie = '') =>
  injectFromApp(t.app, {
    method: 'POST',
    url: `/api/auth${path}`,
    payload,
    headers: cookie ? { cookie } : {},
  });

interface Me {
  name: string;
  first_name: string;
  last_name: string;
  theme_color: string;
}

describe('personal information and theme', () => {
  it('splits the sign-up name, then saves first and last name and their join everywhere', async () => {
    const { cookie, userId } = await signUp(t.app, { name: 'María José Pérez' });
    expect(trpcData<Me>(await query('profile.me', cookie))).toMatchObject({
      first_name: 'María',
      last_name: 'José Pérez',
    });
    expect(
      (
        await mutate('profile.updatePersonalInfo', cookie, {
          firstName: ' Ana ',
          lastName: 'García',
          baseVersion: await versionOf(t.db, 'profiles', userId),
        })
      ).statusCode,
    ).toBe(200);
    expect(trpcData<Me>(await query('profile.me', cookie))).toMatchObject({
      name: 'Ana García',
      first_name: 'Ana',
      last_name: 'García',
    });
    const user = await t.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
    expect(user?.name).toBe('Ana García');
  });

  it('refuses an empty first name and changes nothing', async () => {
    const { cookie, userId } = await signUp(t.app, { name: 'Keep Me' });
    const response = await mutate('profile.updatePersonalInfo', cookie, {
      firstName: '  ',
      lastName: 'X',
      baseVersion: await versionOf(t.db, 'profiles', userId),
    });
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.fieldErrors?.[0]?.message).toBe(VALIDATION_MESSAGES.firstNameRequired);
    expect(trpcData<Me>(await query('profile.me', cookie)).name).toBe('Keep Me');
  });

  it('saves a theme colour and refuses an incomplete one', async () => {
    const { cookie } = await signUp(t.app);
    expect((await mutate('profile.setThemeColour', cookie, { themeColour: '#9333ea' })).statusCode).toBe(200);
    expect(trpcData<Me>(await query('profile.me', cookie)).theme_color).toBe('#9333EA');
    const bad = await mutate('profile.setThemeColour', cookie, { themeColour: '#12345' });
    expect(trpcError(bad).data.fieldErrors?.[0]?.message).toBe(VALIDATION_MESSAGES.colourInvalid);
    expect(trpcData<Me>(await query('profile.me', cookie)).theme_color).toBe('#9333EA');
  });
});

describe('password change', () => {
  it('needs the current password, applies the policy, and can sign out the other sessions', async () => {
    const { cookie, email } = await signUp(t.app);
    const other = await signIn(t.app, email);

    const wrongCurrent = await authPost(
      '/change-password',
      { currentPassword: 'Not-The-Password-1', newPassword: 'Another-Good-Pass-2' },
      cookie,
    );
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().code).toBe('INVALID_PASSWORD');

    const weak = await authPost(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      cookie,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.passwordMinLength,
    });

    const same = await authPost(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      cookie,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.passwordSameAsCurrent,
    });

    const changed = await authPost(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Another-Good-Pass-2', revokeOtherSessions: true },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await query('profile.me', other)).statusCode).toBe(401);
    expect((await authPost('/sign-in/email', { email, password: 'Another-Good-Pass-2' })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('lists the active sessions and signs out the others', async () => {
    const { cookie, email } = await signUp(t.app);
    const other = await signIn(t.app, email);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie } });
    expect((list.json() as unknown[]).length).toBe(2);
    expect((await authPost('/revoke-other-sessions', {}, cookie)).statusCode).toBe(200);
    expect((await query('profile.me', other)).statusCode).toBe(401);
    expect((await query('profile.me', cookie)).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('enrols with an authenticator, then sign-in asks for the code; a wrong code is refused', async () => {
    const { cookie, email } = await signUp(t.app);
    const enable = await authPost('/two-factor/enable', { password: TEST_PASSWORD }, cookie);
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tapcard:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const secret = secretOfTotpUri(totpURI);

    expect((await authPost('/two-factor/verify-totp', { code: '000000' }, cookie)).statusCode).toBe(401);
    // enrol with the previous step's code (still accepted): the current one stays fresh for the sign-in,
    // since a code is accepted once only
    const enrolCode = totpCode(secret, Date.now() - 30_000);
    expect((await authPost('/two-factor/verify-totp', { code: enrolCode }, cookie)).statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .select('two_factor_enabled')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user?.two_factor_enabled).toBe(true);

    const passwordStep = await authPost('/sign-in/email', { email, password: TEST_PASSWORD });
    expect(passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(passwordStep);
    expect(pending).not.toMatch(/session_token=[^;]+/);
    expect((await authPost('/two-factor/verify-totp', { code: '123456' }, pending)).statusCode).toBe(401);
    const verified = await authPost('/two-factor/verify-totp', { code: totpCode(secret) }, pending);
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieFrom(verified);
    expect((await query('profile.me', session)).statusCode).toBe(200);

    const backup = await authPost('/sign-in/email', { email, password: TEST_PASSWORD });
    const viaBackup = await authPost(
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      cookieFrom(backup),
    );
    expect(viaBackup.statusCode).toBe(200);

    expect((await authPost('/two-factor/disable', { password: TEST_PASSWORD }, session)).statusCode).toBe(
      200,
    );
    expect((await authPost('/sign-in/email', { email, password: TEST_PASSWORD })).json()).not.toHaveProperty(
      'twoFactorRedirect',
    );
  });
});

describe('authenticator codes are accepted once only', () => {
  it('refuses the same code a second time, at sign-in and even for a new sign-in', async () => {
    const { cookie, email } = await signUp(t.app);
    const { totpURI } = (
      await authPost('/two-factor/enable', { password: TEST_PASSWORD }, cookie)
    ).json() as {
      totpURI: string;
    };
    const secret = secretOfTotpUri(totpURI);
    // enrol with the code of the previous step, so the current one is still fresh for sign-in
    const enrolCode = totpCode(secret, Date.now() - 30_000);
    expect((await authPost('/two-factor/verify-totp', { code: enrolCode }, cookie)).statusCode).toBe(200);

    const code = totpCode(secret);
    const first = await authPost('/sign-in/email', { email, password: TEST_PASSWORD });
    expect((await authPost('/two-factor/verify-totp', { code }, cookieFrom(first))).statusCode).toBe(200);

    const second = await authPost('/sign-in/email', { email, password: TEST_PASSWORD });
    const pending = cookieFrom(second);
    // a wrong guess in between does not make the used code usable again
    expect((await authPost('/two-factor/verify-totp', { code: '000000' }, pending)).statusCode).toBe(401);
    const replay = await authPost('/two-factor/verify-totp', { code }, pending);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'TOTP_CODE_ALREADY_USED' });
  });
});

describe('account deletion', () => {
  it('needs the word of the language it was shown in, and deletes nothing otherwise', async () => {
    const { cookie, userId } = await signUp(t.app);
    const userRow = () => t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    for (const refused of [
      { confirmation: 'delete it' },
      // the English word on a Spanish screen, the Spanish word on an English one (or with no language)
      { language: 'es', confirmation: DELETE_CONFIRMATION_WORDS.en },
      { language: 'en', confirmation: DELETE_CONFIRMATION_WORDS.es },
      { confirmation: DELETE_CONFIRMATION_WORDS.es },
    ]) {
      const response = await mutate('account.delete', cookie, refused);
      expect(response.statusCode, JSON.stringify(refused)).toBe(400);
      expect(trpcError(response).data.fieldErrors?.[0]).toMatchObject({
        path: 'confirmation',
        message: VALIDATION_MESSAGES.confirmDelete,
      });
    }
    const unknownLanguage = await mutate('account.delete', cookie, {
      language: 'fr',
      confirmation: 'DELETE',
    });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(await userRow()).toBeDefined();
  });

  it('deletes with the Spanish word typed on a Spanish screen', async () => {
    const { cookie, userId } = await signUp(t.app);
    expect(DELETE_CONFIRMATION_WORDS.es).toBe('ELIMINAR');
    const response = await mutate('account.delete', cookie, {
      language: 'es',
      confirmation: DELETE_CONFIRMATION_WORDS.es,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('removes the user and every row of theirs, and the session stops working', async () => {
    const { cookie, userId } = await signUp(t.app);
    const other = await signUp(t.app);
    await authPost('/two-factor/enable', { password: TEST_PASSWORD }, cookie);
    const photo = await uploadTestPhoto(t.app, cookie);
    const vcard = await t.db
      .insertInto('vcards')
      .values({ user_id: userId, name: 'Card', photo })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('links')
      .values({
        user_id: userId,
        kind: 'qr',
        code: `del${Date.now()}`.slice(0, 12),
        title: 'x',
        url: 'https://x.test',
        vcard_id: vcard.id,
      })
      .execute();

    expect(
      (await mutate('account.delete', cookie, { language: 'en', confirmation: DELETE_CONFIRMATION_WORDS.en }))
        .statusCode,
    ).toBe(200);
    for (const [table, column] of [
      ['users', 'id'],
      ['profiles', 'id'],
      ['sessions', 'user_id'],
      ['accounts', 'user_id'],
      ['two_factors', 'user_id'],
      ['vcards', 'user_id'],
      ['links', 'user_id'],
      ['media', 'user_id'],
    ] as const) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(
        t.db,
      );
      expect(rows[0]?.n, table).toBe(0);
    }
    // the photo file is gone from storage too
    expect(readdirSync(t.config.mediaDir)).toEqual([]);
    expect((await query('profile.me', cookie)).statusCode).toBe(401);
    expect((await query('profile.me', other.cookie)).statusCode).toBe(200);
  });
});
