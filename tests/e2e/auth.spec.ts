import type { Page } from '@playwright/test';
import {
  appOrigin,
  callTrpc,
  E2E_PASSWORD,
  expect,
  expectCleanConsole,
  fillSignIn,
  newEmail,
  signedInNewPerson,
  test,
  useLanguage,
} from './support.ts';
import { totpCode } from './totp.ts';

// The sign-in screens (/login, /auth) and the two-factor step. The e-mail round trip of sign-up lives in
// its own spec; here accounts are made through the API.

/** An account whose address is not confirmed yet (the server sends no session for it). */
async function signUpUnconfirmed(page: Page): Promise<string> {
  const email = newEmail();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Grace Hopper', email, password: E2E_PASSWORD },
    headers: { origin: appOrigin() },
  });
  expect(response.ok()).toBe(true);
  return email;
}

/** When the session cookie expires: -1 means it ends with the browser ('Remember me' off). */
async function sessionCookieExpiry(page: Page): Promise<number | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name.endsWith('session_token'))?.expires;
}

test('/auth in Spanish: each mode has its labels and buttons, and a weak password is refused in Spanish', async ({
  page,
}) => {
  await useLanguage(page, 'es');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Recordarme' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  // the screen loaded without an error: no missing file, no refused script (zod's eval probe)
  expectCleanConsole(page);

  await page.getByRole('link', { name: '¿No tienes una cuenta? Regístrate' }).click();
  await expect(page).toHaveURL('/auth?mode=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrarse' })).toBeVisible();
  await page.getByLabel('Nombre').fill('Ada Lovelace');
  await page.getByLabel('Correo electrónico').fill(newEmail());
  await page.getByLabel('Contraseña').fill('corta');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(
    page.getByText('La contraseña debe tener al menos 12 caracteres', { exact: true }),
  ).toHaveCount(
    2, // under the field, and in the 'Error de validación' toast
  );
  await expect(page.getByText('Error de validación', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Contraseña')).toBeFocused();

  await page.getByRole('link', { name: '¿Ya tienes una cuenta? Inicia sesión' }).click();
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL('/auth?mode=reset');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar enlace de restablecimiento' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
  await expect(page).toHaveURL('/auth');
});

test('/login with a wrong password says Login failed and stays', async ({ page }) => {
  const email = await signUpUnconfirmed(page);
  await page.goto('/login');
  await fillSignIn(page, email, 'Wrong-Password-99');
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password. Please try again.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('/login checks the form before calling the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) calls.push(request.url());
  });
  await page.goto('/login');
  await fillSignIn(page, 'not-an-address', '12345');
  await expect(page.getByText('Validation Error', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Invalid email address', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  expect(calls).toEqual([]);
});

test('an unconfirmed address is told so and can get a new link', async ({ page }) => {
  const email = await signUpUnconfirmed(page);
  await page.goto('/login');
  await fillSignIn(page, email, E2E_PASSWORD);
  const notice = page.getByRole('alert').filter({ hasText: 'Email not verified yet' });
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: 'Resend confirmation email' }).click();
  // the same words for every address: the answer never says whether an account waits for a link
  const toast = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toast.getByText('Check your email', { exact: true })).toBeVisible();
  await expect(toast).toContainText('If an account needs confirming, a new link is on its way.');
  await expect(page).toHaveURL('/login');
});

test('a reset request answers, and the screen returns to sign-in', async ({ page }) => {
  await page.goto('/auth?mode=reset');
  await page.getByLabel('Email').fill(newEmail());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('a reset link that no longer works asks for a new one', async ({ page }) => {
  await page.goto('/auth?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toContainText('This link no longer works');
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
});

test('a new password must follow the policy and be typed twice', async ({ page }) => {
  await page.goto('/auth?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('Correct-Horse-43');
  await page.getByLabel('Confirm new password').fill('Correct-Horse-44');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('New passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Correct-Horse-43');
  await page.getByRole('button', { name: 'Update password' }).click();
  // the server refuses the made-up token: the person is asked for a new link
  await expect(page).toHaveURL('/auth?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toContainText('This link no longer works');
});

test('signing in greets the person in their profile language, and signed-in visitors skip the sign-in screens', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  const saved = await page.request.post('/api/trpc/profile.setLanguage', {
    data: { json: { language: 'es' } },
    headers: { origin: appOrigin() },
  });
  expect(saved.ok()).toBe(true);
  await page.context().clearCookies();

  await page.goto('/login');
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('¡Hola de nuevo!', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // /login has no 'Remember me': the session outlives the browser
  expect(await sessionCookieExpiry(page)).toBeGreaterThan(Date.now() / 1000);

  for (const screen of ['/login', '/auth']) {
    await page.goto(screen);
    await expect(page).toHaveURL('/dashboard');
  }
});

test('signing in on /auth with an unfinished onboarding resumes it at its card step', async ({ page }) => {
  const email = await signedInNewPerson(page, 'Ada Lovelace', { finishOnboarding: false });
  await callTrpc(page, 'billing.chooseFree', undefined);
  await page.context().clearCookies();

  await page.goto('/auth');
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByText("Let's finish setting up your account.", { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
});

test('two-factor sign-in: a wrong code is refused, a backup code lets the person in', async ({ page }) => {
  const email = await signedInNewPerson(page);
  const enabled = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: E2E_PASSWORD },
    headers: { origin: appOrigin() },
  });
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const verified = await page.request.post('/api/auth/two-factor/verify-totp', {
    data: { code: totpCode(totpURI) },
    headers: { origin: appOrigin() },
  });
  expect(verified.ok()).toBe(true);
  await page.context().clearCookies();

  await page.goto('/auth');
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app').first()).toBeVisible();
  // a well-formed code from another time window is refused by the server
  await code.fill(totpCode(totpURI, Date.now() - 10 * 60_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That code is not correct. Check your authenticator app and try again.', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  // 'Remember me' was left unticked on /auth: the session ends with the browser
  expect(await sessionCookieExpiry(page)).toBe(-1);
});
