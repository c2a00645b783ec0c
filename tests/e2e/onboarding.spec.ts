import type { Page } from '@playwright/test';
import {
  appOrigin,
  E2E_PASSWORD,
  expect,
  fillSignUpForm,
  expectAccessible,
  expectAccessibleInBothLanguages,
  expectCleanConsole,
  linkIn,
  newEmail,
  signUpAndConfirm,
  test,
  waitForMail,
} from './support.ts';

function fillStepOne(page: Page, password: string, email = newEmail()): Promise<void> {
  return fillSignUpForm(page, { email, password });
}

test('step 1 shows each password rule of spec section 5 and creates nothing', async ({ page }) => {
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUps.push(request.url());
  });
  await page.goto('/onboarding');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByText('Must be 12+ characters with uppercase, lowercase, and numbers')).toBeVisible();
  expectCleanConsole(page);

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name is required').first()).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeFocused();

  const password = page.getByLabel('Password');
  for (const [weak, message] of [
    ['Short1A', 'Password must be at least 12 characters'],
    ['ALL-UPPERCASE-123', 'Password must contain at least one lowercase letter'],
    ['all-lowercase-123', 'Password must contain at least one uppercase letter'],
    ['No-Digits-Here-At-All', 'Password must contain at least one number'],
  ] as const) {
    await fillStepOne(page, weak);
    // the message under the field is part of its accessible description (after the policy hint)
    await expect(password).toHaveAccessibleDescription(new RegExp(`${message}$`));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
  }
  expect(signUps).toEqual([]);
});

test('without a confirmed address the waiting screen replaces the steps', async ({ page }) => {
  await page.clock.install();
  await page.goto('/onboarding');
  const email = newEmail();
  await fillStepOne(page, 'Correct-Horse-42', email);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeHidden();

  await page.getByRole('button', { name: 'I already confirmed my email' }).click();
  await expect(page.getByText('No active session found', { exact: true })).toBeVisible();

  await expect(page.getByText('Check your spam folder', { exact: false })).toBeHidden();
  await page.clock.fastForward('00:31');
  await expect(page.getByText('Check your spam folder', { exact: false })).toBeVisible();
  // only the address was wrong: the name and the password stay, the address is asked for again
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Password')).toHaveValue('Correct-Horse-42');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('the waiting screen survives a reload, and a confirmation on another device resumes at the plan step after sign-in', async ({
  page,
  browser,
}) => {
  await page.goto('/onboarding');
  const email = newEmail();
  await fillStepOne(page, E2E_PASSWORD, email);
  const waiting = page.getByRole('heading', { level: 1, name: 'Check your email' });
  await expect(waiting).toBeVisible();
  await page.reload();
  await expect(waiting).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  // the link is opened on another device, which is signed in there at the plan step
  const phone = await browser.newContext({ baseURL: appOrigin() });
  const phonePage = await phone.newPage();
  await phonePage.goto(linkIn(await waitForMail(email), '/api/auth/verify-email'));
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await phone.close();

  // back on the first device, the waiting screen's own way in resumes the onboarding, not the dashboard
  await page.getByRole('link', { name: 'Confirmed on another device? Sign in' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  // the dashboard's home leads back here too
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

for (const [address, title] of [
  ['/onboarding?error=TOKEN_EXPIRED', 'Verification link expired'],
  ['/onboarding?error=INVALID_TOKEN', 'Link already used'],
  [
    '/onboarding#error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
    'Verification link expired',
  ],
  ['/onboarding#error=server_error', 'Verification error'],
] as const) {
  test(`a confirmation link error (${address}) is explained and cleared from the address`, async ({
    page,
  }) => {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
  });
}

test('a confirmed new account continues at the plan step, and the free trial leads to the card step, also after a reload', async ({
  page,
}) => {
  await signUpAndConfirm(page);
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page
    .getByRole('listitem', { name: 'Free Trial' })
    .getByRole('button', { name: 'Get Started' })
    .click();
  await expect(page.getByText('Free plan activated!', { exact: true })).toBeVisible();
  const cardStep = page.getByRole('heading', { level: 1, name: 'Create your virtual card' });
  await expect(cardStep).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.reload();
  await expect(cardStep).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(/^\d{8}$/);
});

test('a dashboard page other than the home says what is missing while onboarding is unfinished', async ({
  page,
}) => {
  await signUpAndConfirm(page);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.goto('/dashboard/account');
  const banner = page.getByRole('status').filter({ hasText: 'Finish setting up your account' });
  await expect(banner).toContainText('Choose a plan, then create your card');
  await expectAccessibleInBothLanguages(
    page,
    page.getByRole('status').filter({ hasText: 'Termina de configurar tu cuenta' }),
  );
  await banner.getByRole('link', { name: 'Continue setup' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test('Skip for now finishes without a card; the dashboard welcomes once and offers the card until it exists', async ({
  page,
}) => {
  await signUpAndConfirm(page, 'Grace Hopper');
  await page
    .getByRole('listitem', { name: 'Free Trial' })
    .getByRole('button', { name: 'Get Started' })
    .click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Your account is ready', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome, Grace Hopper.', { exact: false })).toBeVisible();
  const missing = page.getByRole('status').filter({ hasText: 'You have no card yet' });
  await expect(missing).toBeVisible();
  await expectAccessibleInBothLanguages(
    page,
    page.getByRole('status').filter({ hasText: 'Aún no tienes una tarjeta' }),
  );
  // the greeting of the first visit is not repeated
  await expect(page.getByText('Welcome back, Grace Hopper.', { exact: false })).toBeVisible();

  await missing.getByRole('link', { name: 'Create my card' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  // onboarding is over: no progress bar and no skipping again, but a way back
  await expect(page.getByText('Step 3 of 3')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Skip for now' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create my card' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Welcome back, Grace Hopper.', { exact: false })).toBeVisible();
  await expect(missing).toBeHidden();
  await page.goto('/onboarding');
  await expect(page).toHaveURL('/dashboard');
});

test('Pro paid in the checkout tab reaches the open card step live, with the paid username rule', async ({
  page,
}) => {
  await signUpAndConfirm(page, 'Grace Hopper');
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('listitem', { name: 'Pro Plan' }).getByRole('button', { name: 'Get Started' }).click(),
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  // not paid yet: the free trial's rule, and the step says what happens
  const pending = page.getByRole('status').filter({ hasText: 'Waiting for your payment for Pro' });
  await expect(pending).toContainText('free trial');
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveValue(/^\d{8}$/);
  await expect(username).toHaveAttribute('maxlength', '8');
  // a reload keeps the step and the payment it waits for
  await page.reload();
  await expect(pending).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('status').filter({ hasText: 'Esperando tu pago de Pro' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Idioma').selectOption('en');
  await expect(pending).toBeVisible();
  await page.getByRole('textbox', { name: 'Position' }).fill('Rear Admiral');

  await checkout.waitForURL(/\/billing\/demo\/checkout\?/);
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  // the return page brings the checkout tab to the card step, not to billing
  await checkout.waitForURL('/onboarding');
  await expect(checkout.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  await expect(checkout.getByText('Payment received', { exact: true })).toBeVisible();
  await checkout.close();

  // the first tab follows without a reload: Pro's rule and suggestion, and what was typed stays
  await expect(pending).toBeHidden();
  await expect(username).toHaveValue(/^grace-hopper-\d{4}$/);
  await expect(username).toHaveAttribute('maxlength', '30');
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveValue('Rear Admiral');
  await username.fill('grace-hopper-e2e');
  await expect(username).toHaveValue('grace-hopper-e2e');
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
});
