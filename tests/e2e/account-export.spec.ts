import { readFileSync } from 'node:fs';
import { zipEntries } from '../support/zip.ts';
import {
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessibleInBothLanguages,
  expectNoSidewaysScroll,
  signedInNewPerson,
  test,
} from './support.ts';

// Account settings › Export your data: one click downloads the whole account as a ZIP, with its progress
// shown while it streams; the file holds what the dashboard shows.

test('exports the whole account as one ZIP from account settings, on a phone, in both languages', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper', company: 'Navy' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard/account');
  const card = page.getByRole('region', { name: 'Export your data', exact: true });
  await expect(card).toBeVisible();
  await expectAccessibleInBothLanguages(page, page.getByRole('button', { name: 'Exportarlo todo' }));
  await expectNoSidewaysScroll(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tapcard-export-.*-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Your export is ready', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Export everything' })).toBeEnabled();
  const files = await zipEntries(readFileSync(await download.path()));
  const document = JSON.parse(String(files.get('account.json'))) as {
    account: { email: string };
    cards: { id: string; name: string; company: string }[];
  };
  expect(document.account.email).toBe(email);
  expect(document.cards).toEqual([expect.objectContaining({ name: 'Grace Hopper', company: 'Navy' })]);
  expect(String(files.get(`cards/${document.cards[0]?.id}.vcf`))).toContain('FN:Grace Hopper');
  expect(files.has('analytics/events.csv')).toBe(true);
});

test('says so when the export is cut off, and lets the person try again', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/account');
  const card = page.getByRole('region', { name: 'Export your data', exact: true });
  await page.route('**/api/export', (route) => route.abort('connectionreset'));
  await card.getByRole('button', { name: 'Export everything' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'The export was interrupted before it was complete. Check your connection and try again.',
  );
  await page.unroute('**/api/export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await expect(card.getByRole('alert')).toHaveCount(0);
});
