import { expect, test } from './support.ts';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the goodbye page counts down and returns home', async ({ page }) => {
  await page.clock.install();
  await page.goto('/goodbye');
  await expect(page.getByText(/10 seconds/)).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(page.getByText(/7 seconds/)).toBeVisible();
  await page.clock.runFor(7_500);
  await expect(page).toHaveURL('/');
});
