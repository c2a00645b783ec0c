import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import { addPasskey } from '../support/factories.ts';
import {
  buildTestApp,
  cookieFrom,
  injectFromApp,
  signIn,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { captureLogs, WARN } from '../support/logs.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';
import { secretOfTotpUri, totpCode } from '../support/totp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface PasskeyItem {
  id: string;
  name: string | null;
  deviceType: string;
  createdAt: Date;
  removable: boolean;
}

const authGet = (path: string, cookie = '') =>
  injectFromApp(t.app, { method: 'GET', url: `/api/auth${path}`, headers: cookie ? { cookie } : {} });
const authPost = (path: string, payload: object, cookie = '') =>
  injectFromApp(t.app, {
    method: 'POST',
    url: `/api/auth${path}`,
    payload,
    headers: cookie ? { cookie } : {},
  });
const listed = async (cookie: string) =>
  trpcData<{ passkeys: PasskeyItem[]; hasPassword: boolean }>(
    await trpcQuery(t.app, 'passkeys.list', cookie),
  );
const list = async (cookie: string) => (await listed(cookie)).passkeys;
const passkeyRows = (userId: string) =>
  t.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).execute();

/** Registration as the account page runs it: password, options, the authenticator, verification. */
async function register(cookie: string, authenticator: SoftwareAuthenticator, name: string) {
  expect((await authPost('/passkey/confirm-password', { password: TEST_PASSWORD }, cookie)).statusCode).toBe(
    200,
  );
  const options = await authGet('/passkey/generate-register-options', cookie);
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json());
  return authPost('/passkey/verify-registration', { response, name }, `${cookie}; ${cookieFrom(options)}`);
}

/**
 * A passkey sign-in from a browser without a session; returns the answer (with its session cookie).
 * `rememberMe: false` is /auth with "Remember me" unticked.
 */
async function signInWithPasskey(authenticator: SoftwareAuthenticator, { rememberMe = true } = {}) {
  const options = await authGet('/passkey/generate-authenticate-options');
  expect(options.statusCode).toBe(200);
  const response = authenticator.authenticate(options.json());
  const query = rememberMe ? '' : '?rememberMe=false';
  return authPost(`/passkey/verify-authentication${query}`, { response }, cookieFrom(options));
}

