import type { Page } from '@playwright/test';
import {
  appOrigin,
  E2E_PASSWORD,
  expect,
  expectAccessible,
  fillSignIn,
  signedInNewPerson,
  test,
  waitForMail,
} from './support.ts';
import { totpCode } from './totp.ts';

// /dashboard/account: every test has its own person (signedInNewPerson), so they run in any order.

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

test('two-factor authentication: enrol with the setup key, copy the backup codes, then sign in with a code', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin() });
  const email = await signedInNewPerson(page);
  await page.goto('/dashboard/account');
  const twoFactor = card(page, 'Two-factor authentication');
  await twoFactor.getByRole('button', { name: 'Enable' }).click();
  await expect(twoFactor.getByLabel('Your password')).toBeFocused();
  await twoFactor.getByLabel('Your password').fill(E2E_PASSWORD);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();

  await expect(twoFactor.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  await expect(
    twoFactor.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  // typed by hand into an authenticator app, as a person without a camera would
  const secret = (await twoFactor.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const authenticator = `otpauth://totp/Tapcard?secret=${secret}`;
  await twoFactor.getByLabel('Authentication code').fill(totpCode(authenticator));
  await twoFactor.getByRole('button', { name: 'Verify and turn on' }).click();

  await expect(twoFactor.getByRole('heading', { name: 'Your backup codes' })).toBeFocused();
  await expect(twoFactor.getByText('Store them safely: they are shown only this once')).toBeVisible();
  const codeList = twoFactor.getByRole('list', { name: 'Backup codes' });
  await expect(codeList.getByRole('listitem')).toHaveCount(10);
  const codes = await codeList.getByRole('listitem').allTextContents();
  await twoFactor.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('Backup codes copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  // a browser that refuses the clipboard: the codes are selected to copy by hand, and the person told
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await twoFactor.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('Could not copy', { exact: true })).toBeVisible();
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  for (const code of codes) expect(selected).toContain(code);
  await expectAccessible(page);
  await twoFactor.getByRole('button', { name: 'I have stored them' }).click();
  await expect(twoFactor.getByText('Two-factor authentication is on.')).toBeFocused();

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // a code is accepted once: the app has moved on to the next one by the time the person signs in again
  await page.getByLabel('Authentication code').fill(totpCode(authenticator, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('deleting the account needs DELETE, ends on /goodbye, and the old password no longer works', async ({
  page,
}) => {
  await page.clock.install();
  const email = await signedInNewPerson(page);
  await page.goto('/dashboard/account');
  const opener = card(page, 'Delete account').getByRole('button', { name: 'Delete account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirmation = dialog.getByLabel('Type DELETE to confirm');
  await expect(confirmation).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(confirmation).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Delete account' });
  await confirmation.pressSequentially('delet');
  await expect(confirmation).toHaveValue('DELET');
  await expect(submit).toBeDisabled();
  await confirmation.pressSequentially('e');
  await expect(confirmation).toHaveValue('DELETE');
  await submit.click();

  await expect(page).toHaveURL('/goodbye');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  // spec section 9: it counts down from 10 seconds, then returns home
  await expect(page.getByText(/10 seconds/)).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(page.getByText(/7 seconds/)).toBeVisible();
  await page.clock.runFor(7_500);
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page.getByText('Invalid email or password. Please try again.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('changing the password: both new fields must match, then the new one signs in', async ({ page }) => {
  const email = await signedInNewPerson(page);
  const newPassword = 'Another-Horse-77';
  await page.goto('/dashboard/account');
  const password = card(page, 'Password');
  const submit = password.getByRole('button', { name: 'Update password' });
  await expect(submit).toBeDisabled();
  await password.getByLabel('Current password').fill(E2E_PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(submit).toBeDisabled();
  await password.getByLabel('Confirm new password').fill(`${newPassword}8`);
  await submit.click();
  await expect(password.getByText('New passwords do not match')).toBeVisible();
  await expect(password.getByLabel('Confirm new password')).toBeFocused();

  // the current password is no new password
  await password.getByLabel('New password', { exact: true }).fill(E2E_PASSWORD);
  await password.getByLabel('Confirm new password').fill(E2E_PASSWORD);
  await submit.click();
  await expect(
    password.getByText('Choose a new password that is different from your current one'),
  ).toBeVisible();

  await password.getByLabel('New password', { exact: true }).fill(newPassword);
  await password.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await expect(page.getByText('Password updated successfully', { exact: true })).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');

  await page.context().clearCookies();
  await page.goto('/login');
  await fillSignIn(page, email, newPassword);
  await expect(page).toHaveURL('/dashboard');
});

test('personal information: a changed name is kept after a reload; a new address is confirmed by e-mail first', async ({
  page,
}) => {
  const email = await signedInNewPerson(page, 'Ada Lovelace');
  await page.goto('/dashboard/account');
  const personal = card(page, 'Personal information');
  await expect(personal.getByLabel('First name')).toHaveValue('Ada');
  await expect(personal.getByLabel('Last name')).toHaveValue('Lovelace');
  await personal.getByLabel('First name').fill('Augusta Ada');
  await personal.getByLabel('Last name').fill('King');
  await personal.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Personal information updated successfully', { exact: true })).toBeVisible();
  // the top bar reads the account's name
  await expect(page.getByRole('banner')).toContainText('Augusta Ada King');

  await page.reload();
  await expect(personal.getByLabel('First name')).toHaveValue('Augusta Ada');
  await expect(personal.getByLabel('Last name')).toHaveValue('King');

  await personal.getByRole('button', { name: 'Change email' }).click();
  await expect(personal.getByLabel('New email address')).toBeFocused();
  await personal.getByLabel('New email address').fill(`new-${email}`);
  await personal.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(personal.getByRole('status')).toContainText(
    `We sent a link to ${email} to approve the change.`,
  );
  // the current address approves first (the whole journey: email-flows.spec.ts)
  await waitForMail(email, (mail) => mail.subject === 'Approve the change of your Tapcard email address');
});

test('a name with an invisible or control character is refused at its field, and nothing is saved', async ({
  page,
}) => {
  await signedInNewPerson(page, 'Ada Lovelace');
  await page.goto('/dashboard/account');
  const personal = card(page, 'Personal information');
  // a right-to-left override would show the name backwards on the public card and in the .vcf
  await personal.getByLabel('Last name').fill('Love\u202elace');
  await personal.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    personal.getByText("This field can't contain line breaks, tabs or invisible formatting characters"),
  ).toBeVisible();
  await expect(personal.getByLabel('Last name')).toBeFocused();
  await page.reload();
  await expect(personal.getByLabel('Last name')).toHaveValue('Lovelace');
});

test('a name with tag-like text shows exactly as typed in the sentences that name it', async ({ page }) => {
  await signedInNewPerson(page, 'Bea <b>Bold</b> <i>x</i>');
  await page.goto('/dashboard');
  await expect(page.getByRole('banner')).toContainText('Signed in as Bea <b>Bold</b> <i>x</i>');
  await expect(page.getByText('Welcome, Bea <b>Bold</b> <i>x</i>.', { exact: false })).toBeVisible();
});

/** Account, Support and Profile pass axe in the language the page shows. */
async function expectAccountScreensAccessible(page: Page, headings: [string, string, string]) {
  for (const [path, heading] of [
    ['/dashboard/support', headings[1]],
    ['/dashboard/profile', headings[2]],
    ['/dashboard/account', headings[0]],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
}

test('the language preference is saved to the profile and applied after a reload; account, support and profile pass axe in both', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await expectAccountScreensAccessible(page, ['Account settings', 'Support', 'Profile']);
  await card(page, 'Language').getByRole('radio', { name: 'Español' }).click();
  await expect(page.getByText('Idioma actualizado correctamente', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // without this device's own choice, the profile alone brings Spanish back
  await page.evaluate(() => window.localStorage.removeItem('language'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  await expect(card(page, 'Idioma').getByRole('radio', { name: 'Español' })).toBeChecked();
  await expectAccountScreensAccessible(page, ['Configuración de la cuenta', 'Soporte', 'Perfil']);
  const deleteAccount = card(page, 'Eliminar cuenta').getByRole('button', { name: 'Eliminar cuenta' });
  await deleteAccount.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(deleteAccount).toBeFocused();
});
