import type { Page, TestInfo } from '@playwright/test';
import { callTrpc, EMPTY_VCARD, expect, expectAccessible, signedInNewPerson, test } from './support.ts';

// Concurrent edits (DECISIONS.md "Work that is never lost"): two tabs edit the same card. The tab without
// unsaved changes follows the other's save; the tab with unsaved changes is told that a newer version
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

/** Opens the card editor and waits until its live stream is open on the server. */
async function openEditor(page: Page): Promise<void> {
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/trpc/live.changes') && response.status() === 200,
  );
  await page.goto('/dashboard/vcard');
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
