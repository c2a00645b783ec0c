import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  expect,
  expectAccessible,
  SCREENS,
  signedInNewPerson,
  test,
  profileVersion,
} from './support.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// The analytics home (/dashboard): the five cards (leads among them) and the activity chart, from scans, clicks and views
// made through the app itself (short links followed and a public profile opened by a phone browser).
// Every test has its own person, whose history starts today.

interface LinkList {
  items: { title: string; qrUrl: string; shortUrl: string }[];
}
type Overview = { totals: Record<'scans' | 'views' | 'clicks', { current: number }> };

/**
 * Activity through the app: a QR code scanned three times (its address carrying `campaign`, utm_*
 * parameters, when given), a profile link clicked twice, the profile viewed once.
 */
async function makeActivity(page: Page, campaign = '') {
  const username = String(20_000_000 + Math.floor(Math.random() * 70_000_000));
  await callTrpc(page, 'profile.updateDetails', {
    name: 'Ada Lovelace',
    username,
    photo: null,
    baseVersion: await profileVersion(page),
  });
  await callTrpc(page, 'links.createQrCode', { title: 'Menu', url: 'https://example.com/menu', icon: '' });
  await callTrpc(page, 'links.createProfileLink', { title: 'Blog', url: 'https://example.com/blog' });
  const [qrCodes, profileLinks] = await Promise.all([
    callTrpc<LinkList>(page, 'links.qrCodes', undefined, 'GET'),
    callTrpc<LinkList>(page, 'links.profileLinks', undefined, 'GET'),
  ]);
  // a visitor's phone, without the owner's session: the owner's own visits are not counted
  const visit = (url: string) =>
    fetch(new URL(url, appOrigin()), { headers: { 'user-agent': IPHONE_SAFARI }, redirect: 'manual' });
  const follow = async (url: string | undefined) => {
    const response = await visit(url ?? '');
    expect(response.status, url).toBe(302);
  };
  const qrCode = qrCodes.items.find((item) => item.title === 'Menu');
  const scanUrl = new URL(qrCode?.qrUrl ?? '', appOrigin());
  for (const [name, value] of new URLSearchParams(campaign)) scanUrl.searchParams.append(name, value);
  for (let i = 0; i < 3; i++) await follow(scanUrl.href);
  for (let i = 0; i < 2; i++) await follow(profileLinks.items[0]?.shortUrl);
  const profile = await visit(`/${username}`);
  expect(profile.status).toBe(200);
  // scans, clicks and views are written about a second after they happen
  await expect
    .poll(async () => {
      const { totals } = await callTrpc<Overview>(page, 'analytics.overview', { timeZone: 'UTC' }, 'GET');
      return [totals.scans.current, totals.clicks.current, totals.views.current];
    })
    .toEqual([3, 2, 1]);
}

