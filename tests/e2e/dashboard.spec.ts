import { expect, expectCleanConsole, signedInNewPerson, test } from './support.ts';

test('the dashboard without a session shows Loading... and ends on /auth', async ({ page }) => {
  await page.goto('/dashboard/qr-codes');
  await expect(page).toHaveURL('/auth');
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the navigation drawer opens, closes, and closes on navigation', async ({ page }) => {
    await signedInNewPerson(page);
    await page.goto('/dashboard');
    const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(dashboardNav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dashboardNav).toBeVisible();
    await expect(dashboardNav.getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // a tap opens it on its first entry too, one Enter away from a page, not from signing out
    await expect(dashboardNav.getByRole('link', { name: 'Analytics' })).toBeFocused();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(dashboardNav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(dashboardNav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await dashboardNav.getByRole('link', { name: 'My QR Codes' }).click();
    await expect(page).toHaveURL('/dashboard/qr-codes');
    await expect(dashboardNav).toBeHidden();
  });
});

test('on a desktop the sidebar marks the active item, a skip link passes it, and logout goes home', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/billing');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // the first Tab stop skips the sidebar's ten stops
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  // loading the dashboard logged no error: no missing file, no refused script
  expectCleanConsole(page);
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth');
});
