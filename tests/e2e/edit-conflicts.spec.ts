import type { Page, TestInfo } from '@playwright/test';
import {
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  signedInNewPerson,
  test,
} from './support.ts';

// Concurrent edits (docs/decisions/020-edits-carry-their-version.md): two tabs edit the same card. The tab
// without unsaved changes follows the other's save; the tab with unsaved changes is told that a newer version
// exists, its save is refused, and it compares the two versions field by field and chooses. On a phone,
// in English and in Spanish, with axe on the comparison.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const TEXT = {
  en: {
    position: 'Position',
    company: 'Company',
    save: 'Save vCard',
    saved: 'vCard saved successfully',
    newer: 'A newer version was saved',
    yours: 'Yours',
    newerVersion: 'Newer version',
    saveChoices: 'Save these choices',
  },
  es: {
    position: 'Cargo',
    company: 'Empresa',
    save: 'Guardar vCard',
    saved: 'vCard guardada correctamente',
    newer: 'Se guardó una versión más reciente',
    yours: 'La tuya',
    newerVersion: 'Versión más reciente',
    saveChoices: 'Guardar esta selección',
  },
} as const;

/** Opens a dashboard screen (the card editor by default) and waits until its live stream is open. */
async function openEditor(page: Page, path = '/dashboard/vcard'): Promise<void> {
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/trpc/live.changes') && response.status() === 200,
  );
  await page.goto(path);
  await stream;
}

/** A screenshot of the tab as it is, kept with the test's results. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`edit-conflict-${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The card as it is saved. */
function savedCard(page: Page, id: string) {
  return callTrpc<{ company: string | null; position: string | null }>(page, 'vcards.get', { id }, 'GET');
}

for (const language of ['en', 'es'] as const) {
  test(`two tabs edit the same card: the second sees the conflict and chooses field by field (${language}, phone)`, async ({
    page,
    context,
  }, testInfo) => {
    const text = TEXT[language];
    await signedInNewPerson(page);
    await callTrpc(page, 'profile.setLanguage', { language });
    const { id } = await callTrpc<{ id: string }>(page, 'vcards.create', {
      ...EMPTY_VCARD,
      name: 'Grace Hopper',
      position: 'Engineer',
    });
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.setViewportSize(PHONE);
      await openEditor(tab);
      await expect(tab.getByLabel(text.position, { exact: true })).toHaveValue('Engineer');
    }

    // the second tab has an unsaved change when the first saves another field
    await other.getByLabel(text.company, { exact: true }).fill('US Navy');
    await page.getByLabel(text.position, { exact: true }).fill('Rear Admiral');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved, { exact: true })).toBeVisible();

    // it is told, and keeps what it typed
    const notice = other.getByText(text.newer, { exact: true });
    await expect(notice).toBeVisible();
    await expect(other.getByLabel(text.company, { exact: true })).toHaveValue('US Navy');
    await expect(other.getByLabel(text.position, { exact: true })).toHaveValue('Engineer');
    await keepScreenshot(other, testInfo, `notice-phone-${language}`);

    // its save is refused, nothing is saved, and it compares the two versions
    await other.getByRole('button', { name: text.save }).click();
    const dialog = other.getByRole('dialog', { name: text.newer });
    await expect(dialog).toBeVisible();
    const position = dialog.getByRole('group', { name: text.position });
    const company = dialog.getByRole('group', { name: text.company });
    // a field only the other tab changed suggests the newer version, one this tab changed its own
    await expect(position.getByRole('radio', { name: text.newerVersion })).toBeChecked();
    await expect(position.getByText('Rear Admiral')).toBeVisible();
    await expect(company.getByRole('radio', { name: text.yours })).toBeChecked();
    await expect(company.getByText('US Navy')).toBeVisible();
    const unchanged = await savedCard(page, id);
    expect([unchanged.company ?? '', unchanged.position]).toEqual(['', 'Rear Admiral']);
    await expectAccessible(other);
    await keepScreenshot(other, testInfo, `dialog-phone-${language}`);
    await other.setViewportSize(DESKTOP);
    await expectAccessible(other);
    await keepScreenshot(other, testInfo, `dialog-desktop-${language}`);
    await other.setViewportSize(PHONE);

    // the choice is saved: the newer position and this tab's company
    await dialog.getByRole('button', { name: text.saveChoices }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByText(text.saved, { exact: true })).toBeVisible();
    expect(await savedCard(page, id)).toMatchObject({ company: 'US Navy', position: 'Rear Admiral' });
    await expect(other.getByLabel(text.position, { exact: true })).toHaveValue('Rear Admiral');
    await expect(notice).toBeHidden();

    // the first tab had no unsaved changes: it follows, without a notice
    await expect(page.getByLabel(text.company, { exact: true })).toHaveValue('US Navy');
    await expect(page.getByText(text.newer, { exact: true })).toBeHidden();
  });
}

interface QrCodeState {
  id: string;
  title: string;
  url: string;
  savedDesign: { foreground: string; eyeStyle: string } | null;
}

/** The signed-in person's QR code `title` as it is saved. */
async function savedQrCode(page: Page, title: string): Promise<QrCodeState | undefined> {
  const list = await callTrpc<{ items: QrCodeState[] }>(page, 'links.qrCodes', undefined, 'GET');
  return list.items.find((item) => item.title === title);
}

