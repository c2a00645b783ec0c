import {
  callTrpc,
  chooseUsername,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  signedInNewPerson,
  test,
} from './support.ts';
import { VCARD_NAME_MAX_LENGTH, VCARD_TEXT_MAX_LENGTH } from '../../src/schemas/vcard.ts';

// My vCards (/dashboard/vcards) and the single-vCard editor (/dashboard/vcard). Every test has its own
// person on the free plan, whose limit is one vCard.

test('create, see, edit, view and delete a vCard; the free plan blocks a second one', async ({ page }) => {
  await signedInNewPerson(page);
  const username = await chooseUsername(page, 'Ada Lovelace');
  await page.goto('/dashboard/vcards');
  await expect(page.getByRole('heading', { name: 'No vCards yet' })).toBeVisible();
  await expect(page.getByText('0 of 1 vCards')).toBeVisible();

  const usage = page.getByRole('region', { name: 'Plan usage' });
  await usage.getByRole('button', { name: 'Create vCard' }).click();
  const create = page.getByRole('dialog', { name: 'Create vCard' });
  await expect(create.getByLabel('Name', { exact: true })).toBeFocused();
  await create.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await create.getByLabel('Position').fill('Engineer');
  await create.getByLabel('Company').fill('Analytical Engines');
  await create.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await create.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
  // the preview follows the form as it is typed
  await expect(create.getByRole('figure').getByText('Engineer at Analytical Engines')).toBeVisible();
  // five clicks in one tick, before the button can re-render as busy, send one request
  const createRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('vcards.create')) createRequests.push(request.url());
  });
  await create.getByRole('button', { name: 'Create vCard' }).evaluate((button: HTMLElement) => {
    for (let click = 0; click < 5; click++) button.click();
  });
  await expect(page.getByText('vCard created successfully', { exact: true })).toBeVisible();
  await expect(create).toBeHidden();
  expect(createRequests).toHaveLength(1);
  // focus is back on the button that opened the dialog
  await expect(usage.getByRole('button', { name: 'Create vCard' })).toBeFocused();

  const card = page.getByRole('article', { name: 'Ada Lovelace' });
  await expect(card.getByText('Engineer at Analytical Engines')).toBeVisible();
  await expect(card.getByText('ada@example.com')).toBeVisible();
  await expect(card.getByText('+44 20 7946 0000')).toBeVisible();
  await expect(card.getByText('Primary', { exact: true })).toBeVisible();

  // the free plan's one card is used: a quiet note first (no warning for a new account), then the
  // refusal, with the reason and a way to upgrade, when a second card is asked for
  await expect(usage.getByText('1 of 1 vCards')).toBeVisible();
  const createButton = usage.getByRole('button', { name: 'Create vCard' });
  await expect(createButton).toHaveAccessibleDescription(/That is everything your plan includes/);
  await expect(usage.getByRole('alert')).toHaveCount(0);
  await createButton.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(usage.getByRole('alert')).toContainText('Plan Limit Reached');
  await expect(createButton).toHaveAccessibleDescription(/You've reached your plan limit/);
  await expect(usage.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
    'href',
    '/dashboard/billing?choose=plan',
  );

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit vCard' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await edit.getByLabel('Position').fill('Mathematician');
  await edit.getByLabel('Website').fill('ftp://ada.example.com');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByLabel('Website')).toHaveAccessibleDescription(
    /^URL must start with http:\/\/ or https:\/\/ At most 2048 characters$/,
  );
  await edit.getByLabel('Website').fill('https://ada.example.com');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('vCard updated successfully', { exact: true })).toBeVisible();
  await expect(card.getByText('Mathematician at Analytical Engines')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused();

  // the primary card is the one at /{username}; View opens it in a new tab
  const view = card.getByRole('link', { name: 'View' });
  await expect(view).toHaveAttribute('href', `/${username}`);
  await expect(view).toHaveAttribute('target', '_blank');
  const [publicPage] = await Promise.all([page.waitForEvent('popup'), view.click()]);
  await expect(publicPage).toHaveURL(new RegExp(`/${username}$`));
  await publicPage.close();

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this vCard?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeFocused();
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete vCard' }).click();
  await expect(page.getByText('vCard deleted', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My vCards' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'No vCards yet' })).toBeVisible();
  await expect(usage.getByRole('button', { name: 'Create vCard' })).toBeEnabled();
});

const TEXTS = {
  en: {
    createFirst: 'Create your first vCard',
    create: 'Create vCard',
    edit: 'Edit',
    delete: 'Delete',
    cancel: 'Cancel',
    editor: 'Edit vCard',
    preview: 'Preview of your public page',
  },
  es: {
    createFirst: 'Crea tu primera vCard',
    create: 'Crear vCard',
    edit: 'Editar',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    editor: 'Editar vCard',
    preview: 'Vista previa de tu página pública',
  },
} as const;

test('without a username there is no View link; My vCards, its dialogs and the editor pass axe in English and Spanish', async ({
  page,
}) => {
  // ten axe scans of a long form (eleven social profiles, each field with its counter)
  test.slow();
  await signedInNewPerson(page);
  // the create dialog with its field errors, while the plan has room for a card
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/vcards');
    const opener = page.getByRole('button', { name: TEXTS[language].createFirst });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: TEXTS[language].create }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeFocused();
    await expectAccessible(page);
    await closeWithEscape(page);
    await expect(opener).toBeFocused();
  }
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
  await callTrpc(page, 'vcards.create', {
    ...EMPTY_VCARD,
    name: 'Grace Hopper',
    backgroundColour: '#10B981',
  });
  await page.goto('/dashboard/vcards');
  const card = page.getByRole('article', { name: 'Grace Hopper' });
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'View' })).toHaveCount(0);

  // a light card colour (Emerald) under white text: the tile shows the readable colours visitors see
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/vcards');
    const texts = TEXTS[language];
    await expect(card.getByRole('button', { name: texts.edit })).toBeVisible();
    await expectAccessible(page);
    const edit = card.getByRole('button', { name: texts.edit });
    await edit.click();
    // a saved card's preview is its public page
    await expect(page.getByRole('dialog').getByTitle(texts.preview)).toBeVisible();
    await expectAccessible(page);
    await closeWithEscape(page);
    await expect(edit).toBeFocused();
    const remove = card.getByRole('button', { name: texts.delete });
    await remove.click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: texts.cancel }).click();
    await expect(remove).toBeFocused();
    await page.goto('/dashboard/vcard');
    await expect(page.getByRole('heading', { level: 1, name: texts.editor })).toBeVisible();
    await expect(page.getByTitle(texts.preview)).toBeVisible();
    await expectAccessible(page);
  }
});

