import { expect, test } from './support.ts';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the goodbye page is only for a deleted account: anyone else opening it goes home', async ({ page }) => {
  await page.goto('/goodbye');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account has been deleted')).toBeHidden();
});

test('an app path typed in another case opens its lowercase page', async ({ page }) => {
  const response = await page.goto('/Login');
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/Login$/);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.goto('/DASHBOARD/Account?tab=1');
  // no session: the lowercase page, then the sign-in that leads back to it
  await expect(page).toHaveURL('/auth?next=%2Fdashboard%2Faccount%3Ftab%3D1');
});
