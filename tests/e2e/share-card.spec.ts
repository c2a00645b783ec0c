import type { Page } from '@playwright/test';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  chooseUsername,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signedInNewPerson,
  test,
  useLanguage,
} from './support.ts';

// Sharing the card: its address (the one its public page's QR code shows) with Copy and Share on the
// dashboard's home, on each card of My vCards and in the vCard editor, in both languages at phone width.

// each test signs up, buys a plan and makes two cards before the screens it is about
test.slow();

const cases = [
  {
    language: 'en',
    panel: 'Share your card',
    profileAddress: "Your card's address",
    vcardAddress: "This vCard's address",
    copy: 'Copy',
    share: 'Share',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the address and copy it yourself.',
    vcardsHeading: 'My vCards',
    editorHeading: 'Edit vCard',
  },
  {
    language: 'es',
    panel: 'Comparte tu tarjeta',
    profileAddress: 'Dirección de tu tarjeta',
    vcardAddress: 'Dirección de esta vCard',
    copy: 'Copiar',
    share: 'Compartir',
    copied: 'Copiada',
    copyFailed: 'No se pudo copiar: selecciona la dirección y cópiala tú.',
    vcardsHeading: 'Mis vCards',
    editorHeading: 'Editar vCard',
  },
] as const;

/** What the page handed to the share sheet (a stand-in for navigator.share, which Linux Chromium lacks). */
async function sharedData(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { shared?: unknown }).shared);
}

for (const c of cases) {
  test(`the card's address in ${c.language} at phone width: Copy gives it, Share hands it over`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      navigator.share = (data?: ShareData) => {
        (window as unknown as { shared?: unknown }).shared = data;
        return Promise.resolve();
      };
    });
    await useLanguage(page, c.language);
    await signedInNewPerson(page, 'Ada Lovelace');
    await callTrpc(page, 'profile.setLanguage', { language: c.language });
    const username = await chooseUsername(page, 'Ada Lovelace');
    await buyPlan(page, 'pro');
    await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Ada Lovelace' });
    const second = await callTrpc<{ id: string }>(page, 'vcards.create', {
      ...EMPTY_VCARD,
      name: 'Grace Hopper',
    });
    // the dashboard runs on PUBLIC_URL's origin, the one the public pages' QR codes use
    const origin = appOrigin();
    const cardAddress = `${origin}/${username}`;
    const secondAddress = `${origin}/vcard/${second.id}`;

    // the dashboard's home
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: c.panel });
    const address = panel.getByRole('group', { name: c.profileAddress });
    await expect(address.getByRole('textbox', { name: c.profileAddress })).toHaveValue(cardAddress);
    await address.getByRole('button', { name: c.copy }).click();
    await expect(address.getByRole('status')).toHaveText(c.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cardAddress);
    await address.getByRole('button', { name: c.share }).click();
    expect(await sharedData(page)).toEqual({ title: 'Ada Lovelace', url: cardAddress });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // My vCards: each card with its own address, the one its public page's QR code shows
    await page.goto('/dashboard/vcards');
    await expect(page.getByRole('heading', { level: 1, name: c.vcardsHeading })).toBeVisible();
    const primary = page.getByRole('article', { name: 'Ada Lovelace' });
    await expect(primary.getByRole('textbox', { name: c.profileAddress })).toHaveValue(cardAddress);
    const other = page.getByRole('article', { name: 'Grace Hopper' });
    await expect(other.getByRole('textbox', { name: c.vcardAddress })).toHaveValue(secondAddress);
    await other.getByRole('button', { name: c.copy }).click();
    await expect(other.getByRole('status')).toHaveText(c.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secondAddress);
    // both addresses open their card
    for (const [url, name] of [
      [cardAddress, 'Ada Lovelace'],
      [secondAddress, 'Grace Hopper'],
    ] as const) {
      const response = await page.request.get(url);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`<h1>${name}</h1>`);
    }
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // the editor of the primary card
    await page.goto('/dashboard/vcard');
    await expect(page.getByRole('heading', { level: 1, name: c.editorHeading })).toBeVisible();
    const editor = page.getByRole('group', { name: c.profileAddress });
    await expect(editor.getByRole('textbox')).toHaveValue(cardAddress);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await editor.getByRole('button', { name: c.copy }).click();
    await expect(editor.getByRole('status')).toHaveText(c.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cardAddress);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // a browser that refuses the clipboard: the address is selected to copy by hand, and the person told;
    // one without the Web Share API has no Share button
    const refusing = await context.newPage();
    await refusing.setViewportSize({ width: 390, height: 844 });
    await refusing.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await refusing.goto('/dashboard');
    const refused = refusing.getByRole('group', { name: c.profileAddress });
    await expect(refused.getByRole('button', { name: c.copy })).toBeVisible();
    await expect(refused.getByRole('button', { name: c.share })).toHaveCount(0);
    await refused.getByRole('button', { name: c.copy }).click();
    await expect(refused.getByRole('status')).toHaveText(c.copyFailed);
    const field = refused.getByRole('textbox');
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      ),
    ).toBe(cardAddress);
    await expectAccessible(refusing);
    await refusing.close();
  });
}
