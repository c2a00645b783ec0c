import { createEmailVerificationToken } from 'better-auth/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TICKET_HEADER } from '../../src/api.ts';
import {
  buildMailingTestApp,
  buildTestApp,
  cookieFrom,
  injectFromApp,
  signUp,
  smtpMail,
  TEST_PASSWORD,
  type MailingTestApp,
  type TestApp,
} from '../support/harness.ts';
import { countUsers, createOwner, createUnconfirmedUser } from '../support/factories.ts';
import { downSmtpUrl, linkIn } from '../support/mail-receiver.ts';

// No answer of an auth endpoint that takes an address or a token tells whether the address has an
// account: the same status and the same body shape for an unknown address, a confirmed account and an
// unconfirmed one. Only the owner of the address learns something, by e-mail. (Times are not asserted:
// the paths do the same work, which the code shows; see server/auth/auth.ts.)

let t: MailingTestApp;

beforeAll(async () => {
  t = await buildMailingTestApp();
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
const unknownEmail = () => `nobody-${++counter}-${Date.now()}@example.com`;

const post = (app: TestApp, url: string, payload: object) =>
  injectFromApp(app.app, { method: 'POST', url, payload });

/** The shape of a JSON answer: its keys and the types of their values, recursively; no values. */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  }
  return typeof value;
}

function answer(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    shape: response.body ? shape(response.json()) : null,
    location: response.headers.location ?? null,
    session: cookieFrom(response).includes('session_token='),
  };
}

/** Three addresses: unknown, a confirmed account, and an account waiting for its confirmation. */
async function threeAddresses() {
  const confirmed = await signUp(t.app);
  const unconfirmed = await createUnconfirmedUser(t);
  // the unconfirmed sign-up mailed a confirmation through the mail queue: waited for, so it does not land
  // among the mail a test counts (the confirmed account was made without a sign-up: no mail)
  await t.mail.waitFor((m) => m.to.includes(unconfirmed.email));
  return { unknown: unknownEmail(), confirmed: confirmed.email, unconfirmed: unconfirmed.email };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email));

