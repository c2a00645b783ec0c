import type { Frame, Page } from '@playwright/test';
import sharp from 'sharp';
import { FREE_DESIGN } from '../../src/schemas/card-design.ts';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectAccessibleInBothLanguages,
  SCREENS,
  signedInNewPerson,
  test,
  vcardVersion,
} from './support.ts';

// Card designs (customBranding): the design screen with its live preview, the public
// page it gives, and the upgrade prompt of the free plan.

test.slow();

async function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
}

async function proWithCard(page: Page): Promise<string> {
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  const { id } = await callTrpc<{ id: string }>(page, 'vcards.create', {
    ...EMPTY_VCARD,
    name: 'Ada Lovelace',
    position: 'Engineer',
    company: 'Analytical Engines',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
  });
  return id;
}

/** The preview frame's page (the public page drawn by the server, in a srcdoc frame) once it shows what `ready` says. */
async function previewWhen(page: Page, ready: (html: string) => boolean): Promise<Frame> {
  let found: Frame | null = null;
  await expect
    .poll(async () => {
      const frame = await page
        .locator('iframe')
        .elementHandle({ timeout: 1000 })
        .then(
          (handle) => handle.contentFrame(),
          () => null,
        );
      if (!frame) return false;
      const html = await frame.content().catch(() => '');
      found = frame;
      return ready(html);
    })
    .toBe(true);
  return found as unknown as Frame;
}

const bodyOf = (frame: { evaluate: Frame['evaluate'] }) =>
  frame.evaluate(() => ({
    body: document.body.innerHTML,
    style: document.querySelector('style')?.textContent ?? '',
    font: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
  }));

test('design a card: layout, font, colours and logo; the public page matches the preview', async ({
  page,
}) => {
  const vcardId = await proWithCard(page);
  await page.goto('/dashboard/design');
  await expect(page.getByRole('heading', { level: 1, name: 'Card design' })).toBeVisible();

  await page.getByRole('radio', { name: 'Left-aligned with a cover' }).check();
  await page.getByLabel('Font').selectOption({ label: 'Lora (serif)' });
  await page.getByRole('radio', { name: 'Outline' }).check();
  await page.getByRole('radio', { name: 'Gradient' }).check();
  const background = page.getByRole('group', { name: 'Background colour' });
  await background.getByRole('textbox', { name: 'Hex code' }).fill('#0F766E');
  const logo = page.getByRole('group', { name: 'Logo' });
  await logo.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(logo.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', /^\/media\//);

  const preview = await previewWhen(
    page,
    (html) => html.includes('class="logo"') && html.includes('lora-latin') && html.includes('--bg:#0F766E'),
  );
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('Design saved', { exact: true })).toBeVisible();

  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`card-design-${name}.png`), fullPage: true });
  }

  const previewed = await bodyOf(preview);
  const visitor = await page.context().newPage();
  await visitor.goto(`/vcard/${vcardId}`);
  const published = await bodyOf(visitor);
  expect(published).toEqual(previewed);
  expect(published.font).toContain('Lora Variable');
  // the font came from this server
  await expect.poll(() => visitor.evaluate(() => document.fonts.check('16px "Lora Variable"'))).toBe(true);
  await expectAccessible(visitor);
  await visitor.screenshot({ path: test.info().outputPath('card-design-public-phone.png'), fullPage: true });
  await visitor.close();
});

test("the Edit vCard preview is the card's page: its design, and what is being typed", async ({ page }) => {
  const vcardId = await proWithCard(page);
  await callTrpc(page, 'designs.save', {
    vcardId,
    baseVersion: await vcardVersion(page, vcardId),
    colours: { backgroundColour: '#0F766E', fontColour: '#FFFFFF', iconColour: '#FDE68A' },
    design: { ...FREE_DESIGN, layout: 'left', font: 'lora', cover: 'gradient' },
  });
  for (const [language, spanish] of [
    ['en', false],
    ['es', true],
  ] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/vcard');
      const title = spanish ? 'Cargo' : 'Position';
      await page.getByLabel(title, { exact: true }).fill(`Countess ${language} ${name}`);
      const preview = await previewWhen(
        page,
        (html) =>
          html.includes(`Countess ${language} ${name}`) &&
          html.includes('lora-latin') &&
          html.includes('class="banner"') &&
          html.includes('--bg:#0F766E') &&
          // in the dashboard's language, though the browser asks for English
          html.includes(spanish ? 'Guardar contacto' : 'Save contact'),
      );
      expect((await bodyOf(preview)).font).toContain('Lora Variable');
      await page.locator('iframe').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`vcard-editor-preview-${language}-${name}.png`),
        fullPage: true,
      });
      await expectAccessible(page);
    }
  }
  // nothing typed was saved: the public page still has the saved position, in the saved design
  const visitor = await page.context().newPage();
  await visitor.goto(`/vcard/${vcardId}`);
  await expect(visitor.getByText('Engineer', { exact: false })).toBeVisible();
  await visitor.close();
});