test('the cards and the chart show the scans, clicks and views made today', async ({ page }) => {
  await signedInNewPerson(page);
  await makeActivity(page);
  await page.goto('/dashboard');

  const cards = page.getByRole('list', { name: 'Totals of the last 30 days' }).getByRole('listitem');
  const card = (name: string) => cards.filter({ hasText: name });
  await expect(card('QR scans')).toContainText('3');
  await expect(card('Link clicks')).toContainText('2');
  await expect(card('Profile views')).toContainText('1');
  await expect(card('Leads')).toContainText('0');
  await expect(card('Total interactions')).toContainText('6');
  // nothing in the previous 30 days: no percentage, and said so in words
  await expect(card('QR scans')).toContainText('New');
  await expect(card('QR scans')).toContainText('vs last period');
  await expect(card('QR scans').getByText('New: none in the previous 30 days')).toBeAttached();

  const overview = page.getByRole('region', { name: 'Activity overview' });
  await expect(overview.getByText(/Busiest day: .*, with 6 interactions\./)).toBeVisible();
  const chart = overview.getByRole('figure', { name: 'Chart of the activity per day' });
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(4);
  // the legend names the lines in the cards' order, in body text
  await expect(chart.getByRole('listitem')).toHaveText(['QR scans', 'Profile views', 'Link clicks', 'Leads']);
  // the chart answers the keyboard: arrows move its tooltip from day to day
  await chart.getByRole('application').focus();
  await page.keyboard.press('ArrowRight');
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('QR scans: 0');
  // the same numbers for screen readers: 30 days, today last
  const table = overview.getByRole('table', { name: 'Activity per day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['3', '1', '2', '0']);
});

test('a failed load says so and loads again on request', async ({ page }) => {
  await signedInNewPerson(page);
  const failing = (url: URL) => url.pathname.includes('analytics.overview');
  // the server answers, with a failure (a call that gets no answer at all loads again by itself once the
  // server answers: connection-and-session.spec.ts): one tRPC error for each call of the batch
  await page.route(failing, (route) => {
    const calls = new URL(route.request().url()).pathname.split('/').at(-1)?.split(',') ?? [];
    const error = {
      message: 'internal',
      code: -32603,
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, reason: 'internal', meta: null },
    };
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify(calls.map(() => ({ error: { json: error } }))),
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByText('This could not be loaded')).toBeVisible();
  await page.unroute(failing);
  await page.getByRole('button', { name: 'Try again' }).click();
  const totals = page.getByRole('list', { name: 'Totals of the last 30 days' });
  await expect(totals.getByRole('listitem').filter({ hasText: 'QR scans' })).toContainText('0');
  await expect(page.getByText(/Nothing yet in the last 30 days/)).toBeVisible();
});

test('layout on a phone and a desktop, in English and Spanish, passes axe with the phone menu too (screenshots kept)', async ({
  page,
}, testInfo) => {
  // the lines are drawn at once, without their opening animation
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInNewPerson(page);
  await makeActivity(page);
  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.locator('.recharts-line-curve')).toHaveCount(4);
      // nothing scrolls sideways, on a phone either
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const path = testInfo.outputPath(`analytics-${device}-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`analytics, ${device}, ${language}`, { path, contentType: 'image/png' });
      await expectAccessible(page);
      if (device === 'phone') {
        // the menu opens from the keyboard on its first entry (not on Logout), and gives focus back
        const menuButton = page.getByRole('button', { name: language === 'en' ? 'Open menu' : 'Abrir menú' });
        await menuButton.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('dialog');
        await expect(
          menu.getByRole('link', { name: language === 'en' ? 'Analytics' : 'Analíticas' }),
        ).toBeFocused();
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(menuButton).toBeFocused();
      }
    }
  }
});

test('a Pro account picks a range, sees the breakdowns and downloads the events as CSV', async ({
  page,
}, testInfo) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInNewPerson(page);
  await buyPlan(page, 'pro');
  await makeActivity(page);
  await page.goto('/dashboard');

  // the breakdowns of the 30 days: the QR code and the link with their numbers, a phone's Safari
  const items = page.getByRole('region', { name: 'By card and link' });
  await expect(items.getByRole('row').filter({ hasText: 'Menu' })).toContainText('QR code');
  await expect(items.getByRole('row').filter({ hasText: 'Menu' }).getByRole('cell')).toHaveText([
    '3',
    '0',
    '0',
    '0',
  ]);
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('listitem')).toHaveText(['Mobile6']);
  await expect(page.getByRole('region', { name: 'Browsers' }).getByRole('listitem')).toHaveText(['Safari6']);
  await expect(page.getByRole('region', { name: 'Referrers' })).toContainText('Direct or unknown');
  // the 3 scans and 2 clicks, all led to their destination
  await expect(page.getByRole('region', { name: 'How links were served' }).getByRole('listitem')).toHaveText([
    'Destination5',
  ]);
  const visitors = page.getByRole('region', { name: 'Unique visitors' });
  await expect(visitors.getByRole('table').getByRole('row').last().getByRole('cell')).toHaveText(['1']);

  // the range picker changes the cards and the chart: a week, then 90 days
  const chartRows = page.getByRole('table', { name: 'Activity per day' }).getByRole('row');
  await expect(chartRows).toHaveCount(31);
  await page.getByRole('radio', { name: '7 days' }).check();
  await expect(page.getByRole('list', { name: 'Totals of the last 7 days' })).toBeVisible();
  await expect(chartRows).toHaveCount(8);
  await expect(visitors.getByRole('table').getByRole('row')).toHaveCount(8);
  await page.getByRole('radio', { name: '90 days' }).check();
  await expect(chartRows).toHaveCount(91);
  await expect(
    page
      .getByRole('list', { name: 'Totals of the last 90 days' })
      .getByRole('listitem')
      .filter({ hasText: 'Total interactions' }),
  ).toContainText('6');
  // the 12 months are Business's: shown locked with the plan's name, leading to the plan picker
  const locked = page.getByRole('link', { name: '12 months Business (upgrade to choose it)' });
  await expect(locked).toHaveAttribute('href', /\/billing\?/);
  await expect(page.getByRole('link', { name: 'Upgrade to Business' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sources (utm_source)' })).toHaveCount(0);

  // one click downloads the range's events: their counts add up to the cards
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tapcard-events-.*\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe(
    'time_utc,type,item_kind,item_id,item_title,device,browser,referrer_host,country,outcome,count',
  );
  const counts = lines.slice(1).map((line) => Number(line.split(',').at(-1)));
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);

  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.getByRole('radio')).toHaveCount(3);
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const path = testInfo.outputPath(`analytics-pro-${device}-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`analytics (Pro), ${device}, ${language}`, { path, contentType: 'image/png' });
      await expectAccessible(page);
    }
  }
});

