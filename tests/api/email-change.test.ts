import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import {
  buildMailingTestApp,
  cookieFrom,
  injectFromApp,
  signUp,
  TEST_PASSWORD,
  type MailingTestApp,
} from '../support/harness.ts';
import { createOwner } from '../support/factories.ts';
import { linkIn } from '../support/mail-receiver.ts';

// A change of e-mail address tells the truth at every step: approved, changed, the new address taken
// (said only to whoever opened a link mailed to the account), a link used again or expired. And the
// account's password: a new one must differ from the current one.

let t: MailingTestApp;

beforeAll(async () => {
  t = await buildMailingTestApp();
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
const newAddress = () => `moved-${++counter}-${Date.now()}@example.com`;

const post = (url: string, payload: object, cookie?: string) =>
  injectFromApp(t.app, { method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

const open = (link: URL, cookie?: string) =>
  t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: cookie ? { cookie } : {} });

const requestChange = (cookie: string, newEmail: string) =>
  post('/api/auth/change-email', { newEmail, callbackURL: '/dashboard/account' }, cookie);

async function emailOf(userId: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.email;
}

/** The approval mailed to the current address, for the change to `newEmail`. */
async function approvalLink(currentEmail: string, newEmail: string): Promise<URL> {
  const approval = await t.mail.waitFor((m) => m.to.includes(currentEmail) && m.body.includes(newEmail));
  expect(approval.subject).toBe('Approve the change of your Tapcard email address');
  return linkIn(approval.body, '/api/auth/verify-email');
}

describe('change of e-mail address', () => {
  it('approves from the current address, confirms from the new one, and says so at each step', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const address = newAddress();
    const request = await requestChange(cookie, address);
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ status: true });

    const approve = await approvalLink(email, address);
    const approved = await open(approve, cookie);
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toBe('/dashboard/account?emailChange=approved');
    expect(await emailOf(userId)).toBe(email);

    // the new address gets a text of its own, not the sign-up one
    const confirmation = await t.mail.waitFor((m) => m.to.includes(address));
    expect(confirmation.subject).toBe('Confirm your new email address for Tapcard');
    expect(confirmation.body).not.toMatch(/signing up|finish creating/i);
    const confirm = linkIn(confirmation.body, '/api/auth/verify-email');
    const confirmed = await open(confirm, cookie);
    expect(confirmed.headers.location).toBe('/dashboard/account?emailChange=changed');
    expect(await emailOf(userId)).toBe(address);
    const profile = await t.db
      .selectFrom('profiles')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(profile.email).toBe(address);

    // both links again: they no longer work, and say so
    expect((await open(confirm, cookie)).headers.location).toBe('/dashboard/account?emailChange=invalid');
    expect((await open(approve, cookie)).headers.location).toBe('/dashboard/account?emailChange=invalid');
    expect(await emailOf(userId)).toBe(address);
    const signIn = await post('/api/auth/sign-in/email', { email: address, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('lands on the sign-in page, with the same news, where nobody is signed in', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const address = newAddress();
    await requestChange(cookie, address);
    const approved = await open(await approvalLink(email, address));
    expect(approved.headers.location).toBe('/login?emailChange=approved');
    const confirmation = await t.mail.waitFor((m) => m.to.includes(address));
    const confirmed = await open(linkIn(confirmation.body, '/api/auth/verify-email'));
    expect(confirmed.headers.location).toBe('/login?emailChange=changed');
    expect(cookieFrom(confirmed)).not.toContain('session_token=');
    expect(await emailOf(userId)).toBe(address);
  });

  it('answers and mails as for any address when the new one is taken, and tells only whoever opens the approval', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const other = await createOwner(t.db, { emailVerified: true });
    const free = newAddress();
    const taken = await requestChange(cookie, other.email.toUpperCase());
    const untaken = await requestChange(cookie, free);
    expect(taken.statusCode).toBe(untaken.statusCode);
    expect(taken.body).toBe(untaken.body);

    const approve = await approvalLink(email, other.email);
    const opened = await open(approve, cookie);
    expect(opened.headers.location).toBe('/dashboard/account?emailChange=taken');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.messages.filter((m) => m.to.includes(other.email))).toEqual([]);
    expect(await emailOf(userId)).toBe(email);
  });

  it('changes nothing when the new address was taken between the approval and the confirmation', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const address = newAddress();
    await requestChange(cookie, address);
    await open(await approvalLink(email, address), cookie);
    const confirmation = await t.mail.waitFor((m) => m.to.includes(address));
    await createOwner(t.db, { email: address, emailVerified: true });
    const confirmed = await open(linkIn(confirmation.body, '/api/auth/verify-email'), cookie);
    expect(confirmed.headers.location).toBe('/dashboard/account?emailChange=taken');
    expect(await emailOf(userId)).toBe(email);
  });

  it('says when a link has expired, or belongs to another signed-in account', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const secret = t.config.authSecret ?? '';
    const expired = await createEmailVerificationToken(secret, email, newAddress(), -60, {
      requestType: 'change-email-confirmation',
      userId,
    });
    const expiredLink = new URL(
      `/api/auth/verify-email?token=${expired}&callbackURL=%2Fdashboard%2Faccount`,
      t.config.publicUrl,
    );
    expect((await open(expiredLink, cookie)).headers.location).toBe('/dashboard/account?emailChange=invalid');

    const address = newAddress();
    await requestChange(cookie, address);
    const approve = await approvalLink(email, address);
    const someoneElse = await signUp(t.app);
    const opened = await open(approve, someoneElse.cookie);
    expect(opened.headers.location).toBe('/dashboard/account?emailChange=other_account');
    expect(await emailOf(userId)).toBe(email);
  });
});

describe('a new password from a reset link', () => {
  it('refuses the current password from a reset link, which keeps working for another one', async () => {
    const { email } = await signUp(t.app);
    await post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
    const message = await t.mail.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    const landing = await open(linkIn(message.body, '/api/auth/reset-password/'));
    const token =
      new URL(String(landing.headers.location), t.config.publicUrl).searchParams.get('token') ?? '';
    const same = await post('/api/auth/reset-password', { token, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: VALIDATION_MESSAGES.passwordSameAsCurrent });
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Another-Pass-88' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email, password: 'Another-Pass-88' })).statusCode).toBe(
      200,
    );
  });
});
