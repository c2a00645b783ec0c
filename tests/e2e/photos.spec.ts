import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_CLIENT_MAX_SIDE, PHOTO_MAX_BYTES, PHOTO_SOURCE_MAX_BYTES } from '../../src/media.ts';
import { buyPlan, callTrpc, expect, expectAccessible, signedInNewPerson, test } from './support.ts';

// Photos straight from a phone, in the four places that take one: onboarding's
// card step, the vCard editor, the account photo and the design page's logo and cover. A phone's 16 MB photo
// is made smaller in the browser before the server's 5 MB limit applies; a HEIC photo is converted in the
// browser; an upload the connection failed says so and can be sent again. At phone width, in both languages.

test.slow();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

/** What the tests read and press, in each language. */
const TEXT = {
  en: {
    createCard: 'Create my card',
    currentPhoto: 'Current photo',
    cover: 'Cover',
    image: 'Image',
    coverImage: 'Cover image',
    logo: 'Logo',
    converting: 'Converting the HEIC photo…',
    connectionFailed: 'Connection failed',
    notSaved: 'The photo was not saved. Check your connection and try again.',
    tryAgain: 'Try again',
    notifications: 'Notifications (F8)',
    heicUnreadable: 'HEIC photo could not be read',
    heicAdvice: /Most Compatible.*export the HEIC photo as JPEG/,
  },
  es: {
    createCard: 'Crear mi tarjeta',
    currentPhoto: 'Foto actual',
    cover: 'Portada',
    image: 'Imagen',
    coverImage: 'Imagen de portada',
    logo: 'Logotipo',
    converting: 'Convirtiendo la foto HEIC…',
    connectionFailed: 'Error de conexión',
    notSaved: 'La foto no se guardó. Comprueba tu conexión e inténtalo de nuevo.',
    tryAgain: 'Intentar de nuevo',
    notifications: 'Notificaciones (F8)',
    heicUnreadable: 'No se pudo leer la foto HEIC',
    heicAdvice: /Más compatible.*exporta la foto HEIC como JPEG/,
  },
} satisfies Record<Language, Record<string, string | RegExp>>;

let phonePhoto: Promise<Buffer> | undefined;

/**
 * A 4000 x 3000 JPEG of about 16 MB, as a phone camera's high-resolution mode makes: noise at quality 88
 * without chroma subsampling, so that it really is that large. Made once per worker.
 */
function sixteenMegabytePhoto(): Promise<Buffer> {
  phonePhoto ??= sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return phonePhoto;
}

/**
 * A real HEIC (HEIF coded with HEVC, as iPhones save photos): 600 x 450, red, blue, green and yellow
 * quadrants (clockwise from the top left) and a white disc, made with heif-enc -q 40 (Debian's
 * libheif-examples) from a PNG.
 */
function heicPhoto(): Promise<Buffer> {
  return readFile(path.join(import.meta.dirname, '../support/fixtures/photos/quadrants.heic'));
}

/** A small real JPEG. */
function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
}

/**
 * A signed-in person on the Pro plan (the design page needs it) at onboarding's card step, in the language, at
 * phone width.
 */
async function proPerson(page: Page, language: Language): Promise<void> {
  await page.setViewportSize(PHONE);
  await signedInNewPerson(page, 'Ada Lovelace', { finishOnboarding: false });
  await callTrpc(page, 'profile.setLanguage', { language });
  // step 2 done (the demo checkout does not mark it), then the plan bought: onboarding waits at the card step
  await callTrpc(page, 'billing.chooseFree', undefined);
  await buyPlan(page, 'pro');
}

/** Picks a file in a photo input, as a phone's file chooser hands it over. */
async function pick(scope: Locator | Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await scope.locator('input[type="file"]').setInputFiles(file);
}

/** The photo a photo input shows (one input in `scope`). */
function currentPhoto(scope: Locator | Page, language: Language): Locator {
  return scope.getByRole('img', { name: TEXT[language].currentPhoto, exact: true });
}

