import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { FREE_DESIGN } from '../../src/schemas/card-design.ts';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  freeUsername,
  subdomainOf,
  SCREENS,
  signedInNewPerson,
  test,
  useLanguage,
  profileVersion,
  vcardVersion,
} from './support.ts';

// Card subdomains (customSubdomain): the E2E server runs with CARD_DOMAIN=localhost, and
// Chromium resolves every *.localhost to this machine. A Pro owner sees the card's own address on the
// profile page and the card there, with its design's font and the site's icons; a Free account sees the
// upgrade prompt, and its subdomain leads to the main address; a renamed username's old subdomain leads to
// the new one, and the account page lists it.

/** A signed-in person with a card named Grace Hopper under `username`; returns the card's id. */
async function ownerWithCard(page: Page, username: string): Promise<string> {
  const { id } = await callTrpc<{ id: string }>(page, 'vcards.create', {
    ...EMPTY_VCARD,
    name: 'Grace Hopper',
  });
  await callTrpc(page, 'profile.updateDetails', {
    name: 'Grace Hopper',
    username,
    photo: null,
    baseVersion: await profileVersion(page),
  });
  return id;
}

/** A new Pro owner with a card; returns its username. */
async function proOwnerWithCard(page: Page): Promise<{ username: string; vcardId: string }> {
  await signedInNewPerson(page, 'Grace Hopper');
  await buyPlan(page, 'pro');
  const username = `grace-${randomBytes(3).toString('hex')}`;
  return { username, vcardId: await ownerWithCard(page, username) };
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

test("a Pro card's design font and the site's icons load on its subdomain", async ({ page }) => {
  const { username, vcardId } = await proOwnerWithCard(page);
  await callTrpc(page, 'designs.save', {
    vcardId,
    colours: { backgroundColour: '#0F766E', fontColour: '#FFFFFF', iconColour: '#FDE68A' },
    design: { ...FREE_DESIGN, layout: 'left', font: 'lora', cover: 'gradient' },
    baseVersion: await vcardVersion(page, vcardId),
  });
  const address = subdomainOf(username);

  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  expect(
    await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).fontFamily),
  ).toContain('Lora Variable');
  // the font came from the subdomain itself, and the browser has it: not a fallback
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Lora Variable"'))).toBe(true);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
  );
  expect(loaded).toContain('Lora Variable');
  const fontRequests = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/fonts/')),
  );
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(url.startsWith(`${address}/fonts/`), url).toBe(true);

  // the icons the page's head names, and the one browsers ask for on their own, answer on the subdomain
  const icons = await page.evaluate(async () => {
    const hrefs = [
      ...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]'),
    ]
      .map((link) => link.href)
      .concat(new URL('/favicon.ico', location.href).href);
    return Promise.all(
      hrefs.map(async (href) => {
        const response = await fetch(href);
        return { href, status: response.status, type: response.headers.get('content-type') ?? '' };
      }),
    );
  });
  expect(icons.map((icon) => icon.href)).toEqual(
    expect.arrayContaining([
      `${address}/favicon.svg`,
      `${address}/apple-touch-icon.png`,
      `${address}/favicon.ico`,
    ]),
  );
  for (const icon of icons) {
    expect(icon.status, icon.href).toBe(200);
    expect(icon.type, icon.href).toMatch(/^image\//);
  }
  expect(failed).toEqual([]);
  await expectAccessible(page);
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`subdomain-font-${name}.png`), fullPage: true });
  }
});

test('after a rename the old subdomain leads to the new one, and the account page lists it', async ({
  page,
}) => {
  const { username: old } = await proOwnerWithCard(page);
  const current = `${old}-design`;
  await callTrpc(page, 'profile.updateDetails', {
    name: 'Grace Hopper',
    username: current,
    photo: null,
    baseVersion: await profileVersion(page),
  });

  await page.goto(`${subdomainOf(old)}/?qr`);
  await expect(page).toHaveURL(`${subdomainOf(current)}/?qr`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();

  for (const [language, redirects] of [
    ['en', 'redirects to'],
    ['es', 'redirige a'],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await useLanguage(page, language);
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/account');
      await expect(page.getByText(`/${old} ${redirects} /${current}`)).toBeVisible();
      await expect(
        page.getByText(
          `${new URL(subdomainOf(old)).host} ${redirects} ${new URL(subdomainOf(current)).host}`,
        ),
      ).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: test.info().outputPath(`held-subdomain-${language}-${name}.png`),
        fullPage: true,
      });
    }
  }
});
