import type { Page } from '@playwright/test';
import {
  appOrigin,
  callTrpc,
  checkAndPhotograph,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  signedInNewPerson,
  test,
} from './support.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// A link's schedule and rules (src/link-lifecycle.ts): a person sets when a QR code or a profile link is
// live, its scan limit, its fallback and a rule through the 'Schedule and rules' dialog, sees each mistake
// at its field, sees the link's state on its card, and disables and enables it again. The dialog and the
// cards pass axe in English and Spanish, on a phone and a desktop. Where the redirect sends a visitor is
// the API tests' job (tests/api).

// a zone with summer time, so the dialog's local times are seen to be turned into the right moments
test.use({ timezoneId: 'Europe/Madrid' });

/** Pages of the app itself: the test machine has no internet to follow a redirect to. */
const destination = () => `${appOrigin()}/terms`;
const fallback = () => `${appOrigin()}/privacy`;
const ruleDestination = () => `${appOrigin()}/contact`;

interface ListedLink {
  id: string;
  title: string;
  code: string;
  version: number;
  clickCount: number;
  lifecycle: Record<string, unknown>;
}

/** A link of the signed-in person's QR codes or profile links, as its list answers it (dates as ISO text). */
async function listedLink(page: Page, list: 'qrCodes' | 'profileLinks', title: string): Promise<ListedLink> {
  const { items } = await callTrpc<{ items: ListedLink[] }>(page, `links.${list}`, undefined, 'GET');
  const link = items.find((item) => item.title === title);
  if (!link) throw new Error(`no link titled ${title} in links.${list}`);
  return link;
}

