import { randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_PARAM, type EmailChangeOutcome } from '../../src/email-links.ts';
import {
  callTrpc,
  expect,
  fillSignUpForm,
  expectAccessible,
  linkIn,
  signedInNewPerson,
  test,
  waitForMail,
} from './support.ts';

// The two journeys that go through a real inbox: the app sends through SMTP to the receiver of
// global-setup.ts, and the test opens the link from the e-mail that arrived, as the person would.

test('sign up on /onboarding, open the link from the e-mail, and land signed in on the plan step', async ({
  page,
}) => {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  await page.goto('/onboarding');
  await fillSignUpForm(page, { name: 'Grace Hopper', email });
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  // this server sends its e-mail (SMTP_URL): no dev mailbox is pointed at
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'dev mailbox' })).toHaveCount(0);

  const mail = await waitForMail(email);
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test('reset a forgotten password through the e-mailed link, then sign in with the new one', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();

  const mail = await waitForMail(email, (m) => m.body.includes('/api/auth/reset-password/'));
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/auth\?token=/);
  const newPassword = 'Fresh-Start-2026';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('sign up with an address that has an account: the same screen, and its owner is told by e-mail', async ({
  page,
}) => {
  const email = await signedInNewPerson(page, 'Grace Hopper');
  await page.context().clearCookies();
  await page.goto('/onboarding');
  await fillSignUpForm(page, { name: 'Someone Else', email, password: 'Another-Horse-77' });
  // exactly what a new address gets: nothing here says that the account exists
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText(`We sent an email to ${email}. Open the link in it to continue.`),
  ).toBeVisible();

  const notice = await waitForMail(email, (m) => m.subject === 'You already have a Tapcard account');
  await page.goto(linkIn(notice, '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('change the e-mail address: approve from the old one, confirm from the new one, told at each step', async ({
  page,
}) => {
  // two mailed links and a landing at each step, each checked with axe
  test.slow();
  const email = await signedInNewPerson(page);
  const newEmail = `moved-${randomBytes(5).toString('hex')}@example.com`;
  await page.goto('/dashboard/account');
  const personal = page.getByRole('region', { name: 'Personal information', exact: true });
  await personal.getByRole('button', { name: 'Change email' }).click();
  await personal.getByLabel('New email address').fill(newEmail);
  await personal.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(personal.getByRole('status')).toContainText(
    `We sent a link to ${email} to approve the change.`,
  );
  await expectAccessible(page);

  const approval = await waitForMail(
    email,
    (m) => m.subject === 'Approve the change of your Tapcard email address',
  );
  await page.goto(linkIn(approval, '/api/auth/verify-email'));
  await expect(page).toHaveURL('/dashboard/account');
  await expect(page.getByRole('status').filter({ hasText: 'Change approved' })).toContainText(
    'We sent a link to your new address.',
  );
  await expectAccessible(page);

  const confirmation = await waitForMail(newEmail);
  expect(confirmation.subject).toBe('Confirm your new email address for Tapcard');
  const confirmLink = linkIn(confirmation, '/api/auth/verify-email');
  await page.goto(confirmLink);
  await expect(page).toHaveURL('/dashboard/account');
  await expect(page.getByRole('status').filter({ hasText: 'Email address changed' })).toContainText(
    `From now on you sign in with ${newEmail}.`,
  );
  await expect(personal).toContainText(newEmail);
  await expectAccessible(page);

  // the same link again: it says it no longer works
  await page.goto(confirmLink);
  await expect(page.getByRole('alert').filter({ hasText: 'This link no longer works' })).toBeVisible();
  await expectAccessible(page);

  // in Spanish: every notice a link of a change can leave (each at the address the server sends the
  // browser to), and the request's own notice
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  const spanishNotices: Record<EmailChangeOutcome, string> = {
    approved: 'Cambio aprobado',
    changed: 'Dirección de correo cambiada',
    taken: 'La dirección de correo no ha cambiado',
    invalid: 'Este enlace ya no funciona',
    other_account: 'Este enlace es de otra cuenta',
  };
  for (const [outcome, title] of Object.entries(spanishNotices)) {
    await page.goto(`/dashboard/account?${EMAIL_CHANGE_PARAM}=${outcome}`);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expectAccessible(page);
  }
  const personalEs = page.getByRole('region', { name: 'Información personal', exact: true });
  await personalEs.getByRole('button', { name: 'Cambiar correo' }).click();
  await personalEs.getByLabel('Nueva dirección de correo').fill(`again-${newEmail}`);
  await personalEs.getByRole('button', { name: 'Enviar confirmación' }).click();
  await expect(personalEs.getByRole('status')).toContainText(`Hemos enviado un enlace a ${newEmail}`);
  await expectAccessible(page);
});
