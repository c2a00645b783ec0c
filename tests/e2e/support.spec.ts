import { expect, signedInNewPerson, test, waitForMail } from './support.ts';

test('the support form checks its fields, sends, and the sender gets a confirmation email', async ({
  page,
}) => {
  const email = await signedInNewPerson(page);
  // the landing page's 'Schedule Demo' opens the contact form, ready to type in
  await page.goto('/');
  await page.getByRole('link', { name: 'Schedule Demo' }).click();
  await expect(page).toHaveURL('/dashboard/support#contact');
  const form = page.getByRole('region', { name: 'Contact us' });
  const subject = form.getByLabel('Subject');
  await expect(subject).toBeFocused();

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