for (const [screen, size] of SCREENS) {
  test(`the design screen passes axe in English and Spanish on a ${screen}`, async ({ page }) => {
    await proWithCard(page);
    await page.setViewportSize(size);
    await page.goto('/dashboard/design');
    await expect(page.getByRole('radio', { name: 'Compact' })).toBeVisible();
    await previewWhen(page, (html) => html.includes('Ada Lovelace'));
    if (screen === 'phone') {
      // the preview is below the choices: a link leads there
      await page.getByRole('link', { name: 'Jump to the preview' }).click();
      await expect(page.getByTitle('Preview of your public page')).toBeInViewport();
    } else {
      await expect(page.getByRole('link', { name: 'Jump to the preview' })).toBeHidden();
    }
    await expectAccessibleInBothLanguages(page, page.getByRole('radio', { name: 'Compacto' }), {
      exclude: 'iframe',
    });
  });
}

test('a Free account sees the upgrade prompt in place of the design controls', async ({ page }) => {
  await signedInNewPerson(page);
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/design');
    await expect(page.getByText('Custom branding is part of the Pro plan')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/dashboard/billing?choose=plan',
    );
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`card-design-free-${name}.png`), fullPage: true });
    await expectAccessibleInBothLanguages(page, page.getByRole('link', { name: 'Mejorar a Pro' }));
  }
});

/** A logo whose corners are transparent: an orange disc on nothing (a PNG with alpha). */
function transparentLogoPng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="50" fill="#F59E0B"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The RGB of one pixel of a PNG screenshot. */
async function pixelOf(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

test('a transparent logo on the dark layout shows the card behind it, not a white box', async ({
  page,
  browser,
}) => {
  const vcardId = await proWithCard(page);
  await page.goto('/dashboard/design');
  await page.getByRole('radio', { name: 'Dark', exact: true }).check();
  const logo = page.getByRole('group', { name: 'Logo' });
  await logo.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await transparentLogoPng(),
  });
  // resized in the browser and stored by the server, it stays a PNG: its transparency was kept
  await expect(logo.getByRole('img', { name: 'Current photo' })).toHaveAttribute(
    'src',
    /^\/media\/\w+\.png$/,
  );
  await previewWhen(page, (html) => html.includes('class="logo"'));
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('Design saved', { exact: true })).toBeVisible();

  for (const locale of ['en', 'es'] as const) {
    const context = await browser.newContext({ baseURL: appOrigin(), locale, viewport: SCREENS[0][1] });
    const visitor = await context.newPage();
    await visitor.goto(`/vcard/${vcardId}`);
    const image = visitor.locator('img.logo');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
    await visitor.screenshot({
      path: test.info().outputPath(`dark-logo-phone-${locale}.png`),
      fullPage: true,
    });
    const box = await image.boundingBox();
    if (!box) throw new Error('the logo has no box');
    const shot = await visitor.screenshot();
    const surface = await visitor.evaluate(
      () => getComputedStyle(document.querySelector('main') as Element).backgroundColor,
    );
    const [r, g, b] = (surface.match(/\d+/g) ?? []).map(Number);
    // the dark layout's surface, far from white
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(200);
    // inside the logo's rounded border, where the picture is transparent: the surface shows through
    const corner = await pixelOf(shot, Math.round(box.x + 8), Math.round(box.y + 8));
    for (const [index, channel] of corner.entries())
      expect(Math.abs(channel - ([r, g, b][index] ?? 0))).toBeLessThan(6);
    // and the disc is drawn: the logo is there
    const centre = await pixelOf(shot, Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2));
    expect(centre[0]).toBeGreaterThan(200);
    await context.close();
  }
});