test('the design page, the QR studio and the edit of a QR code compare two versions too (en, phone)', async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  const { id } = await callTrpc<{ id: string }>(page, 'vcards.create', {
    ...EMPTY_VCARD,
    name: 'Grace Hopper',
  });
  await callTrpc(page, 'links.createQrCode', { title: 'Menu', url: 'https://example.com/menu', icon: '' });
  const other = await context.newPage();
  const newerDialog = other.getByRole('dialog', { name: TEXT.en.newer });
  const notice = other.getByText(TEXT.en.newer, { exact: true });

  // the design page: a font saved in one tab, a layout chosen in the other
  for (const tab of [page, other]) {
    await tab.setViewportSize(PHONE);
    await openEditor(tab, '/dashboard/design');
  }
  await other.getByRole('radio', { name: 'Dark' }).check();
  await page.getByLabel('Font', { exact: true }).selectOption({ label: 'Lora (serif)' });
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('Design saved', { exact: true })).toBeVisible();
  await expect(notice).toBeVisible();
  await expect(other.getByLabel('Font', { exact: true })).not.toHaveValue('lora');
  await expectAccessible(other);
  await other.getByRole('button', { name: 'Save design' }).click();
  await expect(newerDialog).toBeVisible();
  await expect(
    newerDialog.getByRole('group', { name: 'Font' }).getByRole('radio', { name: TEXT.en.newerVersion }),
  ).toBeChecked();
  await expect(
    newerDialog.getByRole('group', { name: 'Layout' }).getByRole('radio', { name: TEXT.en.yours }),
  ).toBeChecked();
  await expectAccessible(other);
  await keepScreenshot(other, testInfo, 'design-dialog-phone-en');
  await newerDialog.getByRole('button', { name: TEXT.en.saveChoices }).click();
  await expect(other.getByText('Design saved', { exact: true })).toBeVisible();
  const card = await callTrpc<{ design: { layout: string; font: string } }>(
    page,
    'vcards.get',
    { id },
    'GET',
  );
  expect(card.design).toMatchObject({ layout: 'dark', font: 'lora' });
  // the first tab had no unsaved changes: it follows
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.getByText(TEXT.en.newer, { exact: true })).toBeHidden();

  // the QR studio: round corners saved in one tab, a code colour chosen in the other (square modules,
  // which every decoder reads whatever the code says: the scan check refuses dots for some codes)
  for (const tab of [page, other]) {
    await openEditor(tab, '/dashboard/qr-codes');
    await tab.getByRole('article', { name: 'Menu' }).getByRole('button', { name: 'Design' }).click();
  }
  const studio = (tab: Page) => tab.getByRole('dialog', { name: 'Design QR code' });
  await studio(other).getByLabel('Code colour', { exact: true }).fill('#1E3A8A');
  await studio(page).getByRole('radio', { name: 'Dot centre' }).check();
  await studio(page).getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('QR design saved', { exact: true })).toBeVisible();
  await expect(studio(other).getByText(TEXT.en.newer, { exact: true })).toBeVisible();
  await studio(other).getByRole('button', { name: 'Save design' }).click();
  await expect(newerDialog).toBeVisible();
  await expect(
    newerDialog
      .getByRole('group', { name: 'Corner style' })
      .getByRole('radio', { name: TEXT.en.newerVersion }),
  ).toBeChecked();
  await expect(
    newerDialog.getByRole('group', { name: 'Code colour' }).getByRole('radio', { name: TEXT.en.yours }),
  ).toBeChecked();
  await expectAccessible(other);
  await newerDialog.getByRole('button', { name: TEXT.en.saveChoices }).click();
  await expect(other.getByText('QR design saved', { exact: true })).toBeVisible();
  expect((await savedQrCode(page, 'Menu'))?.savedDesign).toMatchObject({
    foreground: '#1E3A8A',
    eyeStyle: 'circle',
  });

  // the edit of a QR code: a title saved in one tab, a destination typed in the other
  for (const tab of [page, other]) {
    await tab.getByRole('article', { name: 'Menu' }).getByRole('button', { name: 'Edit' }).click();
  }
  const edit = (tab: Page) => tab.getByRole('dialog', { name: 'Edit QR code' });
  await edit(other).getByLabel('Destination URL').fill('https://example.com/autumn');
  await edit(page).getByLabel('Title').fill('Autumn menu');
  await edit(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('QR code updated successfully', { exact: true })).toBeVisible();
  await expect(edit(other).getByText(TEXT.en.newer, { exact: true })).toBeVisible();
  await edit(other).getByRole('button', { name: 'Save changes' }).click();
  await expect(
    newerDialog.getByRole('group', { name: 'Title' }).getByRole('radio', { name: TEXT.en.newerVersion }),
  ).toBeChecked();
  await newerDialog.getByRole('button', { name: TEXT.en.saveChoices }).click();
  await expect(other.getByText('QR code updated successfully', { exact: true })).toBeVisible();
  expect(await savedQrCode(page, 'Autumn menu')).toMatchObject({ url: 'https://example.com/autumn' });
});
