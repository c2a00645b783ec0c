import { readFileSync } from 'node:fs';
import { QR_SCAN_MARKER } from '../../src/schemas/link.ts';
import { readQr } from '../support/qr-reader.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { expect, fillSignUpForm, linkIn, newEmail, test, waitForMail } from './support.ts';

// The main journey, end to end in one test: CI's browser smoke on the embedded database (`--grep @smoke`),
// where a newcomer's `npm start` runs, and part of the full browser suite on PostgreSQL. Each step has
// its own detailed specs (onboarding, card-step, public-profile, qr-codes); this one proves they hold
// together on either database.

test(
  'a newcomer signs up with the e-mail link, makes a card, and a visitor opens it, saves the contact and follows its QR code',
  { tag: '@smoke' },
  async ({ page, browser }) => {
    test.slow();
    const email = newEmail();
    await page.goto('/onboarding');
    await fillSignUpForm(page, { name: 'Grace Hopper', email });
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await page.goto(linkIn(await waitForMail(email), '/api/auth/verify-email'));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
    await page
      .getByRole('listitem', { name: 'Free Trial' })
      .getByRole('button', { name: 'Get Started' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your virtual card' })).toBeVisible();
    const usernameBox = page.getByRole('textbox', { name: 'Username' });
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    const username = await usernameBox.inputValue();
    await page.getByRole('textbox', { name: 'Position' }).fill('Rear Admiral');
    await page.getByRole('textbox', { name: 'Company' }).fill('US Navy');
    await page.getByRole('button', { name: 'Create my card' }).click();
    await expect(page).toHaveURL('/dashboard');

    // a QR code that leads to the card's page, as printed on a flyer
    await page.goto('/dashboard/qr-codes');
    await page
      .getByRole('region', { name: 'Plan usage' })
      .getByRole('button', { name: 'Create New QR' })
      .click();
    const create = page.getByRole('dialog', { name: 'Create New QR' });
    await create.getByLabel('Title').fill('Flyer');
    const cardAddress = new URL(`/${username}`, page.url()).href;
    await create.getByLabel('Destination URL').fill(cardAddress);
    await create.getByRole('button', { name: 'Create QR code' }).click();
    await expect(page.getByText('QR code created successfully', { exact: true })).toBeVisible();
    const code = page.getByRole('article', { name: 'Flyer' }).getByRole('img', { name: 'QR code of Flyer' });
    // the code as a phone's camera sees it on the screen
    const scanned = (await readQr(await code.screenshot(), { flatten: true })).text;
    expect(scanned).toMatch(new RegExp(`/l/[0-9A-Za-z]{7,}\\?${QR_SCAN_MARKER}$`));

    // a visitor on a phone, without JavaScript, scans the code and lands on the card
    const visitor = await browser.newContext({
      // a phone's browser: headless Chromium's own user agent is counted as a bot, not as a scan
      userAgent: IPHONE_SAFARI,
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: false,
      locale: 'en-US',
    });
    const visit = await visitor.newPage();
    const landing = await visit.goto(scanned ?? '');
    expect(landing?.status()).toBe(200);
    expect(visit.url()).toBe(cardAddress);
    await expect(visit.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await expect(visit.getByText('Rear Admiral')).toBeVisible();
    await expect(visit.locator('script')).toHaveCount(0);

    // and saves the contact in one tap
    const downloading = visit.waitForEvent('download');
    await visit.getByRole('link', { name: 'Save contact' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Grace Hopper.vcf');
    const vcf = readFileSync(await download.path(), 'utf8');
    expect(vcf.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(vcf).toContain('FN:Grace Hopper');
    expect(vcf).toContain('ORG:US Navy');
    expect(vcf).toContain('TITLE:Rear Admiral');
    await visitor.close();

    // the scan is counted on the owner's QR code (counts are written in batches, a moment later)
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole('article', { name: 'Flyer' }).getByText('1 scan', { exact: true }),
      ).toBeVisible({
        timeout: 5_000,
      });
    }).toPass({ timeout: 30_000 });
  },
);
