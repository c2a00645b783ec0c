import type { Locator, Page } from '@playwright/test';
import {
  callTrpc,
  closeWithEscape,
  expect,
  expectAccessible,
  chooseUsername,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';

// The links page (/dashboard/links): add, reorder by mouse and by keyboard, delete; the public profile shows
// the links in the new order; the free plan's cap of five. Every test has its own person on the free plan.

function linkList(page: Page): Locator {
  return page.getByRole('region', { name: 'Your links' }).getByRole('listitem');
}

async function addLink(page: Page, title: string, url: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Add a link' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('URL').fill(url);
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByText('Link added successfully', { exact: true })).toBeVisible();
  await expect(linkList(page).filter({ hasText: title })).toBeVisible();
}

/** The titles of the links, top to bottom, as the dashboard shows them. */
async function dashboardOrder(page: Page): Promise<string[]> {
  return linkList(page).locator('p.font-semibold').allTextContents();
}

/** Drags a link by its handle with the mouse, in small steps, onto the place of another. */
async function dragLink(page: Page, title: string, ontoTitle: string): Promise<void> {
  await linkList(page).last().scrollIntoViewIfNeeded();
  const from = await page.getByRole('button', { name: `Move ${title}` }).boundingBox();
  const to = await page.getByRole('button', { name: `Move ${ontoTitle}` }).boundingBox();
  if (!from || !to) throw new Error('the drag handles are not on the screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

test('add links, reorder them by mouse and by keyboard, and see the public profile in that order', async ({
  page,
}) => {
  // a long journey: sign-up, three adds, two reorders, the public page and a delete
  test.slow();
  await signedInNewPerson(page);
  const username = await chooseUsername(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Links' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(page.getByText('Links used: 0 of 5')).toBeVisible();

  // title and URL are both required, each at its field; then the URL rules
  const form = page.getByRole('region', { name: 'Add a link' });
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Title and URL are required');
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription('Title and URL are required');
  await form.getByLabel('Title').fill('Alpha');
  await form.getByLabel('URL').fill('data:text/html,hello');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription('URL must start with http:// or https://');

  await addLink(page, 'Alpha', 'https://alpha.example');
  await expect(form.getByLabel('Title')).toHaveValue('');
  await addLink(page, 'Beta', 'https://beta.example');
  await addLink(page, 'Gamma', 'https://gamma.example');
  expect(await dashboardOrder(page)).toEqual(['Alpha', 'Beta', 'Gamma']);

  // by mouse: Gamma to the top
  await dragLink(page, 'Gamma', 'Alpha');
  await expect(page.getByText('Link reordered successfully', { exact: true })).toBeVisible();
  await expect.poll(() => dashboardOrder(page)).toEqual(['Gamma', 'Alpha', 'Beta']);

  // by keyboard: Space picks Gamma up, ArrowDown moves it one place, Space drops it
  const gamma = page.getByRole('button', { name: 'Move Gamma' });
  await gamma.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Gamma. It is at position 1 of 3.')).toBeAttached();
  // the sensor measures the other rows just after the pick-up: an arrow pressed before that (a loaded
  // machine) moves nothing and says nothing, and is pressed again
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText('Gamma was moved to position 2 of 3.')).toBeAttached({ timeout: 2_000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect.poll(() => dashboardOrder(page)).toEqual(['Alpha', 'Gamma', 'Beta']);
  await expect(page.getByText('Link reordered successfully', { exact: true })).toBeVisible();

  // stored: the order survives a reload, and the public profile shows it
  await page.reload();
  await expect.poll(() => dashboardOrder(page)).toEqual(['Alpha', 'Gamma', 'Beta']);
  await page.goto(`/${username}`);
  const publicLinks = page.getByRole('navigation', { name: 'Links' }).getByRole('listitem');
  await expect(publicLinks).toHaveText(['Alpha', 'Gamma', 'Beta']);

  // delete
  await page.goto('/dashboard/links');
  await page.getByRole('button', { name: 'Delete Gamma' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this link?' })
    .getByRole('button', { name: 'Delete link' })
    .click();
  await expect(page.getByText('Link deleted successfully', { exact: true })).toBeVisible();
  await expect.poll(() => dashboardOrder(page)).toEqual(['Alpha', 'Beta']);
});

test('edit a link: the same rules as adding, and another open tab follows', async ({ page, context }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/links');
  await addLink(page, 'Alpha', 'https://alpha.example');
  const other = await context.newPage();
  await other.goto('/dashboard/links');
  await expect(linkList(other).filter({ hasText: 'Alpha' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Alpha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Alpha');
  await dialog.getByLabel('URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByLabel('URL')).toHaveAccessibleDescription(
    'URL must start with http:// or https://',
  );
  await expect(dialog.getByLabel('URL')).toBeFocused();
  await dialog.getByLabel('Title').fill('Alpha shop');
  await dialog.getByLabel('URL').fill('https://shop.alpha.example');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Link updated successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit Alpha shop' })).toBeFocused();
  await expect.poll(() => dashboardOrder(page)).toEqual(['Alpha shop']);
  await expect(linkList(page).getByText('https://shop.alpha.example')).toBeVisible();
  // the other tab, through live updates, without a reload
  await expect(linkList(other).getByText('Alpha shop')).toBeVisible();
});

test('a refused save focuses the first invalid field once: typing elsewhere right after stays there', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/links');
  const form = page.getByRole('region', { name: 'Add a link' });
  await form.getByLabel('Title').fill('Alpha');
  await form.getByLabel('URL').fill('javascript:alert(1)');
  // in one task of the page, as a quick person would: from the title, Add link, and as soon as the check
  // has moved focus to the URL, back into the title; a second, later focus of the URL would pull them out
  const focusedAfter = await form.evaluate(async (region) => {
    const title = region.querySelector<HTMLInputElement>('input[name="title"]');
    const url = region.querySelector<HTMLInputElement>('input[name="url"]');
    const add = region.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!title || !url || !add) return 'the form is not there';
    title.focus();
    add.click();
    for (let turns = 0; document.activeElement !== url; turns += 1) {
      if (turns === 10_000) return 'the URL field never took focus';
      await Promise.resolve();
    }
    title.focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return document.activeElement?.getAttribute('name') ?? 'nothing';
  });
  expect(focusedAfter).toBe('title');
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription('URL must start with http:// or https://');
});

test('a failed reorder says so and shows the order the server has', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/links');
  await addLink(page, 'Alpha', 'https://alpha.example');
  await addLink(page, 'Beta', 'https://beta.example');
  // the connection drops as the new order is sent
  await page.route(/\/api\/trpc\/links\.reorderProfileLinks/, (route) => route.abort('internetdisconnected'));
  await dragLink(page, 'Beta', 'Alpha');
  await expect(page.getByText('Failed to reorder links. Please try again.', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.', { exact: true }),
  ).toBeVisible();
  await expect.poll(() => dashboardOrder(page)).toEqual(['Alpha', 'Beta']);
});

test('the free plan stops at five links, in the form and on the server', async ({ page }) => {
  // no live updates, so that this tab still offers the form when another tab has used the last link
  await page.route(/\/api\/trpc\/live\.changes/, (route) => route.abort());
  await signedInNewPerson(page);
  for (const index of [1, 2, 3]) {
    await callTrpc(page, 'links.createProfileLink', {
      title: `Link ${index}`,
      url: `https://example.com/${index}`,
    });
  }
  await page.goto('/dashboard/links');
  await addLink(page, 'Link 4', 'https://example.com/4');
  const form = page.getByRole('region', { name: 'Add a link' });
  await form.getByLabel('Title').fill('Link 6');
  await form.getByLabel('URL').fill('https://example.com/6');
  // meanwhile another tab added the fifth
  await callTrpc(page, 'links.createProfileLink', { title: 'Link 5', url: 'https://example.com/5' });
  await form.getByRole('button', { name: 'Add link' }).click();
  const limitText = 'Free users can create 5 links. Upgrade to Pro for unlimited links!';
  await expect(page.getByText('Limit Reached', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText(limitText)).toBeVisible();

  await page.reload();
  await expect(page.getByText('Links used: 5 of 5')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Add link' })).toBeDisabled();
  await expect(form.getByText(limitText)).toBeVisible();
  await expect(form.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
    'href',
    '/dashboard/billing?choose=plan',
  );
});

test('layout on a phone and a desktop, in English and Spanish, passes axe (screenshots kept)', async ({
  page,
}, testInfo) => {
  // axe on four screens, each with its dialogs: near a minute on a loaded machine
  test.slow();
  await signedInNewPerson(page);
  for (const [title, url] of [
    ['My portfolio', 'https://ada.example/portfolio'],
    [
      'A shop with a rather long name that wraps on a phone',
      'https://shop.example/a/very/long/path/to/a/product?ref=profile',
    ],
    ['Blog', 'https://blog.example'],
  ]) {
    await callTrpc(page, 'links.createProfileLink', { title, url });
  }
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/links');
      const rows = page.locator('main ol > li');
      await expect(rows).toHaveCount(3);
      // phone-sized targets: the handle and the delete button are at least 44 px
      for (const button of [
        rows.first().getByRole('button').first(),
        rows.first().getByRole('button').last(),
      ]) {
        const box = await button.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const path = testInfo.outputPath(`links-${device}-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`Links, ${device}, ${language}`, { path, contentType: 'image/png' });
      await expectAccessible(page);
      // the delete confirmation, and focus back on its button after Cancel
      const deleteButton = rows.first().getByRole('button').last();
      await deleteButton.click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole('button', { name: language === 'en' ? 'Cancel' : 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
      await expect(deleteButton).toBeFocused();
      // the edit dialog with a field error, and focus back on its button after Escape
      const editButton = rows
        .first()
        .getByRole('button', { name: language === 'en' ? /^Edit / : /^Editar / });
      await editButton.click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel('URL').fill('ftp://ada.example');
      await edit
        .getByRole('button', { name: language === 'en' ? 'Save changes' : 'Guardar cambios' })
        .click();
      await expect(edit.locator('[aria-invalid="true"]')).toBeFocused();
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(editButton).toBeFocused();
    }
  }
});
