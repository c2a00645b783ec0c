import {
  callTrpc,
  EMPTY_VCARD,
  expect,
  markDocument,
  openWithLiveStream,
  signedInNewPerson,
  test,
} from './support.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Live updates: an open dashboard tab follows changes made elsewhere, without a reload.

const LIVE_STREAM = '**/api/trpc/live.changes**';

test('a vCard created in one tab appears in the other open tab', async ({ page, context }) => {
  await signedInNewPerson(page);
  const other = await context.newPage();
  const otherErrors: string[] = [];
  other.on('pageerror', (error) => otherErrors.push(error.message));

  await openWithLiveStream(other, '/dashboard/vcards');
  await expect(other.getByRole('heading', { name: 'No vCards yet' })).toBeVisible();
  await markDocument(other);

  await page.goto('/dashboard/vcards');
  await page.getByRole('button', { name: 'Create your first vCard' }).click();
  const create = page.getByRole('dialog', { name: 'Create vCard' });
  await create.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await create.getByLabel('Company').fill('Eckert-Mauchly');
  await create.getByRole('button', { name: 'Create vCard' }).click();
  await expect(page.getByText('vCard created successfully', { exact: true })).toBeVisible();

  const card = other.getByRole('article', { name: 'Grace Hopper' });
  await expect(card).toBeVisible();
  await expect(other.getByRole('heading', { name: 'No vCards yet' })).toBeHidden();
  await expect(other.getByText('1 of 1 vCards')).toBeVisible();
  await expect(other.locator('html[data-not-reloaded]')).toHaveCount(1);

  // and a deletion the same way
  await page.getByRole('article', { name: 'Grace Hopper' }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this vCard?' })
    .getByRole('button', { name: 'Delete vCard' })
    .click();
  await expect(card).toBeHidden();
  await expect(other.getByRole('heading', { name: 'No vCards yet' })).toBeVisible();
  await expect(other.locator('html[data-not-reloaded]')).toHaveCount(1);
  expect(otherErrors).toEqual([]);
});

test('the dashboard loads its data once: the live stream opening does not load it again', async ({
  page,
}) => {
  await signedInNewPerson(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
    if (match?.[1] && request.method() === 'GET') calls.push(...match[1].split(','));
  });
  await openWithLiveStream(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Activity overview' })).toBeVisible();

  // a change the stream reports ('cards') makes the profile and the plan load again, not the analytics; it arrives
  // after the stream's opening, so a reload of everything at that opening would have been sent by now
  const reloaded = Promise.all(
    ['profile.me', 'billing.status'].map((procedure) =>
      page.waitForRequest((request) => request.url().includes(procedure)),
    ),
  );
  await callTrpc(page, 'vcards.create', { ...EMPTY_VCARD, name: 'Grace Hopper' });
  await reloaded;
  const count = (procedure: string) => calls.filter((call) => call === procedure).length;
  expect(count('analytics.overview')).toBe(1);
  expect(count('billing.status')).toBe(2);
  expect(count('profile.me')).toBe(2);
});

test('a stream refused by the server (or a proxy) is retried, silently and less and less often', async ({
  page,
}) => {
  await signedInNewPerson(page);
  const attempts: number[] = [];
  await page.route(LIVE_STREAM, async (route) => {
    attempts.push(Date.now());
    if (attempts.length <= 3) await route.fulfill({ status: 502, body: 'Bad Gateway' });
    else await route.continue();
  });
  await openWithLiveStream(page, '/dashboard/vcards');
  await expect(page.getByRole('heading', { name: 'No vCards yet' })).toBeVisible();
  expect(attempts).toHaveLength(4);
  const waits = attempts.slice(1).map((at, index) => at - (attempts[index] ?? at));
  // about 1 s, 2 s, then 4 s
  expect(waits[0]).toBeGreaterThanOrEqual(900);
  expect(waits[1]).toBeGreaterThanOrEqual(1_800);
  expect(waits[2]).toBeGreaterThanOrEqual(3_600);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0);

  // and once open, it works
  const response = await page.request.post('/api/trpc/vcards.create', {
    data: { json: { ...EMPTY_VCARD, name: 'Grace Hopper' } },
    headers: { origin: String(test.info().project.use.baseURL) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await expect(page.getByRole('article', { name: 'Grace Hopper' })).toBeVisible();
});

test('a scan of a QR code makes its count and the analytics rise in open dashboard tabs', async ({
  page,
  context,
  browser,
}) => {
  await signedInNewPerson(page);
  const origin = String(test.info().project.use.baseURL);
  const created = await page.request.post('/api/trpc/links.createQrCode', {
    data: { json: { title: 'Summer menu', url: `${origin}/terms`, icon: '' } },
    headers: { origin },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { qrUrl } = ((await created.json()) as { result: { data: { json: { qrUrl: string } } } }).result.data
    .json;

  const analytics = await context.newPage();
  await openWithLiveStream(page, '/dashboard/qr-codes');
  await openWithLiveStream(analytics, '/dashboard');
  const card = page.getByRole('article', { name: 'Summer menu' });
  await expect(card.getByText('0 scans')).toBeVisible();
  const scans = analytics.getByRole('listitem').filter({ hasText: 'QR scans' }).locator('p.text-3xl');
  await expect(scans).toHaveText('0');
  await markDocument(page);
  await markDocument(analytics);

  // someone scans the printed code with their phone: a browser of its own, not signed in, with a phone's
  // user agent (Playwright's headless Chromium names itself HeadlessChrome and is not counted)
  const phone = await browser.newContext({ userAgent: IPHONE_SAFARI });
  const scanner = await phone.newPage();
  await scanner.goto(qrUrl);
  await expect(scanner).toHaveURL(`${origin}/terms`);
  await phone.close();

  await expect(card.getByText('1 scan', { exact: true })).toBeVisible();
  await expect(scans).toHaveText('1');
  await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
  await expect(analytics.locator('html[data-not-reloaded]')).toHaveCount(1);
});
