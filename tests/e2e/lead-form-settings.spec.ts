import { defaultLeadConsent } from '../../src/schemas/lead.ts';
import {
  callTrpc,
  chooseUsername,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';

// A card's "Share your contact back" settings in the single-vCard editor, on a phone, in both
// languages: turned on, a field made required, a consent text written, saved, and kept after a reload.

const TEXTS = {
  en: {
    section: 'Share your contact back',
    toggle: "Show the form on the card's page",
    phone: 'Phone',
    required: 'Required',
    consent: 'Consent text',
    save: 'Save vCard',
    written: 'You may call me about the lamp I asked for.',
  },
  es: {
    section: 'Comparte tu contacto',
    toggle: 'Mostrar el formulario en la página de la tarjeta',
    phone: 'Teléfono',
    required: 'Obligatorio',
    consent: 'Texto de consentimiento',
    save: 'Guardar vCard',
    written: 'Puedes llamarme sobre la lámpara que pedí.',
  },
} as const;

const phone = SCREENS[0][1];

for (const language of ['en', 'es'] as const) {
  test(`in ${language}: the contact form is turned on, a field made required and a consent written, and kept after a reload`, async ({
    page,
  }) => {
    const text = TEXTS[language];
    await signedInNewPerson(page);
    await chooseUsername(page, 'Ada Lovelace');
    await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Ada Lovelace' });
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.setViewportSize(phone);
    await page.goto('/dashboard/vcard');

    const section = page.getByRole('region', { name: text.section });
    const toggle = section.getByRole('switch', { name: text.toggle });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    const phoneMode = section.getByLabel(text.phone, { exact: true });
    await phoneMode.selectOption({ label: text.required });
    const consent = section.getByLabel(text.consent);
    // blank, it shows the default text for this card as its example
    await expect(consent).toHaveAttribute('placeholder', defaultLeadConsent(language, 'Ada Lovelace'));
    await consent.fill(text.written);
    await section.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath(`lead-form-settings-${language}.png`),
      fullPage: true,
    });

    const saved = page.waitForResponse((response) => response.url().includes('vcards.update'));
    await page.getByRole('button', { name: text.save }).click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(section.getByRole('switch', { name: text.toggle })).toBeChecked();
    await expect(section.getByLabel(text.phone, { exact: true })).toHaveValue('required');
    await expect(section.getByLabel(text.consent)).toHaveValue(text.written);
    const { vcards } = await callTrpc<{
      vcards: { leadForm: { enabled: boolean; fields: { phone: string }; consentText: string } }[];
    }>(page, 'vcards.list', undefined, 'GET');
    expect(vcards[0]?.leadForm).toMatchObject({
      enabled: true,
      fields: { phone: 'required' },
      consentText: text.written,
    });
  });
}