test('the server refuses a card beyond the plan limit with Limit Reached', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/vcards');
  await page.getByRole('button', { name: 'Create your first vCard' }).click();
  const create = page.getByRole('dialog', { name: 'Create vCard' });
  await create.getByLabel('Name', { exact: true }).fill('Second Card');
  // meanwhile another tab used the plan's one card
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'First Card' });
  await create.getByRole('button', { name: 'Create vCard' }).click();
  await expect(page.getByText('Limit Reached', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Upgrade your plan to create more digital cards and QR codes.', { exact: true }),
  ).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dialog fills the screen, the hex field takes only hex digits, cards take the full width', async ({
    page,
  }) => {
    await signedInNewPerson(page);
    await page.goto('/dashboard/vcards');
    await page.getByRole('button', { name: 'Create your first vCard' }).click();
    const create = page.getByRole('dialog', { name: 'Create vCard' });
    // measured once the opening animation (a small zoom) has finished
    await expect.poll(async () => (await create.boundingBox())?.width).toBe(390);
    await create.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    // the hex field takes only '#' and hex digits
    const background = create.getByRole('group', { name: 'Background colour' }).getByLabel('Hex code');
    await background.fill('#10b98z');
    await expect(background).not.toHaveValue('#10b98z');
    await background.fill('#10B981');
    await create.getByRole('button', { name: 'Create vCard' }).click();
    await expect(page.getByText('vCard created successfully', { exact: true })).toBeVisible();
    const card = page.getByRole('article', { name: 'Ada Lovelace' });
    const cardBox = await card.boundingBox();
    expect(cardBox?.width).toBeGreaterThan(300);
    // the toast sits at the top, over the bar with the menu, clear of the card and the page's actions
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    const toastBox = await toast.boundingBox();
    const barBox = await page.getByRole('banner').boundingBox();
    expect(toastBox?.y).toBeLessThan(16);
    expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(
      (barBox?.y ?? 0) + (barBox?.height ?? 0) + 8,
    );
    expect(cardBox?.y).toBeGreaterThan((toastBox?.y ?? 0) + (toastBox?.height ?? 0));
  });
});

