import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import sharp from 'sharp';
import { QR_SCAN_MARKER } from '../../src/schemas/link.ts';
import {
  appOrigin,
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';
import { readQr } from '../support/qr-reader.ts';

// My QR Codes (/dashboard/qr-codes): create, download (and read back what the image encodes), copy, edit,
// delete; the vCard's own QR code; the free plan's limit. Every test has its own person on the free plan.

/** What a QR code image file says, read with jsQR from its pixels (SVG files are rasterised first). */
async function decodeQrFile(download: Download): Promise<string | null> {
  return (await readQr(await readFile(await download.path()), { density: 300, flatten: true })).text;
}

async function download(page: Page, button: ReturnType<Page['getByRole']>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

test('create a QR code, download it as PNG and SVG that scan to the short link, copy, edit and delete it', async ({
  page,
  context,
}) => {
  // a long journey: sign-up, create, copy, three downloads read back, edit and delete
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin() });
  await signedInNewPerson(page);
  await page.goto('/dashboard/qr-codes');
  await expect(page.getByRole('heading', { name: 'No QR codes yet' })).toBeVisible();
  const usage = page.getByRole('region', { name: 'Plan usage' });
  await expect(usage.getByText('QR codes used: 0 of 1')).toBeVisible();

  // the dialog opened from the keyboard gives focus back to its button when closed
  const createButton = usage.getByRole('button', { name: 'Create New QR' });
  await createButton.focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create New QR' });
  await expect(create.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(createButton).toBeFocused();
  await createButton.click();
  // every rule answers at its field
  await create.getByRole('button', { name: 'Create QR code' }).click();
  await expect(create.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
  await expect(create.getByLabel('Destination URL')).toHaveAccessibleDescription(/Must be a valid URL/);
  await create.getByLabel('Title').fill('Summer menu');
  await create.getByLabel('Destination URL').fill('javascript:alert(1)');
  await create.getByRole('button', { name: 'Create QR code' }).click();
  await expect(create.getByLabel('Destination URL')).toHaveAccessibleDescription(
    /URL must start with http:\/\/ or https:\/\//,
  );
  await create.getByLabel('Destination URL').fill('https://cafe.example/summer');
  // five clicks in one tick, before the button can re-render as busy, send one request
  const createRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('links.createQrCode')) createRequests.push(request.url());
  });
  await create.getByRole('button', { name: 'Create QR code' }).evaluate((button: HTMLElement) => {
    for (let click = 0; click < 5; click++) button.click();
  });
  await expect(page.getByText('QR code created successfully', { exact: true })).toBeVisible();
  await expect(create).toBeHidden();
  expect(createRequests).toHaveLength(1);
  // focus is back on the button that opened the dialog
  await expect(createButton).toBeFocused();

  const card = page.getByRole('article', { name: 'Summer menu' });
  await expect(card.getByRole('link', { name: 'https://cafe.example/summer' })).toBeVisible();
  await expect(card.getByText('0 scans')).toBeVisible();
  await expect(card.getByRole('img', { name: 'QR code of Summer menu' })).toHaveAttribute('width', '150');
  // the free plan's one QR code is used: said quietly, refused when another is asked for
  await expect(usage.getByText('QR codes used: 1 of 1')).toBeVisible();
  await expect(usage.getByText('That is everything your plan includes.', { exact: false })).toBeVisible();
  await createButton.click();
  await expect(create).toBeHidden();
  await expect(usage.getByRole('alert')).toContainText('Plan Limit Reached');

  // Copy Link puts the short URL on the clipboard
  await card.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  const shortUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shortUrl).toMatch(new RegExp(`^${appOrigin()}/l/[0-9A-Za-z]{7,}$`));

  // the downloads are named after the title and scan to the short URL with the scan marker
  const png = await download(page, card.getByRole('button', { name: 'Download PNG' }));
  expect(png.suggestedFilename()).toBe('Summer_menu.png');
  const pngMeta = await sharp(await readFile(await png.path())).metadata();
  expect(pngMeta.width).toBeGreaterThanOrEqual(1000);
  expect(await decodeQrFile(png)).toBe(`${shortUrl}?${QR_SCAN_MARKER}`);
  const svg = await download(page, card.getByRole('button', { name: 'Download SVG' }));
  expect(svg.suggestedFilename()).toBe('Summer_menu.svg');
  expect(await decodeQrFile(svg)).toBe(`${shortUrl}?${QR_SCAN_MARKER}`);

  // a new destination keeps the code, so printed copies keep working
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit QR code' });
  await expect(edit.getByLabel('Destination URL')).toHaveValue('https://cafe.example/summer');
  await edit.getByLabel('Destination URL').fill('https://cafe.example/autumn');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('QR code updated successfully', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'https://cafe.example/autumn' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused();
  const afterEdit = await download(page, card.getByRole('button', { name: 'Download PNG' }));
  expect(await decodeQrFile(afterEdit)).toBe(`${shortUrl}?${QR_SCAN_MARKER}`);

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this QR code?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeFocused();
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete QR code' }).click();
  await expect(page.getByText('QR Code deleted', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  // its Delete button went with the card
  await expect(page.getByRole('heading', { level: 1, name: 'My QR Codes' })).toBeFocused();
  await expect(usage.getByRole('button', { name: 'Create New QR' })).toBeEnabled();
});

test("the vCard's own QR code has the vCard badge, cannot be edited or deleted here, and does not count", async ({
  page,
}) => {
  await signedInNewPerson(page);
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await page.goto('/dashboard/qr-codes');
  const card = page.getByRole('article', { name: 'Grace Hopper' });
  await expect(card.getByText('vCard', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
    /Managed by your vCard/,
  );
  await expect(card.getByRole('button', { name: 'Copy Link' })).toBeEnabled();
  await expect(page.getByText('QR codes used: 0 of 1')).toBeVisible();
});

test('the server refuses a QR code beyond the plan limit with Limit Reached', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/qr-codes');
  await page.getByRole('button', { name: 'Create your first QR code' }).click();
  const create = page.getByRole('dialog', { name: 'Create New QR' });
  await create.getByLabel('Title').fill('Second');
  await create.getByLabel('Destination URL').fill('https://example.com/second');
  // meanwhile another tab used the plan's one QR code
  await callTrpc(page, 'links.createQrCode', { title: 'First', url: 'https://example.com/first', icon: '' });
  await create.getByRole('button', { name: 'Create QR code' }).click();
  await expect(page.getByText('Limit Reached', { exact: true })).toBeVisible();
  await expect(page.getByText('Upgrade your plan to create more QR codes.', { exact: true })).toBeVisible();
  await expect(create).toBeVisible();
});

const TEXTS = {
  en: {
    createFirst: 'Create your first QR code',
    create: 'Create QR code',
    delete: 'Delete',
    cancel: 'Cancel',
    edit: 'Edit',
    title: 'Title',
    save: 'Save changes',
  },
  es: {
    createFirst: 'Crea tu primer código QR',
    create: 'Crear código QR',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    edit: 'Editar',
    title: 'Título',
    save: 'Guardar cambios',
  },
} as const;

test('layout on a phone and a desktop, in English and Spanish, passes axe (screenshots kept)', async ({
  page,
}, testInfo) => {
  // eight layouts, each with axe: near the default minute on a busy 2-core machine
  test.slow();
  await signedInNewPerson(page);
  // the create dialog, while the plan has room for a QR code
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/qr-codes');
    const opener = page.getByRole('button', { name: TEXTS[language].createFirst });
    await opener.click();
    await page.getByRole('dialog').getByRole('button', { name: TEXTS[language].create }).click();
    await expect(page.getByRole('dialog').getByLabel(TEXTS[language].title)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);
    await closeWithEscape(page);
    await expect(opener).toBeFocused();
  }
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await callTrpc(page, 'links.createQrCode', {
    title: 'Summer menu with a rather long title',
    url: 'https://cafe.example/menus/summer-2025/with/a/long/path?table=12',
    icon: '☕',
  });
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [device, viewport] of SCREENS) {
      const shoot = async (name: string, fullPage: boolean) => {
        const path = testInfo.outputPath(`${name}-${device}-${language}.png`);
        await page.screenshot({ path, fullPage });
        await testInfo.attach(`${name}, ${device}, ${language}`, { path, contentType: 'image/png' });
      };
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/qr-codes');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(2);
      if (device === 'phone') {
        // one column: every card takes the full width, and nothing scrolls sideways
        for (const box of [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]) {
          expect(box?.width).toBeGreaterThan(viewport.width - 48);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await shoot('qr-codes', true);
      await expectAccessible(page);

      // the dialog with every field's message (the plan's one QR code is used: edit the one there is)
      const edit = cards
        .filter({ hasText: 'Summer menu' })
        .getByRole('button', { name: TEXTS[language].edit });
      await edit.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(TEXTS[language].title).fill('');
      await dialog.getByRole('button', { name: TEXTS[language].save }).click();
      await expect(
        dialog.getByText(language === 'en' ? 'Title is required' : 'El título es obligatorio'),
      ).toBeVisible();
      await shoot('qr-codes-dialog', false);
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(edit).toBeFocused();

      // the delete confirmation, and focus back on its button after Cancel
      const remove = cards
        .filter({ hasText: 'Summer menu' })
        .getByRole('button', { name: TEXTS[language].delete });
      await remove.click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole('button', { name: TEXTS[language].cancel }).click();
      await expect(remove).toBeFocused();
    }
  }
});
