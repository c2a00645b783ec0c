import { E2E_PASSWORD, expect, expectCleanConsole, signedInNewPerson, test } from './support.ts';

test('the dashboard without a session ends on /auth, and signing in there opens the page asked for', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  await page.context().clearCookies();
  await page.goto('/dashboard/support#contact');
  await expect(page).toHaveURL('/auth?next=%2Fdashboard%2Fsupport%23contact');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/support#contact');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
});

test('a next address that leaves the app is ignored: sign-in stays on this origin', async ({ page }) => {
  const email = await signedInNewPerson(page);
  await page.context().clearCookies();
  await page.goto('/auth?next=%2F%2Fevil.example%2Fdashboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
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

  test('the drawer has the profile and vCard editor entries, lit on their pages', async ({ page }) => {
    await signedInNewPerson(page);
    await page.goto('/dashboard/qr-codes');
    const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dashboardNav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/dashboard/profile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dashboardNav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    // the last entries are reachable in the drawer (it scrolls when the phone is short)
    await dashboardNav.getByRole('link', { name: 'Edit vCard' }).click();
    await expect(page).toHaveURL('/dashboard/vcard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dashboardNav.getByRole('link', { name: 'Edit vCard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(dashboardNav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(dashboardNav.getByRole('button', { name: 'Logout' })).toBeInViewport();
  });
});

test('the sidebar lights the profile page and the vCard editor, expanded and collapsed', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/profile');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  await nav.getByRole('link', { name: 'Edit vCard' }).click();
  await expect(page).toHaveURL('/dashboard/vcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit vCard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Edit vCard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'My vCards' })).not.toHaveAttribute('aria-current', 'page');

  // collapsed to icons, the entries keep their names as tooltips and the highlight stays
  await page.getByRole('button', { name: 'Sidebar' }).click();
  const editor = nav.getByRole('link', { name: 'Edit vCard' });
  await expect(editor).toHaveAttribute('title', 'Edit vCard');
  await expect(editor).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('title', 'Profile');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
});

test('on a desktop the sidebar marks the active item, a skip link passes it, and logout goes home', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/billing');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // the page's own controls have loaded: the Tab after the skip link has somewhere to go in it
  const currentPlan = page.getByRole('region', { name: 'Current plan' });
  await expect(currentPlan.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
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
