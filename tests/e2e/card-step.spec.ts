import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, freeUsername, signUpAndConfirm, test } from './support.ts';

// /onboarding step 3 (spec sections 2, 4 and 5): the virtual card that completes onboarding and the
// username's availability check; then the same username and photo pieces on /dashboard/profile and the
// account page. Every test has its own person.

// each test signs up and confirms one or two people before the steps it is about
test.slow();

/** A small real JPEG, as a phone would hand the file input. */
async function portraitJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
}

async function openCardStep(page: Page, name?: string): Promise<void> {
  await signUpAndConfirm(page, name);
  await page
    .getByRole('listitem', { name: 'Free Trial' })
    .getByRole('button', { name: 'Get Started' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
}

test('a new person chooses the free trial, creates a card with a photo and lands on the dashboard', async ({
  page,
}) => {
  await openCardStep(page, 'Grace Hopper');
  const username = page.getByRole('textbox', { name: 'Username' });
  // the suggestion: 8 digits, checked at once, and the public address it gives
  await expect(username).toHaveValue(/^\d{8}$/);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  const suggested = await username.inputValue();
  await expect(page.getByText(`/${suggested}`).first()).toBeVisible();
  // the card is public: the sign-in address is not put on it unless typed there
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('');

  // typing is lowercased and stripped, and the free plan's rule shows at once
  await username.fill('Ab 12!');
  await expect(username).toHaveValue('ab12');
  await expect(page.getByText('Username must be 8 digits')).toBeVisible();
  await page.getByRole('button', { name: 'Suggest another' }).click();
  await expect(username).toHaveValue(/^\d{8}$/);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'portrait.jpg',
    mimeType: 'image/jpeg',
    buffer: await portraitJpeg(),
  });
  await expect(page.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', /^\/media\//);

  await page.getByRole('textbox', { name: 'Position' }).fill('Rear Admiral');
  await page.getByRole('textbox', { name: 'Company' }).fill('US Navy');
  await page.getByRole('radio', { name: 'Emerald' }).click();
  const preview = page.getByRole('figure');
  await expect(preview.getByText('Rear Admiral at US Navy')).toBeVisible();
  await expect(preview.getByRole('img', { name: /^QR code of / })).toBeVisible();
  // the preview's colours read as the public page's (Emerald under white text), in both languages
  await expectAccessible(page);
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu tarjeta virtual' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();

  // a social link that is not a web address is refused before anything is sent
  await page.getByRole('button', { name: 'Social links' }).click();
  await page.getByRole('textbox', { name: 'LinkedIn' }).fill('linkedin.com/in/grace');
  await page.getByRole('button', { name: 'Create my card' }).click();
  await expect(page.getByText('URL must start with http:// or https://').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'LinkedIn' }).fill('https://linkedin.com/in/grace');

  await page.getByRole('button', { name: 'Create my card' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Welcome to Tapcard!', { exact: true })).toBeVisible();
  // onboarding is complete: coming back goes to the dashboard
  await page.goto('/onboarding');
  await expect(page).toHaveURL('/dashboard');
});

test('a file that is not an image is called one, whether the browser or the server finds out', async ({
  page,
}) => {
  await openCardStep(page);
  const input = page.locator('input[type="file"]');
  // the browser sees the type
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(page.getByText('Please upload an image file', { exact: true })).toBeVisible();
  // a text file named .jpg passes the browser and is refused by the server from its bytes: the same words
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Invalid file type', { exact: true })).toBeHidden();
  await input.setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(page.getByText('Please upload an image file', { exact: true })).toBeVisible();
  await expect(page.getByText(/Continuing without it/)).toBeHidden();
  await expect(page.getByRole('img', { name: 'Current photo' })).toBeHidden();
});

test('a username someone else holds reads "Username not available" and cannot be submitted', async ({
  page,
  browser,
}) => {
  // someone else takes a username first, through their own card step
  const taken = freeUsername();
  const [a = 0, b = 0] = randomBytes(2);
  const other = await browser.newPage({
    baseURL: String(test.info().project.use.baseURL),
    // another visitor, as the fixture makes each test one (support.ts)
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${a}.${b}` },
  });
  await openCardStep(other);
  await other.getByRole('textbox', { name: 'Username' }).fill(taken);
  await expect(other.getByText('Available', { exact: true })).toBeVisible();
  await other.getByRole('button', { name: 'Create my card' }).click();
  await expect(other).toHaveURL('/dashboard');
  await other.close();

  await openCardStep(page);
  const username = page.getByRole('textbox', { name: 'Username' });
  await username.fill(taken);
  await expect(page.getByText('Checking...')).toBeVisible();
  await expect(page.getByText('Username not available')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Create my card' })).toBeDisabled();

  await username.fill(freeUsername());
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create my card' })).toBeEnabled();
});

test('the profile page saves name and username, and the account page changes the photo', async ({ page }) => {
  await openCardStep(page, 'Ada Lovelace');
  await page.getByRole('button', { name: 'Create my card' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada King');
  const newUsername = freeUsername();
  await page.getByRole('textbox', { name: 'Username' }).fill(newUsername);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada King');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(newUsername);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/dashboard/account');
  // the photo's input: the page's other one takes an import
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
    name: 'portrait.jpg',
    mimeType: 'image/jpeg',
    buffer: await portraitJpeg(),
  });
  await expect(page.getByText('Profile photo updated successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', /^\/media\//);
});
