import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectCleanConsole, signUpAndConfirm, test } from './support.ts';

function newEmail(): string {
  return `e2e-${randomBytes(5).toString('hex')}@example.com`;
}

async function fillStepOne(page: Page, password: string, email = newEmail()): Promise<void> {
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
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
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await expect(page.getByLabel('Full Name')).toBeVisible();
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

test('a confirmed new account continues at the plan step, and the free trial leads to the card step', async ({
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
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
});
