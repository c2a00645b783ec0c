import { paths } from '../../src/routes.ts';
import {
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  openWithLiveStream,
  runSql,
  signedInNewPerson,
  test,
} from './support.ts';

// The owner's leads page (issue 25): a lead left on the person's card is listed, its details show the
// consent receipt, it is erased; the settings are saved and refused with a translated message. On a
// phone, in both languages, axe on the page and the detail. The lead is written into the server's
// database directly (the visitor's form is tested on its own), so this needs DATABASE_URL.

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

test.use({ viewport: { width: 375, height: 812 } });

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: the owner reads a lead with its receipt, erases it and sets how leads are kept`, async ({
    page,
  }) => {
    test.skip(
      !process.env.DATABASE_URL,
      'needs DATABASE_URL: the lead is written into the server’s database',
    );
    await signedInNewPerson(page, 'Ada Lovelace');
    if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
    const card = await callTrpc<{ id: string }>(page, 'vcards.create', {
      ...EMPTY_VCARD,
      name: 'Ada Lovelace',
    });
    const email = `grace-${card.id.slice(0, 8)}@example.com`;
    expect(
      await runSql(
        `insert into leads (user_id, vcard_id, card_name, name, email, phone, company, note, consent_text,
           consent_language, fields_given, client_address_hash)
         select user_id, id, name, 'Grace Hopper', $2, '+1 202 555 0100', 'Navy', 'Met at the booth', $3, $4,
           '["name","email","phone","company","note"]', 'e2e'
         from vcards where id = $1`,
        [card.id, email, text.consent, language],
      ),
    ).toBe(1);

    await openWithLiveStream(page, paths.leads);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    const row = page.getByRole('listitem', { name: 'Grace Hopper' });
    await expect(row).toContainText(email);
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
    expect(await runSql('delete from leads where email = $1', [email])).toBe(0);

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
