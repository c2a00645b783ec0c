import type { Page } from '@playwright/test';
import type { PaidPlanId } from '../../src/plans.ts';
import { appOrigin, callTrpc, expect, signedInNewPerson, test } from './support.ts';

// A downgrade in the browser (DECISIONS.md "Plans that end, trials that expire, downgrades"): QR codes over
// the new plan's limit are marked paused on My QR Codes with the way out, and the owner swaps which one
// stays live; visitors of the paused code get the 'Paused' page, not the destination.

/** Pays for a plan on the demo checkout (the E2E server has no Stripe keys), as its Pay button does. */
async function buyPlan(page: Page, plan: PaidPlanId): Promise<void> {
  const response = await page.request.post('/billing/demo/checkout', {
    form: { plan, interval: 'month', action: 'pay' },
    headers: { origin: appOrigin() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

interface QrCode {
  title: string;
  qrUrl: string;
}

test('QR codes over the limit after a downgrade are marked paused, and the owner chooses which stays live', async ({
  page,
}) => {
  // a long set-up: 21 QR codes on Business, then Pro
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'business');
  const proLimit = 20;
  for (let index = 1; index <= proLimit + 1; index += 1) {
    await callTrpc(page, 'links.createQrCode', {
      title: `Code ${index}`,
      url: `https://cafe.example/${index}`,
      icon: '',
    });
  }
  await buyPlan(page, 'pro');

  await page.goto('/dashboard/qr-codes');
  await expect(page.getByText(`QR codes used: ${proLimit + 1} of ${proLimit}`)).toBeVisible();
  const card = (title: string) => page.getByRole('article', { name: title, exact: true });
  // the newest is over the limit; a swap pauses the lowest-ranked live one, the newest of those live
  const newest = card(`Code ${proLimit + 1}`);
  const lowestLive = `Code ${proLimit}`;
  await expect(newest.getByText("Paused: over your plan's limit")).toBeVisible();
  await expect(
    newest.getByText(`keep this one live in place of “${lowestLive}”`, { exact: false }),
  ).toBeVisible();
  await expect(newest.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
    'href',
    '/dashboard/billing',
  );
  await expect(card(lowestLive).getByText("Paused: over your plan's limit")).toHaveCount(0);

  await newest.getByRole('button', { name: 'Keep live' }).click();
  const dialog = page.getByRole('dialog', { name: `Keep “Code ${proLimit + 1}” live?` });
  await expect(dialog).toContainText(`“${lowestLive}” is paused instead`);
  await dialog.getByRole('button', { name: 'Keep live' }).click();
  await expect(page.getByText(`“Code ${proLimit + 1}” is live`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
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

  // on a phone, nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await card(lowestLive).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
