import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import {
  buildMailingTestApp,
  buildTestApp,
  cookieFrom,
  injectFromApp,
  signUp,
  TEST_PASSWORD,
  trpcData,
  type MailingTestApp,
  type TestApp,
} from '../support/harness.ts';
import { countUsers } from '../support/factories.ts';
import { linkIn } from '../support/mail-receiver.ts';

// Accounts through better-auth, with real e-mail through an SMTP receiver inside the test.

let t: MailingTestApp;

beforeAll(async () => {
  t = await buildMailingTestApp();
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
const newEmail = () => `person${++counter}-${Date.now()}@example.com`;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  injectFromApp(t.app, { method: 'POST', url, payload, headers });

const userCount = () => countUsers(t.db);

describe('sign-up with e-mail confirmation', () => {
  it('creates the user and profile, sends the confirmation in the sign-up language, and gives no session yet', async () => {
    const email = newEmail();
    const response = await post(
      '/api/auth/sign-up/email',
      { name: 'Lucía Gómez', email, password: TEST_PASSWORD, callbackURL: '/onboarding' },
      { 'accept-language': 'es-ES,es;q=0.9' },
    );
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response)).not.toContain('session_token=');
    const profile = await t.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.id')
      .select(['profiles.language', 'profiles.name', 'users.email_verified'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ language: 'es', name: 'Lucía Gómez', email_verified: false });

    const message = await t.mail.waitFor((m) => m.to.includes(email));
    const link = linkIn(message.body, '/api/auth/verify-email');
    expect(link.origin).toBe(t.config.publicUrl);
    expect(link.searchParams.get('callbackURL')).toBe('/onboarding');
  });

  it('refuses sign-in until the address is confirmed, then the link signs the person in', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up/email', {
      name: 'Ada',
      email,
      password: TEST_PASSWORD,
      callbackURL: '/onboarding',
    });
    const early = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const message = await t.mail.waitFor((m) => m.to.includes(email));
    const link = linkIn(message.body, '/api/auth/verify-email');
    const confirm = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/onboarding');
    const cookie = cookieFrom(confirm);
    expect(cookie).toContain('session_token=');
    const me = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(trpcData<{ email: string }>(me).email).toBe(email);

    const signIn = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);

    // the same link again: told it was used, and no new session
    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/onboarding?error=LINK_ALREADY_USED');
    expect(cookieFrom(again)).not.toContain('session_token=');
  });

  it('sends the person back with an error for an expired confirmation link', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up/email', { name: 'Ada', email, password: TEST_PASSWORD });
    const expired = await createEmailVerificationToken(t.config.authSecret ?? '', email, undefined, -60);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${expired}&callbackURL=/onboarding`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/onboarding\?error=/);
    const user = await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user?.email_verified).toBe(false);
  });

  it('refuses each weak password with its rule and stores nothing', async () => {
    const before = await userCount();
    const cases: [string, string][] = [
      ['Short1aB', VALIDATION_MESSAGES.passwordMinLength],
      ['ALLUPPERCASE123', VALIDATION_MESSAGES.passwordLowercase],
      ['alllowercase123', VALIDATION_MESSAGES.passwordUppercase],
      ['NoDigitsHereAtAll', VALIDATION_MESSAGES.passwordNumber],
    ];
    for (const [password, message] of cases) {
      const response = await post('/api/auth/sign-up/email', { name: 'Weak', email: newEmail(), password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a missing name and an invalid e-mail, storing nothing', async () => {
    const before = await userCount();
    const noName = await post('/api/auth/sign-up/email', {
      name: '  ',
      email: newEmail(),
      password: TEST_PASSWORD,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ message: VALIDATION_MESSAGES.nameRequired });
    const badEmail = await post('/api/auth/sign-up/email', {
      name: 'X',
      email: 'not-an-email',
      password: TEST_PASSWORD,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('ignores fields a client must not set at sign-up', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email,
      password: TEST_PASSWORD,
      emailVerified: true,
      email_verified: true,
      plan_type: 'business',
      trial_days: 999,
      twoFactorEnabled: true,
    });
    const row = await t.db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.id')
      .select([
        'users.email_verified',
        'users.two_factor_enabled',
        'profiles.plan_type',
        'profiles.trial_days',
      ])
      .where('users.email', '=', email)
      .executeTakeFirst();
    expect(row).toEqual({
      email_verified: false,
      two_factor_enabled: false,
      plan_type: 'free',
      trial_days: 14,
    });
  });
});

describe('sign-in', () => {
  it('answers a wrong password with INVALID_EMAIL_OR_PASSWORD', async () => {
    const { email } = await signUp(t.app);
    const response = await post('/api/auth/sign-in/email', { email, password: 'Wrong-Password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, kept only for the browser session without "remember me"', async () => {
    const { email } = await signUp(t.app);
    const remembered = await post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    const line = [remembered.headers['set-cookie']].flat().find((c) => c?.includes('session_token=')) ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=\d+/i);
    expect(line).not.toMatch(/Secure/);
    const forgotten = await post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
      rememberMe: false,
    });
    const sessionOnly =
      [forgotten.headers['set-cookie']].flat().find((c) => c?.includes('session_token=')) ?? '';
    expect(sessionOnly).not.toMatch(/Max-Age|Expires/i);
  });

  it('refuses a sign-in posted from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@example.com', password: TEST_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const { email } = await signUp(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
    const missing = await post('/api/auth/request-password-reset', { email: unknown, redirectTo: '/auth' });
    expect(known.statusCode).toBe(missing.statusCode);
    expect(known.json()).toEqual(missing.json());
    await t.mail.waitFor((m) => m.to.includes(email));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('builds the link from PUBLIC_URL, applies the password policy, and ends every other session', async () => {
    const { email, cookie: oldSession } = await signUp(t.app);
    await post(
      '/api/auth/request-password-reset',
      { email, redirectTo: '/auth' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const message = await t.mail.waitFor((m) => m.to.includes(email) && m.body.includes('reset-password'));
    const link = linkIn(message.body, '/api/auth/reset-password/');
    expect(link.origin).toBe(t.config.publicUrl);
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), t.config.publicUrl);
    expect(target.pathname).toBe('/auth');
    const token = target.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const weak = await post('/api/auth/reset-password', { token, newPassword: 'weakpassword' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const newPassword = 'Brand-New-Pass-77';
    const reset = await post('/api/auth/reset-password', { token, newPassword });
    expect(reset.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/trpc/profile.me',
      headers: { cookie: oldSession },
    });
    expect(stale.statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email, password: newPassword })).statusCode).toBe(200);
    const reused = await post('/api/auth/reset-password', { token, newPassword: 'Another-Pass-88' });
    expect(reused.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client address, not for everyone, and ignores a forged X-Forwarded-For', async () => {
    const attempt = (remoteAddress: string, forwardedFor?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' },
        headers: { origin: t.config.publicUrl, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('198.51.100.7', `203.0.113.${i}`)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const other = await attempt('198.51.100.8');
    expect(other.statusCode).toBe(401);
  });
});

describe('providers', () => {
  it('reports no social providers when none is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/trpc/auth.providers' });
    // this app sends its mail through an SMTP server: no dev mailbox to point at
    expect(trpcData(response)).toEqual({
      google: false,
      apple: false,
      passkey: true,
      passkeysOff: null,
      devMailbox: false,
    });
  });
});

describe('Google and Apple sign-in, configured', () => {
  let social: TestApp;
  beforeAll(async () => {
    social = await buildTestApp({
      oauth: {
        google: { clientId: 'google-client-id.apps.example', clientSecret: 'google-secret' },
        apple: { clientId: 'com.tapcard.web', clientSecret: 'apple-client-secret-jwt' },
      },
    });
  });
  afterAll(async () => {
    await social?.close();
  });

  it('lists both providers for the client', async () => {
    const response = await social.app.inject({ method: 'GET', url: '/api/trpc/auth.providers' });
    // without SMTP_URL, outside production, the waiting screen points at the dev mailbox
    expect(trpcData(response)).toEqual({
      google: true,
      apple: true,
      passkey: true,
      passkeysOff: null,
      devMailbox: true,
    });
  });

  it.each([
    ['google', 'https://accounts.google.com', 'google-client-id.apps.example'],
    ['apple', 'https://appleid.apple.com', 'com.tapcard.web'],
  ])('builds the %s sign-in redirect without any network call', async (provider, origin, clientId) => {
    const response = await injectFromApp(social.app, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider, callbackURL: '/dashboard' },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL((response.json() as { url: string }).url);
    expect(url.origin).toBe(origin);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${social.config.publicUrl}/api/auth/callback/${provider}`,
    );
    expect(url.searchParams.get('state')).toBeTruthy();
  });
});

describe('cookies behind a TLS proxy', () => {
  it('marks the session cookie Secure when COOKIE_SECURE says so', async () => {
    const secure = await buildTestApp({ secureCookies: true });
    try {
      const { email } = await signUp(secure.app);
      const signIn = await injectFromApp(secure.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: TEST_PASSWORD },
      });
      const line = [signIn.headers['set-cookie']].flat().find((c) => c?.includes('session_token=')) ?? '';
      expect(line).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });
});