describe('adding a passkey', () => {
  it('asks for the password first, then keeps the passkey under its name for this site', async () => {
    const { cookie, userId } = await signUp(t.app);
    const refused = await authGet('/passkey/generate-register-options', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: AUTH_ERROR_CODES.passwordConfirmationRequired });
    const wrong = await authPost('/passkey/confirm-password', { password: 'Not-The-Password-1' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    expect(
      (await authPost('/passkey/confirm-password', { password: TEST_PASSWORD }, cookie)).statusCode,
    ).toBe(200);
    const options = await authGet('/passkey/generate-register-options', cookie);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Tapcard' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    const verified = await authPost(
      '/passkey/verify-registration',
      { response: authenticator.register(options.json()), name: '  Work laptop ' },
      `${cookie}; ${cookieFrom(options)}`,
    );
    expect(verified.statusCode).toBe(200);
    const [passkey] = await list(cookie);
    expect(passkey).toMatchObject({ name: 'Work laptop', deviceType: 'singleDevice', removable: true });
    expect(passkey?.createdAt).toBeInstanceOf(Date);
    expect(await passkeyRows(userId)).toHaveLength(1);
  });

  it('refuses an authenticator that does not verify the person, and a missing name; stores nothing', async () => {
    const { cookie, userId } = await signUp(t.app);
    const unverified = await register(cookie, new SoftwareAuthenticator(TEST_ORIGIN, false), 'Key');
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json()).toMatchObject({ code: AUTH_ERROR_CODES.userVerificationRequired });
    const unnamed = await register(cookie, new SoftwareAuthenticator(TEST_ORIGIN), '   ');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      code: AUTH_ERROR_CODES.validationFailed,
      message: VALIDATION_MESSAGES.passkeyNameRequired,
    });
    expect(await passkeyRows(userId)).toEqual([]);
  });

  it('without a password (a Google account), asks for a recent sign-in instead', async () => {
    const { cookie, userId } = await signUp(t.app);
    await t.db
      .updateTable('accounts')
      .set({ provider_id: 'google', password: null })
      .where('user_id', '=', userId)
      .execute();
    expect((await authGet('/passkey/generate-register-options', cookie)).statusCode).toBe(200);
    // signed in two days ago (better-auth's fresh age is one day)
    await sql`update sessions set created_at = now() - interval '2 days' where user_id = ${userId}`.execute(
      t.db,
    );
    const stale = await authGet('/passkey/generate-register-options', cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
  });

  it('needs a session, and a password confirmed in that same session', async () => {
    expect((await authGet('/passkey/generate-register-options')).statusCode).toBe(401);
    const { cookie, email } = await signUp(t.app);
    const otherDevice = await signIn(t.app, email);
    expect(
      (await authPost('/passkey/confirm-password', { password: TEST_PASSWORD }, cookie)).statusCode,
    ).toBe(200);
    const elsewhere = await authGet('/passkey/generate-register-options', otherDevice);
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without the authenticator-app code, also when two-factor authentication is on', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    expect((await register(cookie, authenticator, 'Phone')).statusCode).toBe(200);
    const enable = await authPost('/two-factor/enable', { password: TEST_PASSWORD }, cookie);
    const secret = secretOfTotpUri((enable.json() as { totpURI: string }).totpURI);
    expect((await authPost('/two-factor/verify-totp', { code: totpCode(secret) }, cookie)).statusCode).toBe(
      200,
    );
    // the password still asks for the code
    expect((await authPost('/sign-in/email', { email, password: TEST_PASSWORD })).json()).toMatchObject({
      twoFactorRedirect: true,
    });

    const signedIn = await signInWithPasskey(authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { id: userId } });
    const me = await trpcQuery(t.app, 'profile.me', cookieFrom(signedIn));
    expect(me.statusCode).toBe(200);
  });

  it('gives the session a password sign-in gives, with "Remember me" ticked or not', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    expect((await register(cookie, authenticator, 'Laptop')).statusCode).toBe(200);
    const sessionCookieOf = (answer: Awaited<ReturnType<typeof authPost>>) =>
      answer.cookies.findLast((item) => item.name.endsWith('session_token'));
    const hoursLeft = async (answer: Awaited<ReturnType<typeof authPost>>) => {
      const row = await t.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('token', '=', decodeURIComponent(sessionCookieOf(answer)?.value ?? '').split('.')[0] ?? '')
        .executeTakeFirstOrThrow();
      return Math.round((row.expires_at.getTime() - Date.now()) / 3_600_000);
    };

    const password = {
      remembered: await authPost('/sign-in/email', { email, password: TEST_PASSWORD, rememberMe: true }),
      forgotten: await authPost('/sign-in/email', { email, password: TEST_PASSWORD, rememberMe: false }),
    };
    const passkey = {
      remembered: await signInWithPasskey(authenticator),
      forgotten: await signInWithPasskey(authenticator, { rememberMe: false }),
    };
    for (const answer of [...Object.values(password), ...Object.values(passkey)]) {
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // the same lifetimes, and the same kind of cookie: kept, or ended with the browser
    expect(await hoursLeft(passkey.remembered)).toBe(await hoursLeft(password.remembered));
    expect(await hoursLeft(passkey.forgotten)).toBe(await hoursLeft(password.forgotten));
    expect(await hoursLeft(passkey.forgotten)).toBeLessThan(await hoursLeft(passkey.remembered));
    expect(sessionCookieOf(passkey.remembered)?.maxAge).toBe(sessionCookieOf(password.remembered)?.maxAge);
    expect(sessionCookieOf(passkey.forgotten)?.maxAge).toBeUndefined();
    expect(sessionCookieOf(password.forgotten)?.maxAge).toBeUndefined();
    // the shorter session works (a browser keeps the last of two cookies of one name), and the long one
    // the plugin made first is gone
    const browserCookie = Object.entries(
      Object.fromEntries(passkey.forgotten.cookies.map((item) => [item.name, item.value])),
    )
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    expect((await trpcQuery(t.app, 'profile.me', browserCookie)).statusCode).toBe(200);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    expect(sessions).toHaveLength(5);
  });

  it('refuses a passkey this site does not know, and one whose authenticator skipped verifying the person', async () => {
    const stranger = new SoftwareAuthenticator(TEST_ORIGIN);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'nobody' } });
    const unknown = await signInWithPasskey(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'PASSKEY_NOT_FOUND' });
    expect(unknown.headers['set-cookie']?.toString() ?? '').not.toContain('session_token=');

    const { cookie } = await signUp(t.app);
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    expect((await register(cookie, authenticator, 'Key')).statusCode).toBe(200);
    authenticator.verifiesUser = false;
    const unverified = await signInWithPasskey(authenticator);
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json()).toMatchObject({ code: AUTH_ERROR_CODES.userVerificationRequired });
  });

  it('does not offer the plugin its own list, rename and delete endpoints (they skip our rules)', async () => {
    const { cookie } = await signUp(t.app);
    expect((await authGet('/passkey/list-user-passkeys', cookie)).statusCode).toBe(404);
    expect((await authPost('/passkey/delete-passkey', { id: 'x' }, cookie)).statusCode).toBe(404);
    expect((await authPost('/passkey/update-passkey', { id: 'x', name: 'y' }, cookie)).statusCode).toBe(404);
  });
});

