import { randomBytes } from 'node:crypto';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  closeWithEscape,
  expect,
  expectAccessible,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';

// Chosen short-link codes (customLinks): a Pro owner chooses the code of a QR code at
// creation and changes it later, and both codes lead to the destination; a Free account sees the upgrade
// prompt where the code would be chosen. The forms pass axe in English and Spanish, on a phone and a
// desktop, and every dialog gives focus back to its button.

/** A page of the app itself: the test machine has no internet to follow a redirect to. */
const destination = () => `${appOrigin()}/terms`;

/** A code nobody else has: chosen codes are unique across the whole server. */
const uniqueCode = (base: string) => `${base}-${randomBytes(3).toString('hex')}`;

test('a Pro owner chooses the code of a QR code, follows /l/{code}, changes it, and the old code still leads there', async ({
  page,
}) => {
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  await page.goto('/dashboard/qr-codes');
  const createButton = page.getByRole('button', { name: 'Create your first QR code' });
  await createButton.click();
  const create = page.getByRole('dialog', { name: 'Create New QR' });
  await create.getByLabel('Title').fill('Spring menu');
  await create.getByLabel('Destination URL').fill(destination());
  const codeField = create.getByLabel('Short link code (optional)');
  // a reserved code answers at its field, translated
  await codeField.fill('Dashboard');
  await create.getByRole('button', { name: 'Create QR code' }).click();
  await expect(codeField).toHaveAccessibleDescription(/This code is reserved/);
  const first = uniqueCode('Spring-Menu');
  await codeField.fill(first);
  await expect(create.getByText(`${appOrigin()}/l/${first.toLowerCase()}`)).toBeVisible();
  await create.getByRole('button', { name: 'Create QR code' }).click();
  await expect(page.getByText('QR code created successfully', { exact: true })).toBeVisible();

  const card = page.getByRole('article', { name: 'Spring menu' });
  await expect(card.getByText(`${appOrigin()}/l/${first.toLowerCase()}`)).toBeVisible();
  // the printed code works as printed, in capitals too
  await page.goto(`/l/${first.toUpperCase()}`);
  await expect(page).toHaveURL(destination());

  await page.goto('/dashboard/qr-codes');
  const chooseButton = card.getByRole('button', { name: 'Choose code' });
  await chooseButton.focus();
  await page.keyboard.press('Enter');
  const choose = page.getByRole('dialog', { name: 'Choose the code of the short link' });
  await expect(choose.getByLabel('Code')).toHaveValue(first.toLowerCase());
  const second = uniqueCode('menu');
  await choose.getByLabel('Code').fill(second);
  await choose.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByText('Code changed', { exact: true })).toBeVisible();
  await expect(choose).toBeHidden();
  await expect(chooseButton).toBeFocused();
  await expect(card.getByText(`${appOrigin()}/l/${second}`)).toBeVisible();

  // a code another link holds is refused at its field, in any case
  const taken = uniqueCode('taken');
  await callTrpc(page, 'links.createQrCode', { title: 'Other', url: destination(), icon: '', code: taken });
  await chooseButton.click();
  await choose.getByLabel('Code').fill(taken.toUpperCase());
  await choose.getByRole('button', { name: 'Save code' }).click();
  await expect(choose.getByLabel('Code')).toHaveAccessibleDescription(/This code is already taken/);
  await closeWithEscape(page);
  await expect(chooseButton).toBeFocused();

  for (const code of [first, second]) {
    await page.goto(`/l/${code}`);
    await expect(page).toHaveURL(destination());
  }
});

test('a Pro owner chooses the code of a profile link on the links page and follows /l/{code}', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  await callTrpc(page, 'links.createProfileLink', { title: 'Portfolio', url: destination(), icon: '' });
  await page.goto('/dashboard/links');
  const row = page.getByRole('listitem').filter({ hasText: 'Portfolio' });
  await expect(row.getByText(/^Short link: /)).toBeVisible();
  const chooseButton = row.getByRole('button', { name: 'Choose the code of Portfolio' });
  await chooseButton.click();
  const choose = page.getByRole('dialog', { name: 'Choose the code of the short link' });
  await expect(choose.getByText(/addresses you already shared keep working/)).toBeVisible();
  await expectAccessible(page);
  const code = uniqueCode('portfolio');
  await choose.getByLabel('Code').fill(code);
  await choose.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByText('Code changed', { exact: true })).toBeVisible();
  await expect(chooseButton).toBeFocused();
  await expect(row.getByText(`Short link: ${appOrigin()}/l/${code}`)).toBeVisible();
  await page.goto(`/l/${code}`);
  await expect(page).toHaveURL(destination());
});

test('the code forms pass axe in English and Spanish, on a phone and a desktop, with an error shown', async ({
  page,
}) => {
  test.slow();
  await signedInNewPerson(page);
  await buyPlan(page, 'business');
  await callTrpc(page, 'links.createQrCode', { title: 'Flyer', url: destination(), icon: '' });
  const texts = {
    en: {
      create: 'Create New QR',
      code: 'Short link code (optional)',
      choose: 'Choose code',
      save: 'Save code',
      reserved: 'This code is reserved',
    },
    es: {
      create: 'Crear nuevo QR',
      code: 'Código del enlace corto (opcional)',
      choose: 'Elegir código',
      save: 'Guardar código',
      reserved: 'Este código está reservado',
    },
  } as const;
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    const text = texts[language];
    for (const [, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/qr-codes');
      const createButton = page.getByRole('button', { name: text.create });
      await createButton.click();
      const create = page.getByRole('dialog', { name: text.create });
      await create.getByLabel(text.code).fill('admin');
      await create.getByLabel(text.code).press('Enter');
      await expect(create.getByLabel(text.code)).toHaveAccessibleDescription(new RegExp(text.reserved));
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(createButton).toBeFocused();

      const chooseButton = page
        .getByRole('article', { name: 'Flyer' })
        .getByRole('button', { name: text.choose });
      await chooseButton.click();
      const choose = page.getByRole('dialog');
      await choose.getByRole('textbox').fill('api');
      await choose.getByRole('button', { name: text.save }).click();
      await expect(choose.getByRole('textbox')).toHaveAccessibleDescription(new RegExp(text.reserved));
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(chooseButton).toBeFocused();
    }
  }
});

test('a Free account sees the upgrade prompt where it would choose a code, in English and Spanish', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await callTrpc(page, 'links.createQrCode', { title: 'Flyer', url: destination(), icon: '' });
  const texts = {
    en: {
      choose: 'Choose code',
      prompt: 'Custom links is part of the Pro plan',
      upgrade: 'Upgrade to Pro',
    },
    es: { choose: 'Elegir código', prompt: /Pro/, upgrade: /Pro/ },
  } as const;
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    const text = texts[language];
    for (const [, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/qr-codes');
      const chooseButton = page
        .getByRole('article', { name: 'Flyer' })
        .getByRole('button', { name: text.choose });
      await chooseButton.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(text.prompt).first()).toBeVisible();
      await expect(dialog.getByRole('link', { name: text.upgrade })).toBeVisible();
      await expect(dialog.getByRole('textbox')).toHaveCount(0);
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(chooseButton).toBeFocused();
    }
  }
  // the server refuses it too
  const refused = await page.request.post('/api/trpc/links.createQrCode', {
    data: { json: { title: 'Second', url: destination(), icon: '', code: 'my-menu' } },
    headers: { origin: appOrigin() },
  });
  expect(refused.status()).toBe(403);
});
