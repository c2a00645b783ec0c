import { LEAD_TEXTS } from '../../server/leads/texts.ts';
import { paths } from '../../src/routes.ts';
import { DEFAULT_LEAD_FORM, LEAD_MIN_SECONDS } from '../../src/schemas/lead.ts';
import {
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  markDocument,
  openWithLiveStream,
  signedInNewPerson,
  test,
  waitForMail,
} from './support.ts';

// Contact exchange end to end, on a phone, in both languages: a visitor with JavaScript off opens the
// card, shares their contact through its form and is thanked; the owner, whose leads page is open, sees
// the lead come in live and gets the e-mail; its details show the consent receipt, it is erased; the
// settings are saved and refused with a translated message. Axe on the form, the thank-you page, the
// leads page and the detail.

const TEXTS = {
  en: {
    heading: 'Leads',
    count: '1 lead',
    details: 'Details',
    receipt: 'Consent receipt',
    erase: 'Erase',
    eraseLead: 'Erase lead',
    erased: 'Lead erased',
    empty: 'No leads yet.',
    deleteAfter: 'Delete leads automatically after a number of days',
    days: 'Days to keep each lead',
    badDays: 'Enter a whole number of days from 1 to 3650',
    digest: 'One email a day',
    save: 'Save settings',
    saved: 'Settings saved',
    consent: 'I agree that Ada keeps my details.',
  },
  es: {
    heading: 'Contactos',
    count: '1 contacto',
    details: 'Detalles',
    receipt: 'Recibo del consentimiento',
    erase: 'Borrar',
    eraseLead: 'Borrar contacto',
    erased: 'Contacto borrado',
    empty: 'Aún no hay contactos.',
    deleteAfter: 'Borrar los contactos automáticamente tras unos días',
    days: 'Días que se guarda cada contacto',
    badDays: 'Escribe un número entero de días de 1 a 3650',
    digest: 'Un correo al día',
    save: 'Guardar ajustes',
    saved: 'Ajustes guardados',
    consent: 'Acepto que Ada guarde mis datos.',
  },
} as const;

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a visitor without JavaScript shares their contact; the owner sees it live, reads its receipt, erases it`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }) => {
    // a visitor's browser without JavaScript beside the owner's, and a mail awaited: 30-32 s in CI
    test.slow();
    const owner = await signedInNewPerson(page, 'Ada Lovelace');
    if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
    const card = await callTrpc<{ id: string }>(page, 'vcards.create', {
      ...EMPTY_VCARD,
      name: 'Ada Lovelace',
      leadForm: { ...DEFAULT_LEAD_FORM, enabled: true, consentText: text.consent },
    });
    await openWithLiveStream(page, paths.leads);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();
    await markDocument(page);

    // the visitor: no script at all, the page's language from the browser's
    const visitorContext = await browser.newContext({
      // this test's visitor: the lead form's limits count per address
      extraHTTPHeaders,
      viewport: PHONE,
      javaScriptEnabled: false,
      locale: language === 'es' ? 'es-ES' : 'en-US',
    });
    const visitor = await visitorContext.newPage();
    const words = LEAD_TEXTS[language];
    await visitor.goto(`/vcard/${card.id}`);
    await visitor.getByText(words.shareTitle).click();
    const email = `grace-${card.id.slice(0, 8)}@example.com`;
    await visitor.getByLabel(words.labels.name).fill('Grace Hopper');
    await visitor.getByLabel(words.labels.email).fill(email);
    await visitor.getByLabel(words.labels.phone).fill('+1 202 555 0100');
    await visitor.getByLabel(words.labels.company).fill('Navy');
    await visitor.getByLabel(words.labels.note).fill('Met at the booth');
    await visitor.getByRole('checkbox', { name: text.consent }).check();
    await expectNoSidewaysScroll(visitor);
    await visitor.screenshot({ path: test.info().outputPath(`lead-form-${language}.png`), fullPage: true });
    // a person takes longer than the form's least time; a test has to wait for it
    await visitor.waitForTimeout(LEAD_MIN_SECONDS * 1000);
    await visitor.getByRole('button', { name: words.send }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: words.thanksTitle })).toBeVisible();
    await expect(visitor.getByText(words.thanksText('Ada Lovelace'))).toBeVisible();
    await visitor.screenshot({ path: test.info().outputPath(`lead-thanks-${language}.png`) });
    await visitorContext.close();

    // axe runs as a script: the same pages in a browser that runs one
    const checker = await browser.newContext({
      viewport: PHONE,
      locale: language === 'es' ? 'es-ES' : 'en-US',
    });
    const checked = await checker.newPage();
    await checked.goto(`/vcard/${card.id}`);
    await checked.getByText(words.shareTitle).click();
    await expect(checked.getByRole('button', { name: words.send })).toBeVisible();
    await expectAccessible(checked);
    await checked.goto(`/vcard/${card.id}/lead`);
    await expect(checked.getByRole('heading', { level: 1, name: words.thanksTitle })).toBeVisible();
    await expectAccessible(checked);
    await checker.close();

    // the owner: the lead shows without a reload, and the e-mail arrives
    const row = page.getByRole('listitem', { name: 'Grace Hopper' });
    await expect(row).toContainText(email);
    await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
    const mail = await waitForMail(owner, (received) => received.subject.includes('Ada Lovelace'));
    expect(mail.body).toContain(email);
    await expect(page.getByText(text.count, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`leads-${language}.png`), fullPage: true });

    await row.getByRole('button', { name: new RegExp(text.details) }).click();
    const detail = page.getByRole('dialog', { name: 'Grace Hopper' });
    await expect(detail.getByRole('heading', { name: text.receipt })).toBeVisible();
    await expect(detail.locator('blockquote')).toHaveText(text.consent);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`leads-detail-${language}.png`) });
    await closeWithEscape(page);

    await row.getByRole('button', { name: new RegExp(text.erase) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.eraseLead }).click();
    await expect(page.getByText(text.erased, { exact: true })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();

    // settings: a bad number of days is refused under the field; a good choice is kept
    await page.getByLabel(text.digest).check();
    await page.getByLabel(text.deleteAfter).check();
    const days = page.getByLabel(text.days);
    await days.fill('0');
    await page.getByRole('button', { name: text.save }).click();
    await expect(days).toHaveAccessibleDescription(new RegExp(text.badDays));
    await days.fill('30');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByLabel(text.days)).toHaveValue('30');
    await expect(page.getByLabel(text.digest)).toBeChecked();
  });
}