test('a QR code gets a schedule, a scan limit, a fallback and a rule, then is disabled and enabled again', async ({
  page,
}) => {
  // a long journey: every field's mistake, two saves and a reopening, then two toggles
  test.slow();
  await signedInNewPerson(page);
  await callTrpc(page, 'links.createQrCode', { title: 'Menu', url: destination(), icon: '' });
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await page.goto('/dashboard/qr-codes');
  const card = page.getByRole('article', { name: 'Menu' });
  await expect(card.getByRole('button', { name: 'Schedule and rules' })).toBeVisible();
  // nothing set: no state to tell
  await expect(card.getByText(/^Live/)).toHaveCount(0);
  // a vCard's own QR code keeps leading to its card as printed: none of this is offered on it
  const vcardCard = page.getByRole('article', { name: 'Grace Hopper' });
  await expect(vcardCard.getByRole('button', { name: 'Schedule and rules' })).toHaveCount(0);
  await expect(vcardCard.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  const open = card.getByRole('button', { name: 'Schedule and rules' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Schedule and rules' });
  await expect(dialog.getByText('(your time zone: Europe/Madrid)')).toBeVisible();

  // every mistake answers at its field
  await dialog.getByLabel('Live from').fill('2099-07-01T09:00');
  await dialog.getByLabel('Live until').fill('2099-06-30T18:00');
  await dialog.getByLabel('Scan limit').fill('0');
  await dialog.getByLabel('Fallback URL').fill('ftp://files.example/menu.pdf');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  const rule = dialog.getByRole('group', { name: 'Rule 1' });
  await expect(rule.getByLabel('Device')).toBeFocused();
  await rule.getByLabel('Destination URL').fill(ruleDestination());
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(dialog.getByLabel('Live until')).toHaveAccessibleDescription(
    /The end must be after the start/,
  );
  await expect(dialog.getByLabel('Scan limit')).toHaveAccessibleDescription(
    /Enter a whole number, 1 or more/,
  );
  await expect(dialog.getByLabel('Fallback URL')).toHaveAccessibleDescription(
    /URL must start with http:\/\/ or https:\/\//,
  );
  await expect(rule.getByLabel('Device')).toHaveAccessibleDescription(
    /Choose a device or a language for this rule/,
  );

  await dialog.getByLabel('Live from').fill('');
  await dialog.getByLabel('Scan limit').fill('50');
  await dialog.getByLabel('Fallback URL').fill(fallback());
  await rule.getByLabel('Device').selectOption({ label: 'iPhone and iPad (iOS)' });
  await rule.getByLabel('Language').selectOption({ label: 'Spanish' });
  await save.click();
  await expect(page.getByText('Schedule and rules saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(card.getByText(/^Live until .*2099.* · 0 of 50 scans$/)).toBeVisible();
  await expect(card.getByText('1 rule', { exact: true })).toBeVisible();
  // 18:00 in Madrid's summer is 16:00 UTC
  expect((await listedLink(page, 'qrCodes', 'Menu')).lifecycle).toMatchObject({
    enabled: true,
    activeFrom: null,
    activeUntil: '2099-06-30T16:00:00.000Z',
    maxScans: 50,
    fallbackUrl: fallback(),
    rules: [{ device: 'ios', language: 'es', url: ruleDestination() }],
  });

  // the dialog opens on what was saved; a start to come makes the code scheduled
  await open.click();
  await expect(dialog.getByLabel('Live until')).toHaveValue('2099-06-30T18:00');
  await expect(dialog.getByLabel('Scan limit')).toHaveAccessibleDescription(/^0 of 50 used\./);
  await expect(rule.getByLabel('Language')).toHaveValue('es');
  await dialog.getByLabel('Live from').fill('2099-01-01T09:00');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Scheduled \(from .*2099.*\)$/)).toBeVisible();

  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('“Menu” disabled', { exact: true })).toBeVisible();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('“Menu” enabled', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Scheduled \(from .*2099.*\)$/)).toBeVisible();
});

test('a profile link gets a limit and a fallback on the links page, never a limit below its follows, and is disabled', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await callTrpc(page, 'links.createProfileLink', { title: 'Portfolio', url: destination(), icon: '' });
  const { code } = await listedLink(page, 'profileLinks', 'Portfolio');
  // two follows by a visitor's phone (the owner's own are not counted) before any limit: a new limit
  // counts them
  const follow = () =>
    fetch(new URL(`/l/${code}`, appOrigin()), {
      headers: { 'user-agent': IPHONE_SAFARI },
      redirect: 'manual',
    });
  for (let times = 0; times < 2; times++) expect((await follow()).status).toBe(302);
  // follows are written about a second after they happen
  await expect.poll(async () => (await listedLink(page, 'profileLinks', 'Portfolio')).clickCount).toBe(2);
  await page.goto('/dashboard/links');
  const row = page.getByRole('listitem').filter({ hasText: 'Portfolio' });
  const open = row.getByRole('button', { name: 'Schedule and rules of Portfolio' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Schedule and rules' });
  const limit = dialog.getByLabel('Scan limit');
  await expect(limit).toHaveAccessibleDescription(/the 2 so far included/);
  await limit.fill('1');
  await dialog.getByLabel('Fallback URL').fill('javascript:alert(1)');
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(dialog.getByLabel('Fallback URL')).toHaveAccessibleDescription(
    /URL must start with http:\/\/ or https:\/\//,
  );
  await dialog.getByLabel('Fallback URL').fill(fallback());
  await save.click();
  await expect(limit).toHaveAccessibleDescription(/The limit can't be below the scans already counted/);
  await limit.fill('3');
  await save.click();
  await expect(page.getByText('Schedule and rules saved', { exact: true })).toBeVisible();
  await expect(open).toBeFocused();
  await expect(row.getByText('2 of 3 scans', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Disable Portfolio' }).click();
  await expect(page.getByText('“Portfolio” disabled', { exact: true })).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  // the short link no longer leads to the destination
  expect((await follow()).headers.get('location')).not.toBe(destination());
  await row.getByRole('button', { name: 'Enable Portfolio' }).click();
  await expect(page.getByText('“Portfolio” enabled', { exact: true })).toBeVisible();
  await expect(row.getByText(/^\d of 3 scans$/)).toBeVisible();
});

test('the cards and the dialog pass axe in English and Spanish, on a phone and a desktop, with an error shown', async ({
  page,
}, testInfo) => {
  test.slow();
  await signedInNewPerson(page);
  await callTrpc(page, 'links.createQrCode', { title: 'Flyer', url: destination(), icon: '' });
  await callTrpc(page, 'links.createProfileLink', { title: 'Shop', url: destination(), icon: '' });
  for (const [list, title] of [
    ['qrCodes', 'Flyer'],
    ['profileLinks', 'Shop'],
  ] as const) {
    const { id, version } = await listedLink(page, list, title);
    await callTrpc(page, 'links.setLifecycle', {
      id,
      baseVersion: version,
      activeFrom: null,
      activeUntil: null,
      maxScans: 100,
      fallbackUrl: '',
      rules: [{ device: 'android', language: null, url: ruleDestination() }],
    });
    await callTrpc(page, 'links.setEnabled', { id, enabled: false });
  }
  const texts = {
    en: {
      open: 'Schedule and rules',
      disabled: 'Disabled',
      from: 'Live from',
      until: 'Live until',
      save: 'Save',
      endBeforeStart: 'The end must be after the start',
    },
    es: {
      open: 'Programación y reglas',
      disabled: 'Desactivado',
      from: 'Activo desde',
      until: 'Activo hasta',
      save: 'Guardar',
      endBeforeStart: 'El final debe ser posterior al inicio',
    },
  } as const;
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    const text = texts[language];
    await page.goto('/dashboard/links');
    await expect(page.getByRole('listitem').getByText(text.disabled, { exact: true })).toBeVisible();
    await checkAndPhotograph(page, testInfo, `link-lifecycle-links-${language}`);

    await page.goto('/dashboard/qr-codes');
    const card = page.getByRole('article', { name: 'Flyer' });
    await expect(card.getByText(text.disabled, { exact: true })).toBeVisible();
    await checkAndPhotograph(page, testInfo, `link-lifecycle-qr-codes-${language}`);
    const open = card.getByRole('button', { name: text.open });
    await open.click();
    const dialog = page.getByRole('dialog', { name: text.open });
    await dialog.getByLabel(text.from).fill('2099-07-01T09:00');
    await dialog.getByLabel(text.until).fill('2099-06-30T18:00');
    await dialog.getByRole('button', { name: text.save, exact: true }).click();
    await expect(dialog.getByLabel(text.until)).toHaveAccessibleDescription(new RegExp(text.endBeforeStart));
    await checkAndPhotograph(page, testInfo, `link-lifecycle-dialog-${language}`);
    await closeWithEscape(page);
    await expect(open).toBeFocused();
  }
});