/** The photo the input shows once its upload is stored (and is not `previous`); returns its /media/ path. */
async function expectStoredPhoto(
  scope: Locator | Page,
  language: Language,
  previous?: string | null,
): Promise<string> {
  const shown = currentPhoto(scope, language);
  await expect(shown).toHaveAttribute('src', /^\/media\//);
  if (previous) await expect(shown).not.toHaveAttribute('src', previous);
  return String(await shown.getAttribute('src'));
}

/** The stored image of a /media/ path, as sharp reads it. */
async function storedImage(page: Page, mediaPath: string) {
  const response = await page.request.get(mediaPath);
  expect(response.ok()).toBe(true);
  return sharp(await response.body());
}

for (const language of LANGUAGES) {
  const text = TEXT[language];

  // the 16 MB photo as a graphic too in English; in Spanish the design page's cover and logo take a small
  // photo (the same steps and texts; each 12-megapixel photo costs the browser seconds to decode)
  const graphicsFromPhone = language === 'en';
  test(`a 16 MB 4000x3000 phone photo is taken as a photo${graphicsFromPhone ? ' and as a graphic' : ''}, made smaller in the browser; the design page takes ${graphicsFromPhone ? 'it' : 'a photo'} as its cover and logo (${language}, phone)`, async ({
    page,
  }) => {
    // 12-megapixel photos decoded and re-encoded by the browser: over a minute on a busy 2-core machine
    test.setTimeout(180_000);
    const photo = await sixteenMegabytePhoto();
    // the audit's case: over the server's limit, well within what the browser opens
    expect(photo.length).toBeGreaterThan(15 * 1024 * 1024);
    expect(photo.length).toBeLessThan(PHOTO_SOURCE_MAX_BYTES);
    const file = { name: 'IMG_4032.JPG', mimeType: 'image/jpeg', buffer: photo };
    await proPerson(page, language);
    const uploads: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/media/photos')) uploads.push(request.postDataBuffer()?.length ?? 0);
    });

    // onboarding's card step
    await page.goto('/onboarding');
    const createCard = page.getByRole('button', { name: text.createCard });
    await expect(createCard).toBeVisible();
    await pick(page, file);
    const cardPhoto = await expectStoredPhoto(page, language);
    const stored = await (await storedImage(page, cardPhoto)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: PHOTO_CLIENT_MAX_SIDE, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`card-step-16mb-${language}-phone.png`) });
    await createCard.click();
    await expect(page).toHaveURL('/dashboard');

    // the design page's cover and logo (graphics: a photo without transparency is stored as a JPEG)
    await page.goto('/dashboard/design');
    await page
      .getByRole('group', { name: text.cover, exact: true })
      .getByRole('radio', { name: text.image, exact: true })
      .check();
    const graphic = graphicsFromPhone
      ? file
      : { name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg() };
    const cover = page.getByRole('group', { name: text.coverImage });
    await pick(cover, graphic);
    expect(await expectStoredPhoto(cover, language)).toMatch(/\.jpg$/);
    const logo = page.getByRole('group', { name: text.logo, exact: true });
    await pick(logo, graphic);
    expect(await expectStoredPhoto(logo, language)).toMatch(/\.jpg$/);

    // three uploads, each far below the server's limit, the 16 MB ones as the browser made them smaller (the
    // vCard editor and the account photo share the card step's photo input and upload)
    expect(uploads).toHaveLength(3);
    for (const size of uploads) expect(size).toBeLessThan(PHOTO_MAX_BYTES);
    await expectAccessible(page, { exclude: '#design-preview' });
  });

  test(`a HEIC photo is converted in the browser and stored as a JPEG; a damaged one is named (${language}, phone)`, async ({
    page,
  }) => {
    await proPerson(page, language);
    await callTrpc(page, 'onboarding.skipCard', undefined);
    await page.goto('/dashboard/vcard');
    const form = page.locator('form').first();
    const heic = await heicPhoto();
    // the decoder arrives late, as on a slow connection: the converting state shows meanwhile
    await page.route('**/assets/heic-worker-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    // browsers other than Safari often give a .heic no type; a HEIC is known by its bytes even without a name
    await pick(
      form,
      language === 'en'
        ? { name: 'IMG_0001.HEIC', mimeType: '', buffer: heic }
        : { name: 'photo', mimeType: 'application/octet-stream', buffer: heic },
    );
    await expect(page.getByText(text.converting, { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`heic-converting-${language}-phone.png`) });
    await expectAccessible(page);
    const stored = await storedImage(page, await expectStoredPhoto(form, language));
    const { data, info } = await stored.raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 600, height: 450 });
    // upright and in its colours: red, blue, green and yellow quadrants, clockwise from the top left
    const at = (x: number, y: number) => [...data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    const close = (actual: number[], expected: number[]) =>
      actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) < 40);
    expect(close(at(60, 40), [0xc6, 0x28, 0x28]), `top left ${at(60, 40)}`).toBe(true);
    expect(close(at(540, 40), [0x15, 0x65, 0xc0]), `top right ${at(540, 40)}`).toBe(true);
    expect(close(at(60, 410), [0x2e, 0x7d, 0x32]), `bottom left ${at(60, 410)}`).toBe(true);
    expect(close(at(540, 410), [0xf9, 0xa8, 0x25]), `bottom right ${at(540, 410)}`).toBe(true);
    expect(close(at(300, 225), [255, 255, 255]), `centre ${at(300, 225)}`).toBe(true);
    await page.unroute('**/assets/heic-worker-*.js');

    // a damaged HEIC is refused with a message that names HEIC and says what to do; nothing is stored
    const shown = String(await currentPhoto(form, language).getAttribute('src'));
    await pick(form, { name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: heic.subarray(0, 600) });
    const toast = page.getByRole('region', { name: text.notifications });
    await expect(toast.getByText(text.heicUnreadable, { exact: true })).toBeVisible();
    await expect(toast.getByText(text.heicAdvice)).toBeVisible();
    await expect(currentPhoto(form, language)).toHaveAttribute('src', shown);
    await page.screenshot({ path: test.info().outputPath(`heic-damaged-${language}-phone.png`) });
    await expectAccessible(page);
  });

  test(`an upload the connection failed says so, keeps nothing, and can be sent again (${language}, phone and desktop)`, async ({
    page,
  }) => {
    await proPerson(page, language);
    await callTrpc(page, 'onboarding.skipCard', undefined);
    await page.goto('/dashboard/vcard');
    const form = page.locator('form').first();
    let attempts = 0;
    await page.route('**/api/media/photos**', async (route) => {
      attempts += 1;
      await route.abort('internetdisconnected');
    });
    await pick(form, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg() });
    const notice = page.getByRole('alert').filter({ hasText: text.connectionFailed });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text.notSaved);
    await expect(page.getByText(/Continuing without it|Se continúa sin ella/)).toHaveCount(0);
    await expect(currentPhoto(form, language)).toHaveCount(0);
    expect(attempts).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`connection-failed-${language}-phone.png`) });
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`connection-failed-${language}-desktop.png`) });

    // the connection is back: Try again sends the same photo, and the notice goes
    await page.unroute('**/api/media/photos**');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: text.tryAgain }).click();
    const retried = await expectStoredPhoto(form, language);
    await expect(notice).toHaveCount(0);
    expect(attempts).toBe(1);

    // the HEIC decoder's script cannot be loaded while offline: the connection failed, not the photo
    await page.route('**/assets/heic-worker-*.js', (route) => route.abort('internetdisconnected'));
    await pick(form, { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: await heicPhoto() });
    await expect(notice).toBeVisible();
    await page.unroute('**/assets/heic-worker-*.js');
    await page.getByRole('button', { name: text.tryAgain }).click();
    await expect(notice).toHaveCount(0);
    const stored = await storedImage(page, await expectStoredPhoto(form, language, retried));
    expect(await stored.metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 450 });
  });
}