describe('listing, renaming and removing passkeys', () => {
  it('shows, renames and removes only the signed-in person’s own passkeys', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const older = await addPasskey(t.db, owner.userId, { name: 'Laptop', createdAt: new Date('2026-01-02') });
    const newer = await addPasskey(t.db, owner.userId, { name: 'Phone' });
    await addPasskey(t.db, other.userId, { name: 'Not yours' });

    expect((await list(owner.cookie)).map((passkey) => [passkey.id, passkey.name])).toEqual([
      [older, 'Laptop'],
      [newer, 'Phone'],
    ]);
    expect((await list(other.cookie)).map((passkey) => passkey.name)).toEqual(['Not yours']);

    const rename = await trpcMutate(t.app, 'passkeys.rename', other.cookie, { id: older, name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    expect(trpcError(rename).data.reason).toBe('not_found');
    const remove = await trpcMutate(t.app, 'passkeys.remove', other.cookie, { id: older });
    expect(trpcError(remove).data.reason).toBe('not_found');
    expect((await passkeyRows(owner.userId)).map((row) => row.name).sort()).toEqual(['Laptop', 'Phone']);

    expect(
      (await trpcMutate(t.app, 'passkeys.rename', owner.cookie, { id: older, name: ' Desk ' })).statusCode,
    ).toBe(200);
    expect((await trpcMutate(t.app, 'passkeys.remove', owner.cookie, { id: newer })).statusCode).toBe(200);
    expect((await list(owner.cookie)).map((passkey) => passkey.name)).toEqual(['Desk']);
  });

  it('refuses an empty or too long name and keeps the old one', async () => {
    const { cookie, userId } = await signUp(t.app);
    const id = await addPasskey(t.db, userId, { name: 'Laptop' });
    for (const [name, message] of [
      ['  ', VALIDATION_MESSAGES.passkeyNameRequired],
      ['x'.repeat(61), VALIDATION_MESSAGES.passkeyNameTooLong],
    ]) {
      const response = await trpcMutate(t.app, 'passkeys.rename', cookie, { id, name });
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).data.fieldErrors?.[0]?.message).toBe(message);
    }
    expect((await list(cookie))[0]?.name).toBe('Laptop');
  });

  it('never removes the last way to sign in', async () => {
    const { cookie, userId } = await signUp(t.app);
    const first = await addPasskey(t.db, userId);
    // with the password, the only passkey can go
    expect(await listed(cookie)).toMatchObject({ hasPassword: true, passkeys: [{ removable: true }] });

    // an account that signs in with Google, on a server that no longer offers Google, and a passkey
    await t.db
      .updateTable('accounts')
      .set({ provider_id: 'google', password: null })
      .where('user_id', '=', userId)
      .execute();
    expect(await listed(cookie)).toMatchObject({ hasPassword: false, passkeys: [{ removable: false }] });
    const refused = await trpcMutate(t.app, 'passkeys.remove', cookie, { id: first });
    expect(refused.statusCode).toBe(409);
    expect(trpcError(refused).data.reason).toBe('last_sign_in_method');
    expect(await passkeyRows(userId)).toHaveLength(1);

    const second = await addPasskey(t.db, userId);
    expect((await list(cookie)).map((passkey) => passkey.removable)).toEqual([true, true]);
    const removals = await Promise.all([
      trpcMutate(t.app, 'passkeys.remove', cookie, { id: first }),
      trpcMutate(t.app, 'passkeys.remove', cookie, { id: second }),
    ]);
    expect(removals.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await passkeyRows(userId)).toHaveLength(1);
    expect((await list(cookie))[0]?.removable).toBe(false);
  });
});

describe('rate limits', () => {
  it('limits password confirmations and passkey sign-ins per client address, as the other sign-ins', async () => {
    const { cookie } = await signUp(t.app);
    const from = (remoteAddress: string) => (path: string, payload: object) =>
      injectFromApp(t.app, {
        method: 'POST',
        url: `/api/auth${path}`,
        payload,
        headers: { cookie },
        remoteAddress,
      });
    const guesser = from('192.0.2.77');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await guesser('/passkey/confirm-password', { password: 'Guess-Number-1' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // another address is not held up
    expect(
      (await from('192.0.2.78')('/passkey/confirm-password', { password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const signIns: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      signIns.push((await guesser('/passkey/verify-authentication', { response: {} })).statusCode);
    }
    expect(signIns[10]).toBe(429);
  });
});

describe('a server whose address cannot have passkeys', () => {
  it('offers none: no button, no ceremony (WebAuthn refuses an IP address as the site), and says why', async () => {
    const logs = captureLogs();
    const atAnAddress = await buildTestApp(
      { publicUrl: 'http://127.0.0.1:3000' },
      { logger: { level: 'warn', stream: logs.stream } },
    );
    try {
      const providers = await atAnAddress.app.inject({ method: 'GET', url: '/api/trpc/auth.providers' });
      // the account page's note reads the reason
      expect(trpcData(providers)).toMatchObject({ passkey: false, passkeysOff: 'ip_address' });
      // the operator's start-up line
      const told = logs.lines.filter((line) => line.reason === 'ip_address');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ level: WARN, publicUrl: 'http://127.0.0.1:3000' });
      expect(told[0]?.msg).toMatch(
        /^passkeys are off: PUBLIC_URL http:\/\/127\.0\.0\.1:3000 is an IP address/,
      );
      const options = await atAnAddress.app.inject({
        method: 'GET',
        url: '/api/auth/passkey/generate-authenticate-options',
      });
      expect(options.statusCode).toBe(404);
    } finally {
      await atAnAddress.close();
    }
  });

  it('says nothing where passkeys work', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/trpc/auth.providers' });
    expect(trpcData(providers)).toMatchObject({ passkey: true, passkeysOff: null });
  });
});
