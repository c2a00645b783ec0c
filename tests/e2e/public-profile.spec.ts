import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import superjson from 'superjson';
import { expect, expectAccessible, expectNoSidewaysScroll, signedInNewPerson, test } from './support.ts';

// The public page is the product's face. A visitor with no JavaScript at all, on a phone, sees
// the card and saves the contact in one tap; a screenshot at phone width is kept as a test artifact.

const PHONE = { width: 390, height: 844 };

/** The owner's card, made through the same calls the onboarding screen makes. */
async function createCard(request: APIRequestContext, origin: string) {
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#F59E0B' } })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/api/media/photos', {
    headers: { origin },
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const { path } = (await upload.json()) as { path: string };
  const username = String(20_000_000 + Math.floor(Math.random() * 70_000_000));
  const input = {
    username,
    themeColour: '#10B981',
    photo: path,
    name: 'José Núñez',
    position: 'Head of Sales',
    company: 'Núñez, Hijos & Co.',
    phone: '+34 600 123 456',
    email: 'jose@example.com',
    website: 'https://nunez.example',
    socialLinks: {
      facebook: '',
      instagram: '',
      linkedin: 'https://linkedin.com/in/jose',
      tiktok: '',
      twitter: '',
      youtube: '',
    },
  };
  const response = await request.post('/api/trpc/profile.createCard', {
    headers: { origin, 'content-type': 'application/json' },
    data: JSON.stringify(superjson.serialize(input)),
  });
  expect(response.status(), await response.text()).toBe(200);
  return username;
}

test('a visitor on a phone, without JavaScript, sees the card and saves the contact', async ({
  page,
  browser,
}, testInfo) => {
  await signedInNewPerson(page, 'José Núñez');
  const origin = String(testInfo.project.use.baseURL);
  const username = await createCard(page.request, origin);

  const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'en-US' });
  const visit = await visitor.newPage();
  const response = await visit.goto(`/${username}`);
  expect(response?.status()).toBe(200);
  await expect(visit.getByRole('heading', { name: 'José Núñez' })).toBeVisible();
  await expect(visit.getByText('Head of Sales')).toBeVisible();
  await expect(visit.locator('script')).toHaveCount(0);
  await expect(visit.locator('img[src^="/media/"]').first()).toBeVisible();

  const screenshot = testInfo.outputPath('public-profile-phone.png');
  await visit.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('public profile at phone width', { path: screenshot, contentType: 'image/png' });

  const downloading = visit.waitForEvent('download');
  await visit.getByRole('link', { name: /save contact/i }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('José Núñez.vcf');
  const vcf = readFileSync(await download.path(), 'utf8');
  expect(vcf.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
  expect(vcf).toContain('FN:José Núñez');
  expect(vcf).toContain('ORG:Núñez\\, Hijos & Co.');
  expect(vcf).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
  await visitor.close();
});

test('the page speaks the visitor’s language, with its icon and no console error', async ({
  page,
  browser,
}, testInfo) => {
  await signedInNewPerson(page, 'José Núñez');
  const username = await createCard(page.request, String(testInfo.project.use.baseURL));
  const visitor = await browser.newContext({ viewport: PHONE, locale: 'es-ES' });
  const visit = await visitor.newPage();
  const errors: string[] = [];
  visit.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await visit.goto(`/${username}`);
  await expect(visit.getByRole('link', { name: /guardar contacto/i })).toBeVisible();
  // the page names its icon, so a browser does not ask for a /favicon.ico of its own (a headless browser
  // fetches no icon at all: it is fetched here as a tab would)
  const icon = await visit.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const served = await visit.request.get(icon ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
  expect(errors).toEqual([]);
  await visitor.close();
});

test('a visitor keeps the contact up to date: the subscribe page in both languages, and the Apple profile', async ({
  page,
  browser,
}, testInfo) => {
  await signedInNewPerson(page, 'José Núñez');
  const username = await createCard(page.request, String(testInfo.project.use.baseURL));
  for (const [locale, keep, title, add] of [
    ['en-US', 'Keep this contact up to date', 'Keep José Núñez up to date', 'Add to Contacts'],
    ['es-ES', 'Mantener este contacto al día', 'Mantén a José Núñez al día', 'Añadir a Contactos'],
  ] as const) {
    const visitor = await browser.newContext({ viewport: PHONE, locale });
    const visit = await visitor.newPage();
    await visit.goto(`/${username}`);
    await visit.getByRole('link', { name: keep }).click();
    await expect(visit.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(visit);
    await expectAccessible(visit);
    const downloading = visit.waitForEvent('download');
    await visit.getByRole('link', { name: add }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('José Núñez.mobileconfig');
    const profile = readFileSync(await download.path(), 'utf8');
    expect(profile).toContain('<string>com.apple.carddav.account</string>');
    await visitor.close();
  }
});

test('an unknown card answers Profile Temporarily Unavailable', async ({ page }) => {
  const response = await page.goto('/98765432');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Profile Temporarily Unavailable' })).toBeVisible();
});