test('a Business account sees 12 months month by month and the campaigns its visits came from', async ({
  page,
}, testInfo) => {
  // activity made through the public pages, then every chart and table read: 33 s in CI
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInNewPerson(page);
  await buyPlan(page, 'business');
  await makeActivity(page, 'utm_source=Flyer&utm_medium=print&utm_campaign=Autumn%20Menu');
  await page.goto('/dashboard');

  // the 12 months: a point a month, today's month last, with the same totals as the cards
  await page.getByRole('radio', { name: '12 months' }).check();
  const cards = page.getByRole('list', { name: 'Totals of the last 12 months' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Total interactions' })).toContainText('6');
  await expect(cards.getByText('New: none in the same months a year before').first()).toBeAttached();
  const overview = page.getByRole('region', { name: 'Activity overview' });
  await expect(overview.getByText(/Busiest month: .*, with 6 interactions\./)).toBeVisible();
  const months = overview.getByRole('table', { name: 'Activity per month' }).getByRole('row');
  await expect(months).toHaveCount(13);
  await expect(months.last().getByRole('cell')).toHaveText(['3', '1', '2', '0']);
  await expect(overview.locator('.recharts-line-dot')).toHaveCount(4 * 12);
  const visitors = page.getByRole('table', { name: 'Unique visitors per month' }).getByRole('row');
  await expect(visitors).toHaveCount(13);

  // the campaigns of the scans; the clicks and the view carried none
  const sources = page.getByRole('region', { name: 'Sources (utm_source)' });
  await expect(sources.getByRole('listitem')).toHaveText(['Not tagged3', 'flyer3']);
  await expect(page.getByRole('region', { name: 'Campaigns (utm_campaign)' })).toContainText('autumn menu');
  await expect(page.getByRole('link', { name: /Upgrade to Business/ })).toHaveCount(0);

  for (const language of ['en', 'es'] as const) {
    await callTrpc(page, 'profile.setLanguage', { language });
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await page.getByRole('radio', { name: language === 'en' ? '12 months' : '12 meses' }).check();
      await expect(page.locator('.recharts-line-dot')).toHaveCount(4 * 12);
      await expect(
        page.getByRole('region', { name: language === 'en' ? 'Media (utm_medium)' : 'Medios (utm_medium)' }),
      ).toContainText('print');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const path = testInfo.outputPath(`analytics-business-${device}-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`analytics (Business, 12 months), ${device}, ${language}`, {
        path,
        contentType: 'image/png',
      });
      await expectAccessible(page);
    }
  }
});

test('a Free account keeps its 30 days and sees the upgrade prompt instead of ranges, breakdowns and CSV', async ({
  page,
}) => {
  await signedInNewPerson(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Totals of the last 30 days' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByText(/Choose 7, 30 or 90 days/)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  // the download itself is refused too, with nothing in it
  const csv = await page.request.get('/api/analytics/events.csv?range=30d&timeZone=UTC');
  expect(csv.status()).toBe(403);
  expect(await csv.json()).toMatchObject({ reason: 'plan_required' });
  await expectAccessible(page);
});
