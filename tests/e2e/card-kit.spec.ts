import { readFile } from 'node:fs/promises';
import type { Frame, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signedInNewPerson,
  test,
} from './support.ts';

// The card everywhere (docs/decisions/027-card-everywhere.md): the signature screen in Chromium, each of
// its three layouts drawn with its hosted pictures at the sizes the HTML says, copied as rich HTML and
// downloaded as a file; the meeting background's preview; both languages, each state checked by axe.

test.slow();

async function proWithPhotoCard(page: Page): Promise<string> {
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0EA5E9' } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/media/photos', {
    headers: { origin: appOrigin() },
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const { path } = (await upload.json()) as { path: string };
  const { id } = await callTrpc<{ id: string }>(page, 'vcards.create', {
    ...EMPTY_VCARD,
    name: 'Ada Lovelace',
    position: 'Chief engineer',
    company: 'Analytical Engines',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    workPhone: '+44 20 7946 0001',
    photo: path,
  });
  return id;
}

/** The signature preview's frame once its pictures have loaded. */
async function loadedPreview(page: Page, text: string): Promise<Frame> {
  const frame = await page.getByTestId('signature-preview').elementHandle();
  const content = await frame?.contentFrame();
  if (!content) throw new Error('no preview frame');
  await expect
    .poll(() =>
      content.evaluate(
        (wanted) =>
          document.body.textContent?.includes(wanted) &&
          [...document.images].every((image) => image.complete && image.naturalWidth > 0),
        text,
      ),
    )
    .toBe(true);
  return content;
}

test('the signature screen: three layouts drawn, copied and downloaded; the background previewed', async ({
  page,
  context,
}, testInfo) => {
  await proWithPhotoCard(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin() });
  await page.goto('/dashboard/card-kit');
  await expect(page.getByRole('heading', { level: 1, name: 'Signature and background' })).toBeVisible();

  const layouts = [
    ['classic', 'Classic: photo, details and QR code side by side', 2],
    ['banner', 'Banner: details over a band with the logo and QR code', 1],
    ['compact', 'Compact: text only', 0],
  ] as const;
  for (const [name, label, images] of layouts) {
    await page.getByRole('radio', { name: label }).check();
    const frame = await loadedPreview(page, 'Ada Lovelace');
    // every picture arrives at exactly the size its attributes say (and the page's layout gives it)
    const sizes = await frame.evaluate(() =>
      [...document.images].map((image) => ({
        natural: [image.naturalWidth, image.naturalHeight],
        attributes: [Number(image.getAttribute('width')), Number(image.getAttribute('height'))],
        shown: [image.width, image.height],
      })),
    );
    // classic: the photo and the QR code; the banner: the QR code (the company stands in for a logo)
    expect(sizes.length, name).toBe(images);
    for (const size of sizes) {
      expect(size.natural).toEqual(size.attributes);
      expect(size.shown).toEqual(size.attributes);
    }
    if (!process.env.CI || process.env.E2E_SCREENSHOTS) {
      await page
        .getByTestId('signature-preview')
        .screenshot({ path: testInfo.outputPath(`signature-${name}.png`) });
    }
  }

  // rich HTML and its plain twin on the clipboard, as Gmail and Outlook on the web paste it
  await page.getByRole('radio', { name: layouts[0][1] }).check();
  await page.getByRole('button', { name: 'Copy signature' }).click();
  await expect(
    page.getByText("Signature copied: paste it into your mail's signature setting.", { exact: true }),
  ).toBeVisible();
  const clipboard = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return null;
    return {
      types: [...item.types].sort(),
      html: await (await item.getType('text/html')).text(),
      text: await (await item.getType('text/plain')).text(),
    };
  });
  expect(clipboard?.types).toEqual(['text/html', 'text/plain']);
  expect(clipboard?.html).toContain('utm_medium=email-signature');
  expect(clipboard?.text).toContain('Ada Lovelace\nChief engineer\nAnalytical Engines');

  // the file Outlook for Windows and Apple Mail open
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .htm file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Ada Lovelace-classic.htm');
  const file = await readFile((await download.path()) ?? '', 'utf8');
  expect(file).toMatch(/^<!DOCTYPE html>\n<html><head><meta charset="utf-8">/);
  expect(file).toContain('width="88" height="88"');

  // the background's preview, drawn by the server at 1280 × 720
  const preview = page.getByRole('img', { name: 'Preview of the meeting background' });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([1280, 720]);
  if (!process.env.CI || process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: testInfo.outputPath('card-kit-screen.png'), fullPage: true });
  }
  await page.getByRole('radio', { name: 'Corners: your name top left, the QR code top right' }).check();
  await expect(page.getByRole('link', { name: 'Download PNG' })).toHaveAttribute('href', /layout=corners/);

  await expectAccessibleInBothLanguages(page, page.getByRole('heading', { level: 1, name: 'Firma y fondo' }));
  // in Spanish, the signature's own words too
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.reload();
  await page.getByRole('radio', { name: 'Compacta: solo texto' }).check();
  const spanish = await loadedPreview(page, 'Móv.');
  expect(await spanish.evaluate(() => document.body.textContent)).toContain('Tel.');
  await expectAccessible(page);
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
});
