import type { Page, TestInfo } from '@playwright/test';
import {
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  finishOnboarding,
  runSql,
  SCREENS,
  signedInNewPerson,
  signUpAndConfirm,
  test,
  useLanguage,
  profileVersion,
} from './support.ts';

// Billing in the browser, with demo billing (the E2E server has no Stripe keys): a plan is chosen in
// onboarding, paid on the local checkout page, and shows on the billing page and in the limits; an
// expired trial blocks the dashboard and takes the public card offline.

async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a new person chooses Pro in onboarding, pays on the demo checkout and gets Pro and its limits', async ({
  page,
}) => {
  await signUpAndConfirm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  // the toggle's saving is computed from the plan table: $199 a year against 12 × $19.99
  await expect(page.getByRole('radio', { name: /Annually\s*Save 17%/ })).toBeVisible();
  const pro = page.getByRole('listitem', { name: 'Pro Plan' });
  await expect(pro.getByText('$19.99')).toBeVisible();
  await page.getByRole('radio', { name: /Annually/ }).click();
  await expect(pro.getByText('$199', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Monthly' }).click();

  // checkout opens in a new tab; this tab goes on to the card step
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    pro.getByRole('button', { name: 'Get Started' }).click(),
  ]);
  await expect(page.getByText('Pro plan selected!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
  await checkout.waitForURL(/\/billing\/demo\/checkout\?/);
  await expect(checkout.getByText(/no money moves/i).first()).toBeVisible();

  // not paid yet: the billing page still shows the trial
  await page.goto('/dashboard/billing');
  await expect(page.getByText('Demo billing: no money moves')).toBeVisible();
  const currentPlan = page.getByRole('region', { name: 'Current plan' });
  await expect(currentPlan.getByText('Free Trial', { exact: true })).toBeVisible();
  await expect(currentPlan.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();

  await checkout.getByRole('button', { name: /^Pay/ }).click();
  // onboarding is not finished: the return page is its card step (tests/e2e/onboarding.spec.ts)
  await checkout.waitForURL('/onboarding');
  await expect(checkout.getByText('Payment received', { exact: true })).toBeVisible();
  await checkout.goto('/dashboard/billing');
  const paidPlan = checkout.getByRole('region', { name: 'Current plan' });
  await expect(paidPlan.getByText('Pro', { exact: true })).toBeVisible();
  await expect(paidPlan.getByText('$19.99')).toBeVisible();
  await expect(paidPlan.getByText(/^Renews on /)).toBeVisible();
  await expect(paidPlan.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(checkout.getByText(/Demo card \(no money moves\) ···· 4242/)).toBeVisible();
  const history = checkout.getByRole('region', { name: 'Billing history' });
  await expect(history.getByText('$19.99')).toBeVisible();
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
  await saveScreenshot(checkout, test.info(), 'billing-pro-desktop-en');

  // the first tab follows through live updates, without a reload
  await expect(currentPlan.getByText('Pro', { exact: true })).toBeVisible();
  // Pro's limits apply at once
  await checkout.goto('/dashboard/qr-codes');
  await expect(checkout.getByText('QR codes used: 0 of 20')).toBeVisible();

  // the same plan again is refused with a clear message, and nothing opens
  await page.getByRole('button', { name: 'Change Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(dialog.getByRole('listitem', { name: 'Pro Plan' }).getByRole('button')).toHaveText(
    'Current plan',
  );
  await expect(dialog.getByRole('listitem', { name: 'Free Trial' }).getByRole('link')).toHaveText(
    'Contact Sales',
  );
});

/** Opens the checkout a click starts in a new tab, pays there and returns to the billing page in it. */
async function payInNewTab(page: Page, click: () => Promise<void>, expectOnCheckout: string[] = []) {
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await checkout.waitForURL(/\/billing\/demo\/checkout\?/);
  for (const text of expectOnCheckout) await expect(checkout.getByText(text).first()).toBeVisible();
  await expectAccessible(checkout);
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/dashboard\/billing\?checkout=success/);
  await checkout.close();
}

test('a subscriber sees their plan marked, switches to yearly prorated on one invoice, and undoes a cancel', async ({
  page,
}) => {
  // a long journey: checkout, switch, portal and cancel, in both languages, each screen checked by axe
  test.slow();
  await signedInNewPerson(page);
  await page.goto('/dashboard/billing');
  const currentPlan = page.getByRole('region', { name: 'Current plan' });
  await currentPlan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await payInNewTab(page, () =>
    picker.getByRole('listitem', { name: 'Pro Plan' }).getByRole('button', { name: 'Get Started' }).click(),
  );
  await expect(currentPlan.getByText('Pro', { exact: true })).toBeVisible();

  // in Spanish: the picker with the plan held marked, and the checkout of a switch with its prorated lines
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.reload();
  const changePlan = page.getByRole('button', { name: 'Cambiar plan' });
  await changePlan.click();
  const pickerEs = page.getByRole('dialog', { name: 'Elige tu plan' });
  await expect(pickerEs.getByText('Tu plan, facturado mensualmente')).toBeVisible();
  await expectAccessible(page);
  await closeWithEscape(page);
  await expect(changePlan).toBeFocused();
  await page.goto('/billing/demo/checkout?plan=pro&interval=year');
  await expect(page.getByText('Tiempo no usado de Plan Pro, mensual')).toBeVisible();
  await expectAccessible(page);
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
  await page.goto('/dashboard/billing');

  // the picker marks the plan held, which cannot be bought again; the other interval is a switch
  await currentPlan.getByRole('button', { name: 'Change Plan' }).click();
  const pro = picker.getByRole('listitem', { name: 'Pro Plan' });
  await expect(pro.getByText('Your plan, billed monthly')).toBeVisible();
  await expect(pro.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(picker.getByText(/A change is prorated/)).toBeVisible();
  await expect(
    picker
      .getByRole('listitem', { name: 'Business Plan' })
      .getByRole('button', { name: 'Switch to this plan' }),
  ).toBeEnabled();
  await expectAccessible(page);
  await picker.getByRole('radio', { name: /Annually/ }).click();
  await payInNewTab(page, () => pro.getByRole('button', { name: 'Switch to yearly billing' }).click(), [
    'Unused time on Pro Plan, monthly',
    'Due today',
  ]);

  // one invoice for the switch: the year less the unused month (nearly all of it: paid moments ago)
  await page.goto('/dashboard/billing');
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const switchInvoice = history.getByRole('listitem').first();
  await expect(
    switchInvoice.getByText(/^Pro Plan, yearly: \$199\.00 − \$19\.9\d unused time on Pro Plan, monthly$/),
  ).toBeVisible();
  await expect(switchInvoice.getByText(/^\$179\.0\d$/)).toBeVisible();
  await expect(currentPlan.getByText('per month, billed yearly ($199)')).toBeVisible();

  // cancel in the portal; the billing page offers to undo it until the period ends
  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    currentPlan.getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await portal.waitForURL(/\/billing\/demo\/portal$/);
  await expectAccessible(portal);
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.getByText(/^Cancelled: ends on/)).toBeVisible();
  await expect(portal.getByRole('button', { name: "Don't cancel: renew my plan" })).toBeVisible();
  await expectAccessible(portal);
  await portal.close();
  await page.goto('/dashboard/account');
  await expect(
    page.getByRole('region', { name: 'Subscription plan' }).getByText(/^Your plan ends on /),
  ).toBeVisible();
  await page.goto('/dashboard/billing');
  await expect(currentPlan.getByText(/^Your plan ends on /)).toBeVisible();
  await expectAccessible(page);
  // in Spanish: the billing page and the portal that offer to undo the cancel
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'No cancelar' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/billing/demo/portal');
  await expect(page.getByRole('button', { name: 'No cancelar: renovar mi plan' })).toBeVisible();
  await expectAccessible(page);
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
  await page.goto('/dashboard/billing');
  await currentPlan.getByRole('button', { name: "Don't cancel" }).click();
  await expect(page.getByText('Your plan renews again', { exact: true })).toBeVisible();
  await expect(currentPlan.getByText(/^Renews on /)).toBeVisible();
  await expect(currentPlan.getByRole('button', { name: "Don't cancel" })).toHaveCount(0);
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await saveScreenshot(page, test.info(), 'billing-prorated-desktop-en');
});

test('on Business, My vCards counts its unlimited cards in good grammar', async ({ page }) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard/billing');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await payInNewTab(page, () =>
    picker
      .getByRole('listitem', { name: 'Business Plan' })
      .getByRole('button', { name: 'Get Started' })
      .click(),
  );
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await page.goto('/dashboard/vcards');
  await expect(page.getByText('1 vCard · unlimited on your plan', { exact: true })).toBeVisible();
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Ada Lovelace' });
  await page.reload();
  await expect(page.getByText('2 vCards · unlimited on your plan', { exact: true })).toBeVisible();
});

test('checkout cancelled comes back to a calm notice, and the plan stays', async ({ page }) => {
  await signUpAndConfirm(page);
  await finishOnboarding(page);
  await page.goto('/dashboard/billing?checkout=cancelled');
  await expect(page.getByText('Checkout cancelled')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Current plan' }).getByText('Free Trial', { exact: true }),
  ).toBeVisible();
});

// Moving a trial's start into the past needs the PostgreSQL that the server shares (runSql).
test.describe('an expired trial', { tag: '@postgres' }, () => {
  async function expireTrial(email: string): Promise<void> {
    expect(
      await runSql(`update profiles set trial_start_date = now() - interval '30 days' where email = $1`, [
        email,
      ]),
    ).toBe(1);
  }

  test('blocks the dashboard with a modal that cannot be dismissed, and the public card is offline', async ({
    page,
    browser,
  }) => {
    const email = await signUpAndConfirm(page);
    const username = String(30_000_000 + Math.floor(Math.random() * 60_000_000));
    await callTrpc(page, 'profile.updateDetails', {
      name: 'Ada Lovelace',
      username,
      photo: null,
      baseVersion: await profileVersion(page),
    });
    await finishOnboarding(page);
    await expireTrial(email);

    await page.goto('/dashboard');
    const modal = page.getByRole('dialog', { name: 'Trial Expired' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/public profile is offline/)).toBeVisible();
    await expect(page.getByText('Your free trial has expired')).toBeAttached();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
    // 'Contact Sales' leads to the support page, which the modal leaves open
    await modal.getByRole('link', { name: 'Contact Sales' }).click();
    await expect(page).toHaveURL(/\/dashboard\/support#contact$/);
    await expect(modal).toBeHidden();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(modal).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto(`/${username}`);
    await expect(visitor.getByRole('heading', { name: 'Profile Temporarily Unavailable' })).toBeVisible();
    await visitor.close();

    // a plan from the modal: checkout opens, Pay, and the modal goes away
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      modal
        .getByRole('listitem', { name: 'Business Plan' })
        .getByRole('button', { name: 'Get Started' })
        .click(),
    ]);
    await expect(page.getByText('Redirecting to checkout', { exact: true })).toBeVisible();
    await checkout.waitForURL(/\/billing\/demo\/checkout\?/);
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.waitForURL(/\/dashboard\/billing\?checkout=success/);
    await expect(modal).toBeHidden();
  });

  test('still reaches account settings and support from the modal, while the rest stays blocked', async ({
    page,
  }) => {
    const email = await signedInNewPerson(page);
    await expireTrial(email);
    await page.goto('/dashboard');
    const modal = page.getByRole('dialog', { name: 'Trial Expired' });
    await expect(modal).toBeVisible();

    await modal.getByRole('link', { name: 'Account settings', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/account');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    // the settings work: the language changes, and the password and deletion are there to use
    const settings = (title: string) => page.getByRole('region', { name: title, exact: true });
    await settings('Language').getByRole('radio', { name: 'Español' }).click();
    await expect(page.getByText('Idioma actualizado correctamente', { exact: true })).toBeVisible();
    await expect(page.getByText(/Tu página pública y tus códigos QR están en pausa/)).toBeVisible();
    await expectAccessible(page);
    await settings('Idioma').getByRole('radio', { name: 'English' }).click();
    await expect(page.getByText('Language updated successfully', { exact: true })).toBeVisible();
    await expect(settings('Password').getByLabel('Current password')).toBeEditable();
    await settings('Delete account').getByRole('button', { name: 'Delete account' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(deleteDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(deleteDialog).toBeHidden();
    await expect(settings('Delete account').getByRole('button', { name: 'Delete account' })).toBeFocused();
    // the banner says what happened and that nothing is deleted
    await expect(
      page.getByText(/Your public page and QR codes are paused.*Nothing is deleted/),
    ).toBeVisible();
    await expectAccessible(page);

    // every other page is still covered, and the modal leads to support too
    await page.getByRole('link', { name: 'My QR Codes' }).click();
    await expect(modal).toBeVisible();
    await modal.getByRole('link', { name: 'support', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/support');
    await expect(modal).toBeHidden();
  });

  for (const language of ['en', 'es'] as const) {
    for (const [device, viewport] of SCREENS) {
      test(`screenshot of the modal: ${device}, ${language}`, async ({ page }, testInfo) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const email = await signUpAndConfirm(page);
        await callTrpc(page, 'profile.setLanguage', { language });
        await finishOnboarding(page);
        await expireTrial(email);
        await page.goto('/dashboard');
        await expect(page.getByRole('dialog')).toBeVisible();
        await saveScreenshot(page, testInfo, `trial-expired-${device}-${language}`);
        await expectAccessible(page);
      });
    }
  }
});

for (const language of ['en', 'es'] as const) {
  for (const [device, viewport] of SCREENS) {
    test(`screenshots of the plan step and the billing page: ${device}, ${language}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await useLanguage(page, language);
      await signUpAndConfirm(page);
      // the onboarding applies the profile's language
      await callTrpc(page, 'profile.setLanguage', { language });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('list').getByRole('listitem').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, testInfo, `plan-step-${device}-${language}`);
      await expectAccessible(page);

      await finishOnboarding(page);
      await page.goto('/dashboard/billing');
      await expect(
        page.getByRole('button', { name: language === 'en' ? 'Upgrade to Pro' : 'Mejorar a Pro' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, testInfo, `billing-${device}-${language}`);
      await expectAccessible(page);

      const upgrade = page.getByRole('button', {
        name: language === 'en' ? 'Upgrade to Pro' : 'Mejorar a Pro',
      });
      await upgrade.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await saveScreenshot(page, testInfo, `plan-picker-${device}-${language}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(upgrade).toBeFocused();
    });
  }
}

// A paid plan whose period ended with no webhook (rows edited, as a missed event leaves them): the
// customer is told their Pro plan ended, never that a free trial expired
// (docs/decisions/018-plan-in-effect.md).
test.describe('a Pro plan that ended with no webhook', { tag: '@postgres' }, () => {
  /** The period ended two days ago; the trial ended long ago, or still runs for `trialDaysLeft`. */
  async function endProPlan(email: string, trialDaysLeft = -16): Promise<void> {
    expect(
      await runSql(
        `update profiles set plan_type = 'pro', last_paid_plan = 'pro', subscription_status = 'active',
           subscription_end = now() - interval '2 days',
           trial_start_date = now() + make_interval(days => $2::int - 14) where email = $1`,
        [email, trialDaysLeft],
      ),
    ).toBe(1);
  }

  test('is told on the dashboard, the account page and the billing page that the Pro plan ended', async ({
    page,
  }) => {
    const email = await signedInNewPerson(page);
    await endProPlan(email);
    await page.goto('/dashboard');
    const modal = page.getByRole('dialog', { name: 'Your Pro plan has ended' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/until you renew your plan/)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Trial Expired' })).toHaveCount(0);
    await expect(page.getByText(/Your Pro plan ended on/).first()).toBeAttached();
    await expect(page.getByText(/trial has expired/)).toHaveCount(0);
    await expectAccessible(page);

    // the account page stays open: its banner and its plan say what ended
    await modal.getByRole('link', { name: 'Account settings', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('status').getByText(/^Your Pro plan ended on/)).toBeVisible();
    await expect(
      page.getByText(/Your public page is offline and your cards and links are paused/),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Subscription plan' }).getByText('Free', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Your free trial ended on', { exact: false })).toHaveCount(0);
    await expectAccessible(page);

    // the billing page, behind the modal (hidden from the accessibility tree), says it too
    await page.goto('/dashboard/billing');
    await expect(page.getByRole('dialog', { name: 'Your Pro plan has ended' })).toBeVisible();
    await expect(
      page.getByText(/Your Pro plan ended on .*Your public page is offline until you renew/),
    ).toBeAttached();
    await expect(page.locator('main').getByText('Free Trial', { exact: true })).toHaveCount(0);
    await expect(page.locator('main').getByText('Free', { exact: true })).toBeAttached();
  });

  test('with the trial still running, the billing page says what is paused and the page stays online', async ({
    page,
  }) => {
    const email = await signUpAndConfirm(page);
    await finishOnboarding(page);
    // two QR codes made while Pro ran
    expect(await runSql(`update profiles set plan_type = 'pro' where email = $1`, [email])).toBe(1);
    await callTrpc(page, 'links.createQrCode', { title: 'Menu', url: 'https://example.com/menu', icon: '' });
    await callTrpc(page, 'links.createQrCode', {
      title: 'Flyer',
      url: 'https://example.com/flyer',
      icon: '',
    });
    await endProPlan(email, 5);
    await page.goto('/dashboard/billing');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('status').getByText(/^Your Pro plan ended on/)).toBeVisible();
    const current = page.getByRole('region', { name: 'Current plan' });
    await expect(
      current.getByText(/Your public page stays online with the free plan's limits until/),
    ).toBeVisible();
    await expect(current.getByText(/Paused now: 0 vCards, 1 QR code and 0 profile links/)).toBeVisible();
    await expect(current.getByRole('button', { name: 'Renew plan' })).toBeVisible();
    await expect(current.getByText(/free trial/i)).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const language of ['en', 'es'] as const) {
    for (const [device, viewport] of SCREENS) {
      test(`screenshots of the ex-Pro dashboard and billing page: ${device}, ${language}`, async ({
        page,
      }, testInfo) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const email = await signUpAndConfirm(page);
        await callTrpc(page, 'profile.setLanguage', { language });
        await finishOnboarding(page);
        await endProPlan(email);
        await page.goto('/dashboard');
        await expect(page.getByRole('dialog')).toBeVisible();
        await saveScreenshot(page, testInfo, `ex-pro-modal-${device}-${language}`);
        await expectAccessible(page);
        await page.goto('/dashboard/account');
        await expect(
          page.getByRole('region', { name: /Subscription plan|Plan de suscripción/ }),
        ).toBeVisible();
        await saveScreenshot(page, testInfo, `ex-pro-account-${device}-${language}`);
        await endProPlan(email, 5);
        await page.goto('/dashboard/billing');
        await expect(page.getByRole('region', { name: /Current plan|Plan actual/ })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, testInfo, `ex-pro-billing-${device}-${language}`);
        await expectAccessible(page);
      });
    }
  }
});
