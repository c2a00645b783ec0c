import { PLANS, TRIAL_DAYS } from '../../src/plans.ts';
import { formatPrice } from '../../web/lib/format.ts';
import { expect, signedInNewPerson, test, useLanguage } from './support.ts';

const cases = [
  {
    language: 'en',
    pricing: 'Simple, transparent pricing',
    monthly: 'Monthly',
    annually: 'Annually',
    pro: 'Pro Plan',
  },
  {
    language: 'es',
    pricing: 'Precios simples y transparentes',
    monthly: 'Mensual',
    annually: 'Anual',
    pro: 'Plan Pro',
  },
] as const;

for (const c of cases) {
  test(`landing page in ${c.language}: sections, and the pricing toggle switches amounts`, async ({
    page,
  }) => {
    await useLanguage(page, c.language);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', c.language);
    await expect(page.getByRole('heading', { name: c.pricing })).toBeVisible();
    for (const anchor of ['#features', '#pricing', '#about']) {
      await expect(page.locator(anchor)).toHaveCount(1);
    }

    const pro = page.getByRole('listitem', { name: c.pro });
    await expect(pro).toContainText(formatPrice(PLANS.pro.price.month, 'month', c.language));
    await page.getByRole('radio', { name: new RegExp(`^${c.annually}`) }).click();
    await expect(pro).toContainText(formatPrice(PLANS.pro.price.year, 'year', c.language));
    await expect(pro).not.toContainText(formatPrice(PLANS.pro.price.month, 'month', c.language));
    await expect(page.getByRole('radio', { name: new RegExp(`^${c.annually}`) })).toContainText('17');
    await page.getByRole('radio', { name: c.monthly }).click();
    await expect(pro).toContainText(formatPrice(PLANS.pro.price.month, 'month', c.language));
    await expect(
      page.getByRole('listitem', { name: c.language === 'en' ? 'Free Trial' : /Prueba/ }),
    ).toContainText(String(TRIAL_DAYS));
  });
}

test('the language switcher changes the page and remembers the choice', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  await page.getByLabel('Language').first().selectOption('es');
  await expect(page.getByRole('heading', { name: 'Precios simples y transparentes' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('es');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Precios simples y transparentes' })).toBeVisible();
});

test('every link on the landing page leads somewhere', async ({ page, request }) => {
  await page.goto('/');
  // the page is rendered by the client: wait for it before reading its links
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of new Set(hrefs)) {
    expect(href, 'no empty or dummy links').not.toMatch(/^(#?|javascript:.*)$/);
    if (href.startsWith('#')) {
      await expect(page.locator(href), href).toHaveCount(1);
    } else if (href.startsWith('/') && href !== '/demo') {
      // /demo is the demo public card, served by the public pages once the demo account exists
      expect((await request.get(href)).status(), href).toBe(200);
    }
  }
});

test('a signed-in person gets Dashboard in the navigation instead of Sign In and Get Started', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await signedInNewPerson(page);
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('without Stripe keys, the landing page and the privacy policy speak of the demo billing, not Stripe', async ({
  page,
}) => {
  // the E2E server runs without payment keys: the demo billing
  await page.goto('/');
  await expect(
    page.getByText('Demo billing on this server: no card is charged and no money moves.'),
  ).toBeVisible();
  await expect(page.getByText(/Stripe/)).toHaveCount(0);

  await page.goto('/privacy');
  await expect(
    page.getByText(/This server runs a demo billing: no payment details are asked for/),
  ).toBeVisible();
  await expect(page.getByText(/Stripe/)).toHaveCount(0);
});
