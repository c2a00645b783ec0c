import type { Locator, Page } from '@playwright/test';
import { PLANS } from '../../src/plans.ts';
import {
  buyPlan,
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  runSql,
  signedInNewPerson,
  test,
} from './support.ts';

// A downgrade in the browser (docs/decisions/013-pause-never-delete.md): QR codes,
// vCards and profile links over the new plan's limit are marked paused with the way out, and the owner
// swaps which one stays live; visitors of the paused code get the 'Paused' page, not the destination.

const KEEP_LIVE = { en: 'Keep live', es: 'Mantener activo' } as const;

/**
 * The paused marks of a list and the Keep live confirmation of one paused item pass axe in English and
 * Spanish, and Escape gives focus back to the item's Keep live button. The page is left in English.
 */
async function expectPausesAccessible(page: Page, path: string, pausedItem: Locator): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto(path);
    const keepLive = pausedItem.getByRole('button', { name: KEEP_LIVE[language] });
    await expect(keepLive).toBeVisible();
    await expectAccessible(page);
    await keepLive.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
    await closeWithEscape(page);
    await expect(keepLive).toBeFocused();
  }
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
}

interface QrCode {
  title: string;
  qrUrl: string;
}

test('QR codes and vCards over the limit after a downgrade are marked paused, and the owner chooses which stays live', async ({
  page,
}) => {
  // a long set-up: 21 QR codes and 11 vCards on Business, then Pro
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'business');
  const { qrCodes: proLimit, vcards: proVcards } = PLANS.pro.limits;
  for (let index = 1; index <= proLimit + 1; index += 1) {
    await callTrpc(page, 'links.createQrCode', {
      title: `Code ${index}`,
      url: `https://cafe.example/${index}`,
      icon: '',
    });
  }
  for (let index = 1; index <= proVcards + 1; index += 1) {
    await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: `Card ${index}` });
  }
  await buyPlan(page, 'pro');
  const card = (title: string) => page.getByRole('article', { name: title, exact: true });
  await expectPausesAccessible(page, '/dashboard/vcards', card(`Card ${proVcards + 1}`));
  await expectPausesAccessible(page, '/dashboard/qr-codes', card(`Code ${proLimit + 1}`));

  await page.goto('/dashboard/qr-codes');
  await expect(page.getByText(`QR codes used: ${proLimit + 1} of ${proLimit}`)).toBeVisible();
  // the newest is over the limit; a swap pauses the lowest-ranked live one, the newest of those live
  const newest = card(`Code ${proLimit + 1}`);
  const lowestLive = `Code ${proLimit}`;
  await expect(newest.getByText("Paused: over your plan's limit")).toBeVisible();
  await expect(
    newest.getByText(`keep this one live in place of “${lowestLive}”`, { exact: false }),
  ).toBeVisible();
  await expect(newest.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
    'href',
    '/dashboard/billing?choose=plan',
  );
  await expect(card(lowestLive).getByText("Paused: over your plan's limit")).toHaveCount(0);

  await newest.getByRole('button', { name: 'Keep live' }).click();
  const dialog = page.getByRole('dialog', { name: `Keep “Code ${proLimit + 1}” live?` });
  await expect(dialog).toContainText(`“${lowestLive}” is paused instead`);
  await dialog.getByRole('button', { name: 'Keep live' }).click();
  await expect(page.getByText(`“Code ${proLimit + 1}” is live`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // its Keep live button went with the pause: the page's heading has focus
  await expect(page.getByRole('heading', { level: 1, name: 'My QR Codes' })).toBeFocused();
  await expect(card(lowestLive).getByText("Paused: over your plan's limit")).toBeVisible();
  await expect(newest.getByText("Paused: over your plan's limit")).toHaveCount(0);

  // what a visitor meets: the destination of the live code, the 'Paused' page for the other
  const list = await page.request.get('/api/trpc/links.qrCodes');
  const { items } = ((await list.json()) as { result: { data: { json: { items: QrCode[] } } } }).result.data
    .json;
  const scanOf = (title: string) => {
    const code = items.find((item) => item.title === title);
    if (!code) throw new Error(`no QR code ${title}`);
    return page.request.get(code.qrUrl, { maxRedirects: 0 });
  };
  const paused = await scanOf(lowestLive);
  expect(paused.status()).toBe(200);
  expect(await paused.text()).toContain('<title>Paused</title>');
  const live = await scanOf(`Code ${proLimit + 1}`);
  expect(live.status()).toBe(302);
  expect(live.headers().location).toBe(`https://cafe.example/${proLimit + 1}`);

  // on a phone, nothing scrolls sideways, and the paused marks pass axe there too
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, pausedItem] of [
    ['/dashboard/qr-codes', card(lowestLive)],
    ['/dashboard/vcards', card(`Card ${proVcards + 1}`)],
  ] as const) {
    await page.goto(path);
    await expect(pausedItem.getByText("Paused: over your plan's limit")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  }
});

// Profile links have a limit on the free plan only: a paid plan that ended while the trial still runs, as
// the subscription's end leaves the profile (server/billing/rules.ts), set in the PostgreSQL the server
// shares (runSql).
test(
  'profile links over the free plan’s limit after a plan ended are marked paused, in English and Spanish',
  { tag: '@postgres' },
  async ({ page }) => {
    const email = await signedInNewPerson(page);
    await buyPlan(page, 'pro');
    const freeLimit = PLANS.free.limits.links;
    for (let index = 1; index <= freeLimit + 1; index += 1) {
      await callTrpc(page, 'links.createProfileLink', {
        title: `Link ${index}`,
        url: `https://cafe.example/${index}`,
      });
    }
    expect(
      await runSql(`update profiles set plan_type = 'free', subscription_end = now() where email = $1`, [
        email,
      ]),
    ).toBe(1);
    // the list in either language
    const lastLink = page.locator('main ol > li').last();
    await expectPausesAccessible(page, '/dashboard/links', lastLink);
    await page.reload();
    await expect(lastLink.getByText("Paused: over your plan's limit")).toBeVisible();
    await expect(
      lastLink.getByText('It is hidden from your public profile.', { exact: false }),
    ).toBeVisible();
  },
);
