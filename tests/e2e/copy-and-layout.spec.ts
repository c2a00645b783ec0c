import type { Locator } from '@playwright/test';
import {
  buyPlan,
  callTrpc,
  chooseUsername,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  SCREENS,
  signedInNewPerson,
  test,
  useLanguage,
} from './support.ts';

// What a newcomer reads and how it sits on a phone: the landing page speaks to a visitor, the plans say
// what they give, addresses wrap where a reader expects, text and icons can be white or black, and no
// screen's first load warns in the console.

test.slow();

const LANDING = {
  en: {
    kept: 'are kept by the organisation that runs this server',
    footer: 'No “Made with Tapcard” footer',
    business: 'Business Plan',
    operator: /self-hosted|your own server/i,
  },
  es: {
    kept: 'los guarda la organización que gestiona este servidor',
    footer: 'Sin el pie «Hecho con Tapcard»',
    business: 'Plan Empresa',
    operator: /autoalojado|tu propio servidor|Plan Business|Ad-free|Sin anuncios/i,
  },
} as const;

for (const language of ['en', 'es'] as const) {
  test(`the landing page in ${language} speaks to a visitor and says what each plan gives`, async ({
    page,
  }) => {
    const texts = LANDING[language];
    await useLanguage(page, language);
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByText(texts.kept)).toBeVisible();
      await expect(page.getByText(texts.footer, { exact: true }).first()).toBeAttached();
      await expect(page.getByRole('heading', { name: texts.business, exact: true })).toBeAttached();
      expect(await page.locator('body').innerText()).not.toMatch(texts.operator);
      await page.screenshot({
        path: test.info().outputPath(`landing-${language}-${name}.png`),
        fullPage: true,
      });
    }
  });
}

test("no screen's first load warns about React Router's HydrateFallback", async ({ browser }) => {
  // every screen's first load in turn: 33 s in CI
  test.slow();
  for (const path of [
    '/auth',
    '/auth?mode=signup',
    '/login',
    '/onboarding',
    '/contact',
    '/privacy',
    '/terms',
  ]) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/HydrateFallback|React Router/i.test(message.text())) warnings.push(`${path}: ${message.text()}`);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(warnings).toEqual([]);
    await context.close();
  }
});

/**
 * The lines each piece of an address (between the places it may wrap: after a slash, before a dot) takes
 * on the screen: 1 for every piece that fits a line, so no username or code is broken in two.
 */
async function linesPerPiece(address: Locator): Promise<number[]> {
  return address.locator(':scope > span').evaluateAll((pieces) =>
    pieces.map((piece) => {
      const range = document.createRange();
      range.selectNodeContents(piece);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  );
}

/** The text a person copies when they select the whole address. */
async function selectedText(address: Locator): Promise<string> {
  return address.evaluate((element) => {
    const selection = window.getSelection();
    selection?.selectAllChildren(element);
    return selection?.toString() ?? '';
  });
}

test('on a phone the links page keeps addresses whole and gives the text the row', async ({ page }) => {
  await signedInNewPerson(page);
  const username = await chooseUsername(page);
  await callTrpc(page, 'links.createProfileLink', {
    title: 'Portfolio',
    url: 'https://portfolio.example.com/paula-portfolio/2026/selected-work',
  });
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [name, size] of [['phone', { width: 390, height: 844 }], SCREENS[1]] as const) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/links');
      const row = page.getByRole('listitem').filter({ hasText: 'Portfolio' });
      const addresses = row.locator('span.break-words');
      await expect(addresses).toHaveCount(2);
      for (const address of await addresses.all()) {
        const pieces = await linesPerPiece(address);
        expect(pieces.length).toBeGreaterThan(2);
        for (const lines of pieces) expect(lines).toBe(1);
      }
      expect(await selectedText(addresses.first())).toBe(
        'https://portfolio.example.com/paula-portfolio/2026/selected-work',
      );
      // the buttons go under the text on a phone, and beside it (five of them) on a desktop: the text has
      // most of the row either way
      const text = await row.locator('div.min-w-0').boundingBox();
      const whole = await row.boundingBox();
      expect((text?.width ?? 0) / (whole?.width ?? 1)).toBeGreaterThan(name === 'phone' ? 0.7 : 0.6);
      await page.screenshot({
        path: test.info().outputPath(`links-${language}-${name}.png`),
        fullPage: true,
      });
    }
  }
  // the public address keeps the username whole too
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/profile');
  const address = page.locator('span.break-words').filter({ hasText: username });
  await expect(address).toBeVisible();
  const pieces = await linesPerPiece(address);
  expect(pieces.length).toBeGreaterThan(2);
  for (const lines of pieces) expect(lines).toBe(1);
});

test('text and icons can be white or black on the design screen, the background stays a theme colour', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Ada Lovelace' });
  for (const [language, white, black, font, icon, background] of [
    ['en', 'White', 'Black', 'Font colour', 'Icon colour', 'Background colour'],
    ['es', 'Blanco', 'Negro', 'Color del texto', 'Color de los iconos', 'Color de fondo'],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/design');
    const group = (legend: string) => page.getByRole('group', { name: legend, exact: true });
    for (const legend of [font, icon]) {
      await expect(group(legend).getByRole('radio', { name: white, exact: true })).toHaveCount(1);
      await expect(group(legend).getByRole('radio', { name: black, exact: true })).toHaveCount(1);
    }
    await expect(group(background).getByRole('radio', { name: white, exact: true })).toHaveCount(0);
    await expect(group(background).getByRole('radio', { name: black, exact: true })).toHaveCount(0);
    await page.getByRole('group', { name: font, exact: true }).getByRole('radio', { name: black }).click();
    await expect(page.getByRole('group', { name: font, exact: true }).getByRole('textbox')).toHaveValue(
      '#000000',
    );
    await page.getByRole('group', { name: font, exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`design-colours-${language}.png`) });
  }
});

test('the Upgrade prompt opens the plan picker, which a reload does not open again once closed', async ({
  page,
}) => {
  await signedInNewPerson(page);
  for (const [language, upgrade, picker] of [
    ['en', 'Upgrade to Pro', 'Choose Your Plan'],
    ['es', 'Mejorar a Pro', 'Elige tu plan'],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/design');
      await page.getByRole('link', { name: upgrade }).click();
      const dialog = page.getByRole('dialog', { name: picker });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`plan-picker-${language}-${name}.png`) });
      await closeWithEscape(page);
      await expect(page).toHaveURL(/\/dashboard\/billing$/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(dialog).toBeHidden();
    }
  }
});
