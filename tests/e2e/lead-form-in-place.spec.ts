import { randomBytes } from 'node:crypto';
import { LEAD_TEXTS } from '../../server/leads/texts.ts';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import { DEFAULT_LEAD_FORM, LEAD_MIN_SECONDS } from '../../src/schemas/lead.ts';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  markDocument,
  profileVersion,
  signedInNewPerson,
  subdomainOf,
  test,
} from './support.ts';

// The card page's form with JavaScript, on a phone, in both languages: it is sent without leaving the
// page. A phone number the server refuses brings the form back in place with its message on the field,
// which takes the focus; sent without a connection, it says so and keeps what was typed; the corrected
// form is thanked in place, the note taking the focus. In English on
// a Pro owner's card subdomain (the script is served there too), in Spanish on the main address. The
// visitor is the test's own page, which fails on any CSP violation or script error.

for (const language of ['en', 'es'] as const) {
  test.describe(language, () => {
    test.use({ viewport: { width: 375, height: 812 }, locale: language === 'es' ? 'es-ES' : 'en-US' });

    test(`${language}: a visitor with JavaScript sends the form and is answered in place, on every address of the card`, async ({
      page,
      browser,
      extraHTTPHeaders,
    }) => {
      const ownerContext = await browser.newContext({ extraHTTPHeaders });
      const owner = await ownerContext.newPage();
      await signedInNewPerson(owner, 'Ada Lovelace');
      const card = await callTrpc<{ id: string }>(owner, 'vcards.create', {
        ...EMPTY_VCARD,
        name: 'Ada Lovelace',
        leadForm: { ...DEFAULT_LEAD_FORM, enabled: true },
      });
      let address = `${appOrigin()}/vcard/${card.id}`;
      if (language === 'en') {
        // the card on its subdomain
        await buyPlan(owner, 'pro');
        const username = `ada-${randomBytes(3).toString('hex')}`;
        await callTrpc(owner, 'profile.updateDetails', {
          name: 'Ada Lovelace',
          username,
          photo: null,
          baseVersion: await profileVersion(owner),
        });
        address = `${subdomainOf(username)}/`;
      }

      const words = LEAD_TEXTS[language];
      await page.goto(address);
      await markDocument(page);
      await page.getByText(words.shareTitle).click();
      await page.getByLabel(words.labels.name).fill('Grace Hopper');
      await page.getByLabel(words.labels.email).fill('grace@example.com');
      const phone = page.getByLabel(words.labels.phone);
      await phone.fill('call me maybe');
      await page.getByRole('checkbox').check();
      // a person takes longer than the form's least time; a test has to wait for it
      await page.waitForTimeout(LEAD_MIN_SECONDS * 1000);
      await page.getByRole('button', { name: words.send }).click();

      // the form again in its place, with what was typed, the message on the field and the focus there
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toHaveAccessibleDescription(
        words.messages[VALIDATION_MESSAGES.leadPhoneInvalid] ?? '',
      );
      await expect(page.getByLabel(words.labels.name)).toHaveValue('Grace Hopper');
      await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
      await expectAccessible(page);

      await phone.fill('+1 202 555 0100');
      await page.getByRole('checkbox').check();
      // a lost connection is said in the form, and what was typed stays for the next try
      await page.context().setOffline(true);
      await page.getByRole('button', { name: words.send }).click();
      await expect(page.getByRole('alert')).toHaveText(words.sendFailed);
      await expect(phone).toHaveValue('+1 202 555 0100');
      await page.context().setOffline(false);
      await page.getByRole('button', { name: words.send }).click();
      const thanks = page.getByRole('status');
      await expect(thanks.getByRole('heading', { name: words.thanksTitle })).toBeVisible();
      await expect(thanks).toContainText(words.thanksText('Ada Lovelace'));
      await expect(thanks).toBeFocused();
      await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
      expect(page.url()).toBe(new URL(address).href);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await page.screenshot({
        path: test.info().outputPath(`lead-in-place-${language}.png`),
        fullPage: true,
      });

      // stored once, with the phone number as corrected
      const leads = await callTrpc<{ items: { name: string; phone: string }[] }>(
        owner,
        'leads.list',
        { filter: {} },
        'GET',
      );
      expect(leads.items).toEqual([
        expect.objectContaining({ name: 'Grace Hopper', phone: '+1 202 555 0100' }),
      ]);
      await ownerContext.close();
    });
  });
}
