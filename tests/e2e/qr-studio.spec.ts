import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  buyPlan,
  callTrpc,
  closeWithEscape,
  expect,
  expectAccessible,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';
import { DEFAULT_QR_DESIGN, QR_LOGO_SCALE_MAX } from '../../src/qr-design.ts';
import { readQr } from '../support/qr-reader.ts';

// The QR studio: a Pro person designs a QR code with a logo, the design that would not
// scan is refused with its reason, the saved design downloads as PNG, SVG and PDF that read back to the
// short URL; a Free person sees the upgrade prompt; the studio passes axe in both languages on a phone
// and a desktop, and gives focus back to its Design button.

/** A new person's QR code, made through the API; returns what it encodes (short URL with ?qr). */
async function newQrCode(page: Page, title: string): Promise<string> {
  const created = await callTrpc<{ qrUrl: string }>(page, 'links.createQrCode', {
    title,
    url: 'https://cafe.example/menu',
    icon: '',
  });
  return created.qrUrl;
}

/** What jsQR reads from an image file's pixels (SVG is rasterised by sharp first, at 150 dpi). */
async function decode(file: Buffer): Promise<string | null> {
  return (await readQr(file, { density: 150 })).text;
}

async function download(page: Page, button: Locator): Promise<{ name: string; body: Buffer }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
}

