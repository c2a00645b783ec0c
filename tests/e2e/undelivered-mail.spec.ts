import {
  expect,
  fillSignUpForm,
  expectAccessible,
  newEmail,
  runSql,
  signedInNewPerson,
  test,
  waitForMail,
} from './support.ts';

// An e-mail the outbox gave up after every retry (server/mail/outbox.ts) is told to the person: on the
// sign-up's waiting screen and on the account page. Giving up takes hours of retries; the tests mark the
// message failed in the PostgreSQL the server shares (runSql), so they run only with DATABASE_URL.
test.describe('an e-mail that could not be sent', { tag: '@postgres' }, () => {
  test('is told on the waiting screen of the sign-up, with a new try', async ({ page }) => {
    const email = newEmail();
    await page.goto('/onboarding');
    await fillSignUpForm(page, { email });
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await waitForMail(email);
    expect(await runSql(`update mail_outbox set status = 'failed' where recipient = $1`, [email])).toBe(1);

    await page.reload();
    const notice = page.getByRole('alert').filter({ hasText: 'We could not send the email' });
    await expect(notice).toContainText('Check the address or try again.');
    // the screen no longer says it was sent
    await expect(page.getByText(`We could not send an email to ${email}.`)).toBeVisible();
    await expect(page.getByText('We sent an email to')).toBeHidden();
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByText(`We sent an email to ${email}.`)).toBeVisible();
  });

  test('is listed on the account page until it is dismissed', async ({ page }) => {
    const email = await signedInNewPerson(page);
    expect(
      await runSql(
        `insert into mail_outbox (id, user_id, recipient, kind, status)
         select gen_random_uuid(), id, email, 'change_email', 'failed' from users where email = $1`,
        [email],
      ),
    ).toBe(1);
    await page.goto('/dashboard/account');
    const notice = page.getByRole('alert').filter({ hasText: 'We could not send an email' });
    await expect(notice).toContainText(
      `We could not send the email to ${email}. Check the address or try again.`,
    );
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(notice).toBeHidden();
  });
});
