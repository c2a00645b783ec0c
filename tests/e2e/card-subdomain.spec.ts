import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  freeUsername,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';

// Card subdomains (issue 13 item 4, customSubdomain): the E2E server runs with CARD_DOMAIN=localhost, and
// Chromium resolves every *.localhost to this machine. A Pro owner sees the card's own address on the
// profile page and the card there; a Free account sees the upgrade prompt, and its subdomain leads to the
// main address.

/** The card's subdomain address: the app's scheme and port, `{username}.localhost`. */
function subdomainOf(username: string): string {
  const { protocol, port } = new URL(appOrigin());
  return `${protocol}//${username}.localhost:${port}`;
}

/** A signed-in person with a card named Grace Hopper under `username`. */
async function ownerWithCard(page: Page, username: string) {
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await callTrpc(page, 'profile.updateDetails', { name: 'Grace Hopper', username, photo: null });
}

test("a Pro owner sees the card's own address on the profile page, and the card is served there", async ({
  page,
}) => {
  await signedInNewPerson(page, 'Grace Hopper');
  await buyPlan(page, 'pro');
  const username = `grace-${randomBytes(3).toString('hex')}`;
  await ownerWithCard(page, username);
  const address = subdomainOf(username);

  for (const [language, heading] of [
    ['en', "Your card's own address"],
    ['es', 'La dirección propia de tu tarjeta'],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/profile');
      const section = page.getByRole('region', { name: heading });
      await expect(section.getByRole('link', { name: address })).toHaveAttribute('href', address);
      await expectAccessible(page);
    }
  }
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });

  await page.goto(address);
  await expect(page).toHaveURL(`${address}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${appOrigin()}/${username}`);
  await expectAccessible(page);
  // Save contact stays on the subdomain (the browser resolves *.localhost, Node's resolver does not)
  const [vcf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Save contact/ }).click(),
  ]);
  expect(vcf.url()).toMatch(new RegExp(`^${address}/vcard/[0-9a-f-]+/contact\\.vcf$`));
  expect(vcf.suggestedFilename()).toMatch(/\.vcf$/);
  // the dashboard is not there
  expect((await page.goto(`${address}/dashboard`))?.status()).toBe(404);
});

test('a Free account sees the upgrade prompt for its own address, and its subdomain leads to the main address', async ({
  page,
}) => {
  await signedInNewPerson(page, 'Grace Hopper');
  const username = freeUsername();
  await ownerWithCard(page, username);
  for (const [language, prompt] of [
    ['en', 'Custom subdomain is part of the Pro plan'],
    ['es', /Subdominio personalizado/],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/profile');
    await expect(page.getByText(prompt)).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto(subdomainOf(username));
  await expect(page).toHaveURL(`${appOrigin()}/${username}`);
});