/** A square logo: a rose disc on white, as a PNG file the photo input takes. */
async function logoFile() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#fff"/><circle cx="120" cy="120" r="100" fill="#E11D48"/></svg>';
  return { name: 'logo.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test('design a QR code with a logo, see a design that would not scan refused, and download PNG, SVG and PDF that scan', async ({
  page,
}) => {
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  const encoded = await newQrCode(page, 'Cafe menu');
  await page.goto('/dashboard/qr-codes');
  const card = page.getByRole('article', { name: 'Cafe menu' });
  const opener = card.getByRole('button', { name: 'Design' });
  await opener.click();
  const studio = page.getByRole('dialog', { name: 'Design QR code' });
  const preview = studio.getByRole('img', { name: 'Preview of the QR code of Cafe menu' });
  await expect(preview).toBeVisible();

  // a light code colour is flagged while choosing, and the server refuses it with the reason, told once
  const tooClose = studio.getByText(/the code's colour and the background are too close/);
  await studio.getByLabel('Code colour', { exact: true }).fill('#7DD3FC');
  await expect(tooClose).toBeVisible();
  await studio.getByRole('button', { name: 'Save design' }).click();
  await expect(studio.getByRole('alert')).toContainText("the code's colour and the background are too close");
  await expect(tooClose).toHaveCount(1);

  await studio.getByLabel('Code colour', { exact: true }).fill('#1E3A8A');
  await studio.getByLabel('Background colour', { exact: true }).fill('#FEF3C7');
  // round corners on square modules, which every decoder reads whatever the code says (the scan check
  // refuses dotted or rounded modules for about one code in 150)
  await studio.getByRole('radio', { name: 'Dot centre' }).check();
  // a logo that is not an image is called one, and nothing is drawn or stored
  await studio.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(preview.locator('image')).toHaveCount(0);
  await studio.locator('input[type="file"]').setInputFiles(await logoFile());
  await expect(studio.getByLabel(/Logo size/)).toBeVisible();
  await expect(preview.locator('image')).toHaveAttribute('href', /^\/media\//);
  await expect(preview.locator('path')).toHaveAttribute('fill', '#1E3A8A');

  // the logo slider stops at the largest logo the server accepts
  const logoSize = studio.getByLabel(/Logo size/);
  await expect(logoSize).toHaveAttribute('max', String(QR_LOGO_SCALE_MAX));
  await logoSize.fill('0.4');
  await expect(logoSize).toHaveValue(String(QR_LOGO_SCALE_MAX));
  await expect(studio.getByText(`Logo size: ${Math.round(QR_LOGO_SCALE_MAX * 100)}%`)).toBeVisible();
  await logoSize.fill(String(DEFAULT_QR_DESIGN.logoScale));
  await expect(studio.getByRole('alert')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('qr-studio-designed.png') });

  await studio.getByRole('button', { name: 'Save design' }).click();
  // the scan check renders every view and reads it with three decoders: seconds, more on a busy machine
  await expect(page.getByText('QR design saved', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(studio).toBeHidden();
  await expect(opener).toBeFocused();

  // the card draws the saved design
  const image = card.getByRole('img', { name: 'QR code of Cafe menu' });
  await expect(image.locator('path')).toHaveAttribute('fill', '#1E3A8A');
  await expect(image.locator('image')).toHaveAttribute('href', /^\/media\//);

  // the downloads are that design, and read back to the short URL
  const png = await download(page, card.getByRole('button', { name: 'Download PNG' }));
  expect(png.name).toBe('Cafe_menu.png');
  expect((await sharp(png.body).metadata()).width).toBe(1024);
  expect(await decode(png.body)).toBe(encoded);
  const svg = await download(page, card.getByRole('button', { name: 'Download SVG' }));
  expect(svg.name).toBe('Cafe_menu.svg');
  expect(svg.body.toString()).toContain('fill="#1E3A8A"');
  expect(svg.body.toString()).toContain('href="data:image/jpeg;base64,');
  expect(await decode(svg.body)).toBe(encoded);
  const pdf = await download(page, card.getByRole('button', { name: 'Download PDF' }));
  expect(pdf.name).toBe('Cafe_menu.pdf');
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // the studio's PNG download takes a size up to 2048 px
  await opener.click();
  await studio.getByLabel('PNG size').selectOption('2048');
  const large = await download(page, studio.getByRole('button', { name: 'Download PNG' }));
  expect((await sharp(large.body).metadata()).width).toBe(2048);
  expect(await decode(large.body)).toBe(encoded);
});

test('a Free account sees the upgrade prompt instead of the studio', async ({ page }) => {
  await signedInNewPerson(page);
  await newQrCode(page, 'Flyer');
  await page.goto('/dashboard/qr-codes');
  const opener = page.getByRole('article', { name: 'Flyer' }).getByRole('button', { name: 'Design' });
  await opener.click();
  const studio = page.getByRole('dialog', { name: 'Design QR code' });
  await expect(studio.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(studio.getByRole('button', { name: 'Save design' })).toHaveCount(0);
  await expectAccessible(page);
  await studio.getByRole('button', { name: 'Close' }).and(studio.getByText('Close')).click();
  await expect(opener).toBeFocused();
});

const TEXTS = {
  en: { design: 'Design', title: 'Design QR code', save: 'Save design', colour: 'Code colour' },
  es: { design: 'Diseñar', title: 'Diseñar código QR', save: 'Guardar diseño', colour: 'Color del código' },
} as const;

test('the studio on a phone and a desktop, in English and Spanish, passes axe and tells a refusal once (screenshots kept)', async ({
  page,
}, testInfo) => {
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  await newQrCode(page, 'Poster');
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [screen, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/qr-codes');
      const opener = page.getByRole('article', { name: 'Poster' }).getByRole('button', {
        name: TEXTS[language].design,
      });
      await opener.click();
      const studio = page.getByRole('dialog', { name: TEXTS[language].title });
      await expect(studio.getByRole('button', { name: TEXTS[language].save })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`qr-studio-${language}-${screen}.png`),
        fullPage: true,
      });
      // a refused design: the reason once, in the alert, not again in the hint above it
      await studio.getByLabel(TEXTS[language].colour, { exact: true }).fill('#7DD3FC');
      await studio.getByRole('button', { name: TEXTS[language].save }).click();
      const alert = studio.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(studio.getByText((await alert.innerText()).trim(), { exact: true })).toHaveCount(1);
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`qr-studio-refusal-${language}-${screen}.png`),
        fullPage: true,
      });
      await closeWithEscape(page);
      await expect(opener).toBeFocused();
    }
  }
});