test('/dashboard/vcard creates the first card inline, then edits it', async ({ page }) => {
  await signedInNewPerson(page);
  const username = await chooseUsername(page, 'Ada Lovelace');
  await page.goto('/dashboard/vcard');
  await expect(page.getByText("You don't have a vCard yet.")).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Create vCard' }).click();
  await expect(page.getByText('vCard saved successfully', { exact: true })).toBeVisible();

  await expect(page.getByRole('link', { name: 'View public page' })).toHaveAttribute('href', `/${username}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await page.getByLabel('Company').fill('Analytical Engines');
  await page.getByRole('button', { name: 'Save vCard' }).click();
  await expect(page.getByText('vCard saved successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company')).toHaveValue('Analytical Engines');
});

test('new vCards start with the default card colour of Account settings, which says what it does', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await chooseUsername(page, 'Ada Lovelace');
  await page.goto('/dashboard/account');
  const setting = page.getByRole('region', { name: 'Default card colour' });
  await expect(
    setting.getByText(
      /New vCards start with this colour, and your public page shows it while you have no vCard/,
    ),
  ).toBeVisible();
  await setting.getByRole('radio', { name: 'Rose' }).click();
  await setting.getByRole('button', { name: 'Save colour' }).click();
  await expect(page.getByText('Default card colour saved', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Profile photo' })
      .getByText(/shows this photo only while you have no vCard/),
  ).toBeVisible();

  // the card's own colour is changed in My vCards, where a new card starts with the default
  await setting.getByRole('link', { name: 'My vCards' }).click();
  await expect(page).toHaveURL('/dashboard/vcards');
  await page
    .getByRole('region', { name: 'Plan usage' })
    .getByRole('button', { name: 'Create vCard' })
    .click();
  const create = page.getByRole('dialog', { name: 'Create vCard' });
  const background = create.getByRole('group', { name: 'Background colour' }).getByLabel('Hex code');
  await expect(background).toHaveValue('#F43F5E');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/vcard');
  await expect(page.getByRole('group', { name: 'Background colour' }).getByLabel('Hex code')).toHaveValue(
    '#F43F5E',
  );
});

test('given and family name, a GitHub profile and a WhatsApp number: limits shown, bad input refused, on the public page and in the .vcf', async ({
  page,
}) => {
  test.slow();
  await signedInNewPerson(page);
  const username = await chooseUsername(page, 'María José García López');
  await page.goto('/dashboard/vcard');
  const name = page.getByLabel('Name', { exact: true });
  const given = page.getByLabel('Given name');
  const family = page.getByLabel('Family name');

  // the limit is on the field: its maxlength and a counter, the same number as the schema's
  await expect(name).toHaveAttribute('maxlength', String(VCARD_NAME_MAX_LENGTH));
  await expect(family).toHaveAttribute('maxlength', String(VCARD_TEXT_MAX_LENGTH));
  await name.fill('María José García López');
  await expect(page.getByText(`23/${VCARD_NAME_MAX_LENGTH}`, { exact: true })).toBeVisible();
  await expect(name).toHaveAccessibleDescription(`At most ${VCARD_NAME_MAX_LENGTH} characters`);

  // the parts follow the name as a suggestion until the person changes one
  await expect(given).toHaveValue('María José');
  await expect(family).toHaveValue('García López');
  await family.fill('García López de Haro');
  await name.fill('María José García López de Haro');
  await expect(family).toHaveValue('García López de Haro');
  await expect(given).toHaveValue('María José');
  await expect(page.getByRole('button', { name: 'Suggest from the name' })).toBeVisible();

  await page.getByRole('button', { name: /Social links/ }).click();
  await page.getByLabel('GitHub').fill('https://github.com/mariajose');
  const whatsapp = page.getByLabel('WhatsApp');
  await whatsapp.fill('600 123 456');
  await page.getByRole('button', { name: 'Create vCard' }).click();
  await expect(whatsapp).toHaveAccessibleDescription(
    /Enter your WhatsApp number with its country code \(for example \+34 600 123 456\) or a wa\.me link/,
  );
  await expect(whatsapp).toBeFocused();
  expect(await callTrpc<{ vcards: unknown[] }>(page, 'vcards.list', undefined, 'GET')).toMatchObject({
    vcards: [],
  });
  await expectAccessible(page);

  await whatsapp.fill('+34 600 123 456');
  await page.getByRole('button', { name: 'Create vCard' }).click();
  await expect(page.getByText('vCard saved successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(family).toHaveValue('García López de Haro');
  await expect(page.getByLabel('WhatsApp')).toHaveValue('+34600123456');

  // the public page: the profiles by name, the parts it is filed under as microdata
  await page.goto(`/${username}`);
  await expect(page.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/mariajose',
  );
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/34600123456',
  );
  await expect(page.locator('meta[itemprop="givenName"]')).toHaveAttribute('content', 'María José');
  await expect(page.locator('meta[itemprop="familyName"]')).toHaveAttribute(
    'content',
    'García López de Haro',
  );
  await expectAccessible(page);
  const vcfPath = await page.getByRole('link', { name: 'Save contact' }).getAttribute('href');
  const vcf = (await (await page.request.get(vcfPath ?? '')).text()).replace(/\r\n /g, '');
  expect(vcf).toContain('N:García López de Haro;María José;;;\r\n');
  expect(vcf).toContain('X-SOCIALPROFILE;TYPE=github:https://github.com/mariajose\r\n');

  // in Spanish: the same refusal, translated, and the editor passes axe with every field open
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.goto('/dashboard/vcard');
  // a card with social links opens with them unfolded
  await expect(page.getByRole('button', { name: /Redes sociales/ })).toHaveAttribute('aria-expanded', 'true');
  const spanishWhatsapp = page.getByLabel('WhatsApp');
  await spanishWhatsapp.fill('600 123 456');
  await page.getByRole('button', { name: 'Guardar vCard' }).click();
  await expect(spanishWhatsapp).toHaveAccessibleDescription(
    /Escribe tu número de WhatsApp con el prefijo del país/,
  );
  await expect(page.getByText(`31/${VCARD_NAME_MAX_LENGTH}`, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a department, a work phone and a postal address: typed in the editor, on the public page and in the .vcf, in English and Spanish', async ({
  page,
}) => {
  await signedInNewPerson(page);
  const username = await chooseUsername(page, 'Ana Ruiz');
  await page.goto('/dashboard/vcard');
  await page.getByLabel('Name', { exact: true }).fill('Ana Ruiz');
  await page.getByLabel('Position', { exact: true }).fill('Engineer');
  await page.getByLabel('Company', { exact: true }).fill('Northwind');
  await page.getByLabel('Department', { exact: true }).fill('Platform');
  await page.getByLabel('Phone', { exact: true }).fill('+34 600 123 456');
  await page.getByLabel('Work phone', { exact: true }).fill('+34 955 000 111');
  const address = page.getByRole('group', { name: 'Postal address' });
  await address.getByLabel('Street').fill('Calle Sierpes 12');
  await address.getByLabel('Postal code').fill('41004');
  await address.getByLabel('City').fill('Sevilla');
  await address.getByLabel('Country').fill('España');
  await page.getByRole('button', { name: 'Create vCard' }).click();
  await expect(page.getByText('vCard saved successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(address.getByLabel('City')).toHaveValue('Sevilla');

  await page.goto(`/${username}`);
  await expect(page.getByText('Engineer, Platform at Northwind')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call mobile' })).toHaveAttribute('href', 'tel:+34600123456');
  await expect(page.getByRole('link', { name: 'Call work' })).toHaveAttribute('href', 'tel:+34955000111');
  const postal = page.getByRole('region', { name: 'Address' });
  await expect(postal.locator('address')).toHaveText('Calle Sierpes 1241004 SevillaEspaña');
  await expect(postal.getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/search\?query=Calle%20Sierpes%2012/,
  );
  await expectAccessible(page);
  const vcfPath = await page.getByRole('link', { name: 'Save contact' }).getAttribute('href');
  const vcf = (await (await page.request.get(vcfPath ?? '')).text()).replace(/\r\n /g, '');
  expect(vcf).toContain('ORG:Northwind;Platform\r\n');
  expect(vcf).toContain('TEL;TYPE=WORK,VOICE:+34 955 000 111\r\n');
  expect(vcf).toContain('ADR;TYPE=WORK:;;Calle Sierpes 12;Sevilla;;41004;España\r\n');

  // in Spanish: the editor's new fields and the page's words
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.goto('/dashboard/vcard');
  await expect(page.getByLabel('Departamento', { exact: true })).toHaveValue('Platform');
  await expect(page.getByRole('group', { name: 'Dirección postal' }).getByLabel('Ciudad')).toHaveValue(
    'Sevilla',
  );
  await expectAccessible(page);
  // the public page speaks the visitor's language
  const spanishPage = await (
    await page.request.get(`/${username}`, { headers: { 'accept-language': 'es' } })
  ).text();
  expect(spanishPage).toContain('Llamar al trabajo</a>');
  expect(spanishPage).toContain('Abrir en el mapa</a>');
});
