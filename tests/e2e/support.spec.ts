import { randomBytes } from 'node:crypto';
import {
  buyPlan,
  expect,
  expectAccessible,
  expectAccessibleInBothLanguages,
  expectNoSidewaysScroll,
  SCREENS,
  signedInNewPerson,
  test,
  useLanguage,
  waitForMail,
} from './support.ts';

/** The address support mail goes to: the server's SUPPORT_EMAIL default (playwright.config.ts sets none). */
const SUPPORT_ADDRESS = 'support@tapcard.localhost';

test('the support form checks its fields, sends, and the sender gets a confirmation email', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  // the landing page's 'Schedule Demo' opens the contact form of the support page, with its subject and
  // ready to type in
  await page.goto('/');
  await page.getByRole('link', { name: 'Schedule Demo' }).click();
  await expect(page).toHaveURL('/dashboard/support?topic=demo#contact');
  const form = page.getByRole('region', { name: 'Contact us' });
  const subject = form.getByLabel('Subject');
  await expect(subject).toHaveValue('Demo request');
  await expect(form.getByLabel('Message')).toBeFocused();

  await subject.fill('');
  await form.getByLabel('Message').fill('How do I print my QR code on a business card?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Subject is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Validation Error', { exact: true })).toBeVisible();
  await expect(subject).toBeFocused();

  await subject.fill('Printing QR codes');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();
  await expect(subject).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  const confirmation = await waitForMail(email, (mail) => mail.subject.includes('Printing QR codes'));
  expect(confirmation.subject).toBe('We received your message: Printing QR codes');

  // the help cards lead to the sections of the page
  await page.getByRole('link', { name: 'Read the FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeFocused();

  // the FAQ answers open one at a time
  const question = page.getByRole('button', { name: 'How do I upgrade my plan?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Pick Pro or Business, monthly or yearly/)).toBeVisible();
});

test('Pro and Business say their priority support where they write, and the team gets the message marked', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/support');
  const form = page.getByRole('region', { name: 'Contact us' });
  await expect(form.getByLabel('Subject')).toBeVisible();
  await expect(form.getByText(/Priority support:|Dedicated support:/)).toHaveCount(0);

  await buyPlan(page, 'pro');
  await page.reload();
  await expect(
    form.getByText('Priority support: your messages are answered before those of free accounts.'),
  ).toBeVisible();
  await expectAccessibleInBothLanguages(page, page.getByText(/Soporte prioritario:/));
  const subject = `Pro question ${randomBytes(3).toString('hex')}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Can I print my QR code in brand colours?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();
  const toTeam = await waitForMail(SUPPORT_ADDRESS, (mail) => mail.subject.endsWith(subject));
  expect(toTeam.subject).toBe(`[Support] [Pro] ${subject}`);

  await buyPlan(page, 'business');
  await page.reload();
  await expect(form.getByText(/Dedicated support: your messages go to our Business team/)).toBeVisible();
});

test('a visitor without an account sends the contact form from the landing page’s Schedule Demo', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Schedule Demo' }).click();
  await expect(page).toHaveURL('/contact?topic=demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Demo request');
  // the honeypot is not there for people
  await expect(page.locator('#contact-homepage')).not.toBeInViewport();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('main').getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Validation Error', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expectAccessible(page);

  const email = `visitor-${randomBytes(5).toString('hex')}@example.com`;
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('We are 12 people in sales. Could you show us Tapcard next week?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
  await expect(page.getByText(`A confirmation email is on its way to ${email}.`)).toBeVisible();

  const confirmation = await waitForMail(email);
  // the form is no relay: the confirmation carries nothing the visitor wrote
  expect(confirmation.subject).toBe('We received your message');
  expect(confirmation.body).not.toContain('Grace Hopper');
  expect(confirmation.body).not.toContain('Could you show us Tapcard');
  const toTeam = await waitForMail(SUPPORT_ADDRESS, (mail) => mail.body.includes(email));
  expect(toTeam.subject).toBe('[Support] Demo request');
  expect(toTeam.body).toContain('Could you show us Tapcard next week?');

  // another message keeps who is writing, and starts with an empty subject and message
  await page.getByRole('button', { name: 'Write another message' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toBeFocused();

  // the footer's Contact leads here too
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByLabel('Subject')).toHaveValue('');
});

const TEXTS = {
  en: { name: 'Name', email: 'Email', message: 'Message', send: 'Send message', sent: 'Message sent' },
  es: {
    name: 'Nombre',
    email: 'Correo electrónico',
    message: 'Mensaje',
    send: 'Enviar mensaje',
    sent: 'Mensaje enviado',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  for (const [device, viewport] of SCREENS) {
    test(`the contact form and its sent panel on a ${device} in ${language} pass axe`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, language);
      await page.goto('/contact?topic=demo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Contact us' : 'Contáctanos',
      );
      await expect(page.getByLabel(language === 'en' ? 'Subject' : 'Asunto')).toHaveValue(
        language === 'en' ? 'Demo request' : 'Solicitud de demostración',
      );
      await expectNoSidewaysScroll(page);
      const path = testInfo.outputPath(`contact-${device}-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`contact-${device}-${language}`, { path, contentType: 'image/png' });
      await expectAccessible(page);

      // the panel that replaces the form once it is sent
      await page.getByLabel(TEXTS[language].name).fill('Grace Hopper');
      await page
        .getByLabel(TEXTS[language].email)
        .fill(`visitor-${randomBytes(5).toString('hex')}@example.com`);
      await page.getByLabel(TEXTS[language].message).fill('Could you show us Tapcard next week?');
      await page.getByRole('button', { name: TEXTS[language].send }).click();
      await expect(page.getByRole('heading', { name: TEXTS[language].sent })).toBeFocused();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  }
}
