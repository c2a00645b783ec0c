import { truncateSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ACCOUNT_IMPORT_MAX_BYTES } from '../../src/account-import.ts';
import {
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signedInNewPerson,
  test,
} from './support.ts';

// Account settings › Import your data: the ZIP another account exported, or a CSV of links, is sent with
// its progress shown; the card then says in words what was added and which addresses had to change, and
// the dashboard's lists show it. A file that cannot be imported is refused in the person's language, and
// nothing is added.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

function importCard(page: Page, name = 'Import your data') {
  return page.getByRole('region', { name, exact: true });
}

/** Opens a page of the dashboard from its navigation, as a click does (the client keeps its cached lists). */
async function openFromNavigation(page: Page, name: string, path: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(path);
}

test('imports the export of another account, says what was added and which codes changed, and the lists show it', async ({
  page,
}) => {
  test.slow();
  // the account that exports: a card, a QR code and a profile link
  await signedInNewPerson(page, 'Grace Hopper');
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper', company: 'Navy' });
  await callTrpc(page, 'links.createQrCode', {
    title: 'Spring menu',
    url: 'https://example.com/menu',
    icon: '',
  });
  await callTrpc(page, 'links.createProfileLink', {
    title: 'Portfolio',
    url: 'https://example.com/portfolio',
  });
  const exported = await page.request.get('/api/export');
  expect(exported.status(), await exported.text()).toBe(200);
  const archive = await exported.body();

  // the account that imports, on the same server: the exporter still holds every code of the file
  await page.context().clearCookies();
  await signedInNewPerson(page, 'Ada Lovelace');
  await page.setViewportSize(DESKTOP);
  // the lists are seen empty first, so what shows after the import is not what the client had cached
  await page.goto('/dashboard/vcards');
  await expect(page.getByRole('article')).toHaveCount(0);
  await openFromNavigation(page, 'Links', /\/dashboard\/links$/);
  await expect(page.getByText('Links used: 0 of 5')).toBeVisible();
  await openFromNavigation(page, 'Account', /\/dashboard\/account$/);

  await page.setViewportSize(PHONE);
  const card = importCard(page);
  const importButton = card.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await card.getByLabel('Choose a file').setInputFiles({
    name: 'tapcard-export.zip',
    mimeType: 'application/zip',
    buffer: archive,
  });
  await expect(card.getByText(/^tapcard-export\.zip \(\d+\.\d\sMB\)$/)).toBeVisible();
  await importButton.click();

  const summary = card.getByRole('status');
  await expect(summary).toContainText('Import complete', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Import complete');
  await expect(summary).toContainText(/Added to your account: .*1 card\b/);
  await expect(summary).toContainText(/\b1 QR code\b/);
  await expect(summary).toContainText(/\b1 profile link\b/);
  // on the server it came from, the first account keeps its codes
  await expect(summary).toContainText(
    '3 QR codes and links have new short codes: another account on this server has the codes they had.',
  );
  // the file was imported: importing it again takes choosing it again
  await expect(importButton).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.setViewportSize(DESKTOP);
  await openFromNavigation(page, 'My vCards', /\/dashboard\/vcards$/);
  await expect(page.getByRole('article', { name: 'Grace Hopper' })).toBeVisible();
  await openFromNavigation(page, 'My QR Codes', /\/dashboard\/qr-codes$/);
  await expect(page.getByRole('article', { name: 'Spring menu' })).toBeVisible();
  await openFromNavigation(page, 'Links', /\/dashboard\/links$/);
  await expect(
    page.getByRole('region', { name: 'Your links' }).getByRole('listitem').filter({ hasText: 'Portfolio' }),
  ).toBeVisible();
});

test('in Spanish, a damaged file and a file over the limit are refused, and nothing is imported', async ({
  page,
}, testInfo) => {
  await signedInNewPerson(page);
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/account');
  const card = importCard(page, 'Importa tus datos');
  await card.getByLabel('Elegir un archivo').setInputFiles({
    name: 'x.zip',
    mimeType: 'application/zip',
    // a ZIP's signature, then nothing a ZIP holds
    buffer: Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(4096)]),
  });
  await card.getByRole('button', { name: 'Importar', exact: true }).click();
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('No se importó nada');
  await expect(alert).toContainText(
    'No se pudo leer este archivo. Elige un ZIP de exportación de Tapcard o un archivo CSV de enlaces.',
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // over the limit: refused as it is chosen, without a request (a sparse file: no disk space used)
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/import')) sent.push(request.url());
  });
  const large = testInfo.outputPath('large.zip');
  writeFileSync(large, '');
  truncateSync(large, ACCOUNT_IMPORT_MAX_BYTES + 1);
  await card.getByLabel('Elegir un archivo').setInputFiles(large);
  await expect(alert).toContainText(
    /Este archivo ocupa 100,0\sMB: una importación admite 100 MB como máximo\./,
  );
  await expect(card.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  expect(sent).toEqual([]);

  // a CSV row the links page would refuse: named by its row, and nothing of the file is imported
  await card.getByLabel('Elegir un archivo').setInputFiles({
    name: 'enlaces.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('título;enlace\nBlog;https://example.com/blog\nScript;javascript:alert(1)\n'),
  });
  await card.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(alert).toContainText(/^No se importó nada\s*En la fila 3 del archivo: /);

  const links = await callTrpc<{ items: unknown[] }>(page, 'links.profileLinks', undefined, 'GET');
  expect(links.items).toEqual([]);
});

test('a CSV file of links becomes profile links', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/account');
  const card = importCard(page);
  await card.getByLabel('Choose a file').setInputFiles({
    name: 'links.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,url\nBlog,https://example.com/blog\nShop,https://example.com/shop\n'),
  });
  await card.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(card.getByRole('status')).toContainText('Added to your account: 2 profile links.');

  await page.goto('/dashboard/links');
  const list = page.getByRole('region', { name: 'Your links' }).getByRole('listitem');
  await expect(list.filter({ hasText: 'Blog' })).toBeVisible();
  await expect(list.filter({ hasText: 'Shop' })).toBeVisible();
  await expect(list).toHaveCount(2);
});