describe('sign-up', () => {
  it('answers a registered address exactly as a new one, creates nothing, and mails the owner', async () => {
    const { confirmed, unconfirmed } = await threeAddresses();
    const before = await countUsers(t.db);
    const fresh = unknownEmail();
    const signUpWith = (email: string) =>
      post(t, '/api/auth/sign-up/email', {
        name: 'Someone Else',
        email,
        password: 'Another-Pass-123',
        callbackURL: '/onboarding',
      });
    const answers = {
      fresh: await signUpWith(fresh),
      confirmed: await signUpWith(confirmed),
      unconfirmed: await signUpWith(unconfirmed),
    };
    expect(answer(answers.confirmed)).toEqual(answer(answers.fresh));
    expect(answer(answers.unconfirmed)).toEqual(answer(answers.fresh));
    expect(answer(answers.fresh)).toMatchObject({ status: 200, session: false });
    for (const response of Object.values(answers)) expect(response.json()).toMatchObject({ token: null });
    expect(await countUsers(t.db)).toBe(before + 1);

    // the owner of the confirmed address is told an account exists, and how to sign in
    const notice = await t.mail.waitFor((m) => m.to.includes(confirmed) && /already have/i.test(m.subject));
    expect(notice.subject).toBe('You already have a Tapcard account');
    expect(linkIn(notice.body, '/login').origin).toBe(t.config.publicUrl);
    // the owner of the unconfirmed address gets a new confirmation link, which works
    await settle();
    const confirmations = mailsTo(unconfirmed);
    expect(confirmations).toHaveLength(2);
    const link = linkIn(confirmations[1]?.body ?? '', '/api/auth/verify-email');
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.headers.location).toBe('/onboarding');
    expect(cookieFrom(opened)).toContain('session_token=');
    // the password typed by the second sign-up is not the account's
    const signIn = await post(t, '/api/auth/sign-in/email', {
      email: confirmed,
      password: 'Another-Pass-123',
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  it('answers an unknown address as a wrong password, for confirmed and unconfirmed accounts', async () => {
    const { unknown, confirmed, unconfirmed } = await threeAddresses();
    const signIn = (email: string) =>
      post(t, '/api/auth/sign-in/email', { email, password: 'Wrong-Password-1' });
    const expected = answer(await signIn(unknown));
    expect(expected.status).toBe(401);
    expect(answer(await signIn(confirmed))).toEqual(expected);
    expect(answer(await signIn(unconfirmed))).toEqual(expected);
    expect((await signIn(unknown)).json()).toEqual((await signIn(confirmed)).json());
  });
});

describe('password reset request', () => {
  it('answers the same for every address and mails only the account', async () => {
    const { unknown, confirmed, unconfirmed } = await threeAddresses();
    const request = (email: string) =>
      post(t, '/api/auth/request-password-reset', { email, redirectTo: '/auth' });
    const responses = [await request(unknown), await request(confirmed), await request(unconfirmed)];
    expect(new Set(responses.map((r) => JSON.stringify(answer(r)))).size).toBe(1);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    await t.mail.waitFor((m) => m.to.includes(confirmed) && m.subject.includes('Reset'));
    await settle();
    expect(mailsTo(unknown)).toEqual([]);
  });
});

describe('resend the confirmation', () => {
  it('answers the same for every address and mails only an account that waits for it', async () => {
    const { unknown, confirmed, unconfirmed } = await threeAddresses();
    const before = t.mail.messages.length;
    const sentSince = (email: string) => t.mail.messages.slice(before).filter((m) => m.to.includes(email));
    const resend = (email: string) =>
      post(t, '/api/auth/send-verification-email', { email, callbackURL: '/onboarding' });
    const responses = [await resend(unknown), await resend(confirmed), await resend(unconfirmed)];
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    await settle();
    expect(sentSince(unknown)).toEqual([]);
    expect(sentSince(confirmed)).toEqual([]);
    expect(sentSince(unconfirmed)).toHaveLength(1);
  });
});

describe('confirmation links with a token we did not sign', () => {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('gives one answer, before reading anything from the token, whatever address it names', async () => {
    const { unknown, confirmed, unconfirmed } = await threeAddresses();
    const forgeries = (email: string) => [
      createEmailVerificationToken('a-secret-that-is-not-the-apps-one-000000', email),
      Promise.resolve(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ email })}.`),
      Promise.resolve(`${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ email })}.c2lnbmF0dXJl`),
    ];
    const open = async (token: string) =>
      answer(
        await t.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email?token=${token}&callbackURL=/onboarding`,
        }),
      );
    for (const [index, forged] of forgeries(unknown).entries()) {
      const expected = await open(await forged);
      expect(expected, `forgery ${index}`).toMatchObject({
        status: 302,
        location: '/onboarding?error=INVALID_TOKEN',
        session: false,
      });
      expect(await open(await (forgeries(confirmed)[index] ?? forged)), `forgery ${index}`).toEqual(expected);
      expect(await open(await (forgeries(unconfirmed)[index] ?? forged)), `forgery ${index}`).toEqual(
        expected,
      );
    }
    const row = await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', unconfirmed)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(false);
  });

  it('gives one answer for an unknown reset token, on the link and on the form', async () => {
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=/auth',
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`${t.config.publicUrl}/auth?error=INVALID_TOKEN`);
    const form = await post(t, '/api/auth/reset-password', {
      token: 'not-a-token',
      newPassword: 'Brand-New-Pass-77',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('while the mail server is down', () => {
  it('still answers sign-up, reset and resend alike for every address', async () => {
    const down = await buildTestApp({ mail: smtpMail(await downSmtpUrl()) });
    try {
      const confirmed = await createOwner(down.db, { emailVerified: true });
      const unconfirmed = await createOwner(down.db, { emailVerified: false });
      const unknown = unknownEmail();
      const same = async (send: (email: string) => Promise<LightMyRequestResponse>) => {
        const responses = [await send(unknown), await send(confirmed.email), await send(unconfirmed.email)];
        expect(new Set(responses.map((r) => JSON.stringify(answer(r)))).size, responses[0]?.body).toBe(1);
        return responses[0];
      };
      // every sign-up queues a mail to someone (the new person or the owner), and answers at once
      const signUpAnswer = await same((email) =>
        post(down, '/api/auth/sign-up/email', { name: 'X', email, password: TEST_PASSWORD }),
      );
      expect(signUpAnswer?.statusCode).toBe(200);
      expect(signUpAnswer?.headers[MAIL_TICKET_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
      const resetAnswer = await same((email) =>
        post(down, '/api/auth/request-password-reset', { email, redirectTo: '/auth' }),
      );
      expect(resetAnswer?.statusCode).toBe(200);
      const resendAnswer = await same((email) =>
        post(down, '/api/auth/send-verification-email', { email, callbackURL: '/onboarding' }),
      );
      expect(resendAnswer?.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
